import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { revokeInvitation, type OpenInvitation } from '../../../api';
import { currentLanguage } from '../../../i18n';
import { formatDate } from '../../../i18n/format';
import { Button } from '../../../layout/Button';
import { SelectField, TextField } from '../../../layout/Form';
import { CLIENT_ROLES, isClientRole } from '../../forms';
import type { PendingInvite } from '../../overview/clientSettings';
import styles from '../../overview/Account.module.css';
import { useConfirmedRemoval } from './useConfirmedRemoval';

interface InviteSectionProps {
  clientName: string;
  /** The rows of addresses to invite, each sent on its own. */
  pending: PendingInvite[];
  setPending: Dispatch<SetStateAction<PendingInvite[]>>;
  /** The row whose invitation is being sent. */
  inviting: number | null;
  onInvite: (row: number) => void;
  invitations: OpenInvitation[];
}

/** Inviting people by address and role, and the open invitations, each of which may be revoked. */
export function InviteSection({ clientName, pending, setPending, inviting, onInvite, invitations }: InviteSectionProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const revocation = useConfirmedRemoval(clientName, 'clientSettings.invitations', revokeInvitation);
  return (
    <section className={styles.section} style={{ maxWidth: 'none' }} data-testid="invite-section">
      <h2 className={styles.sectionTitle}>{t('clientSettings.inviteHeading')}</h2>
      <p className={styles.hint}>{t('clientSettings.inviteHint')}</p>
      {pending.map((p, i) => (
        <div key={i} className={styles.inviteRow} data-testid="invite-row">
          <TextField
            label={t('login.email')}
            type="email"
            name={`invite-email-${i}`}
            value={p.email}
            onValueChange={(email) => {
              setPending((ps) => ps.map((x, j) => (j === i ? { ...x, email } : x)));
            }}
          />
          <SelectField
            label={t('invite.role')}
            name={`invite-role-${i}`}
            value={p.role}
            onValueChange={(role) => {
              if (isClientRole(role)) setPending((ps) => ps.map((x, j) => (j === i ? { ...x, role } : x)));
            }}
            options={CLIENT_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          />
          <Button
            busy={inviting === i}
            onClick={() => {
              onInvite(i);
            }}
          >
            {t('invite.send')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setPending((ps) => ps.filter((_, j) => j !== i));
            }}
            aria-label={t('clientSettings.discardRow')}
          >
            ×
          </Button>
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          size="small"
          onClick={() => {
            setPending((ps) => [...ps, { email: '', role: 'editor' }]);
          }}
        >
          {t('clientSettings.addUser')}
        </Button>
      </div>
      {invitations.length > 0 && (
        <>
          <h3 className={styles.sectionTitle}>{t('clientSettings.openInvitations')}</h3>
          <ul data-testid="open-invitations">
            {invitations.map((inv) => (
              <li key={inv.id} data-testid="open-invitation">
                {t('clientSettings.invitationLine', {
                  email: inv.email,
                  role: t(`roles.${inv.role}`),
                  date: formatDate(inv.expires_at, language),
                })}{' '}
                <Button
                  size="small"
                  variant="dangerOutline"
                  data-testid="revoke-invitation"
                  onClick={() => {
                    revocation.ask(inv);
                  }}
                >
                  {t('clientSettings.invitations.revoke')}
                </Button>
              </li>
            ))}
          </ul>
          {revocation.dialog}
        </>
      )}
    </section>
  );
}
