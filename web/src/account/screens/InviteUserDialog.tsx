import { useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { inviteUser, queryClient, queryKeys, type ClientRole } from '../../api';
import { Button } from '../../layout/Button';
import { Dialog, DialogActions } from '../../layout/Dialog';
import dialogStyles from '../../layout/Dialog.module.css';
import { FormAlert, SelectField, TextField } from '../../layout/Form';
import { focusFirstProblem } from '../../layout/focus';
import { toasts } from '../../layout/toasts';
import { CLIENT_ROLES, INVITE_FIELDS, isClientRole, validateInvite, type InviteField } from '../forms';
import { hasProblems, serverProblems, type FieldProblems } from '../problems';
import { QuotaLines } from '../overview/Dialogs';
import { quotaText, type QuotaText } from '../overview/overview';
import { useFailureText } from '../useFailureText';

interface InviteUserDialogProps {
  clientName: string;
  clientTitle: string;
  onClose: () => void;
}

/** An admin invites an address to the client: mailed a link, or added at once if it has an account. */
export function InviteUserDialog({ clientName, clientTitle, onClose }: InviteUserDialogProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ClientRole>('editor');
  const [problems, setProblems] = useState<FieldProblems<InviteField>>({});
  const [sending, setSending] = useState(false);
  const [quota, setQuota] = useState<QuotaText | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = validateInvite(email, role);
    setProblems(found);
    if (hasProblems(found)) {
      focusFirstProblem(form.current);
      return;
    }
    setSending(true);
    setQuota(null);
    try {
      const result = await inviteUser(clientName, { email: email.trim(), role });
      const values = { email: result.email, role: t(`roles.${result.role}`), client: clientTitle };
      toasts.success(result.has_account ? t('invite.sentToAccount', values) : t('invite.sent', values));
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients });
      onClose();
    } catch (err) {
      const fromServer = serverProblems(err, INVITE_FIELDS);
      const refused = quotaText(err, true);
      if (refused) {
        setQuota(refused); // the seats are full: told in the dialog, with what frees one
      } else if (hasProblems(fromServer.problems)) {
        setProblems(fromServer.problems);
        focusFirstProblem(form.current);
      } else {
        toasts.error(t('invite.failed', { reason: failureText(err) }));
      }
      setSending(false);
    }
  }

  return (
    <Dialog title={t('invite.title', { client: clientTitle })} onClose={sending ? () => undefined : onClose} testId="invite-dialog">
      <form ref={form} className={dialogStyles.form} onSubmit={(e) => void submit(e)} noValidate>
        <p className={dialogStyles.text}>{t('invite.body')}</p>
        {quota && (
          <FormAlert testId="invite-quota">
            <QuotaLines quota={quota} inAlert />
          </FormAlert>
        )}
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="off"
          placeholder={t('login.emailPlaceholder')}
          value={email}
          onValueChange={setEmail}
          problem={problems.email}
          autoFocus
        />
        <SelectField
          label={t('invite.role')}
          name="role"
          value={role}
          onValueChange={(value) => {
            if (isClientRole(value)) setRole(value);
          }}
          options={CLIENT_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          problem={problems.role}
          hint={t(`invite.roleHints.${role}`)}
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" busy={sending}>
            {sending ? t('invite.sending') : t('invite.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
