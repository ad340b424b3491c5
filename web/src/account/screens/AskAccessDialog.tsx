import { useId, useState, type SubmitEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { requestAccess, type Client } from '../../api';
import { Button } from '../../layout/Button';
import { Dialog, DialogActions } from '../../layout/Dialog';
import dialogStyles from '../../layout/Dialog.module.css';
import { TextAreaField } from '../../layout/Form';
import { toasts } from '../../layout/toasts';
import { useFailureText } from '../useFailureText';

const ACCESS_MESSAGE_MAX = 2000;

/**
 * A member below admin asks the client's administrators for more access (editing access to one map
 * when mapId is given), with an optional note; the request is stored and mailed.
 */
export function AskAccessDialog({ client, mapId, onClose }: { client: Client; mapId?: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const textId = useId();
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      await requestAccess(client.name, { message: message.trim(), ...(mapId === undefined ? {} : { map_id: mapId }) });
      toasts.success(t('askAccess.sent', { title: client.title }));
      onClose();
    } catch (err) {
      toasts.error(t('askAccess.failed', { reason: failureText(err) }));
      setSending(false);
    }
  }

  return (
    <Dialog
      title={t('askAccess.title', { title: client.title })}
      onClose={sending ? () => undefined : onClose}
      describedBy={textId}
      testId="ask-access-dialog"
    >
      <form className={dialogStyles.form} onSubmit={(e) => void submit(e)} noValidate>
        <p id={textId} className={dialogStyles.text}>
          <Trans
            i18nKey="askAccess.body"
            values={{ title: client.title, role: client.role ? t(`roles.${client.role}`) : '—' }}
            components={{ strong: <strong /> }}
          />
        </p>
        <TextAreaField
          label={t('askAccess.message')}
          optional
          name="message"
          value={message}
          onValueChange={setMessage}
          maxLength={ACCESS_MESSAGE_MAX}
          placeholder={t('askAccess.placeholder')}
          autoFocus
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" busy={sending}>
            {sending ? t('askAccess.sending') : t('askAccess.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
