import { useTranslation } from 'react-i18next';
import { removeMember, type MapSummary } from '../../../api';
import { Button } from '../../../layout/Button';
import { CLIENT_ROLES, isClientRole } from '../../forms';
import type { MemberRow } from '../../overview/clientSettings';
import styles from '../../overview/Account.module.css';
import { MapAccessCell } from './MapAccessCell';
import { useConfirmedRemoval } from './useConfirmedRemoval';
import { UserCell } from './UserCell';

interface MembersSectionProps {
  clientName: string;
  /** The members as edited here, saved together. */
  rows: MemberRow[];
  maps: MapSummary[];
  update: (row: number, change: Partial<MemberRow>) => void;
  /** Why saving was refused, shown under the table. */
  blocked: 'inviteFirst' | 'nothing' | null;
  saving: boolean;
  onSave: () => void;
}

/** The members' table: role, premium seat, support consent and map access of each, and removal. */
export function MembersSection({ clientName, rows, maps, update, blocked, saving, onSave }: MembersSectionProps) {
  const { t } = useTranslation();
  const removal = useConfirmedRemoval(clientName, 'clientSettings', removeMember);
  return (
    <>
      <section className={styles.section} style={{ maxWidth: 'none' }} data-testid="members-section">
        <h2 className={styles.sectionTitle}>{t('clientSettings.usersHeading')}</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('clientSettings.columns.user')}</th>
              <th>{t('clientSettings.columns.role')}</th>
              <th>{t('clientSettings.columns.premium')}</th>
              <th>{t('clientSettings.columns.support')}</th>
              <th>{t('clientSettings.columns.maps')}</th>
              <th>
                <span className="visually-hidden">{t('clientSettings.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={row.member.id} data-testid="member-row" data-email={row.member.email}>
                <UserCell user={row.member} />
                <td>
                  <select
                    aria-label={t('clientSettings.roleOf', { email: row.member.email })}
                    value={row.role}
                    onChange={(e) => {
                      if (isClientRole(e.target.value)) update(i, { role: e.target.value });
                    }}
                  >
                    {CLIENT_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {t(`roles.${r}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('clientSettings.premiumOf', { email: row.member.email })}
                    checked={row.premium}
                    onChange={(e) => {
                      update(i, { premium: e.target.checked });
                    }}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('clientSettings.supportOf', { email: row.member.email })}
                    checked={row.supportConsent}
                    onChange={(e) => {
                      update(i, { supportConsent: e.target.checked });
                    }}
                  />
                </td>
                <td>
                  <MapAccessCell
                    row={row}
                    maps={maps}
                    onChange={(changed) => {
                      update(i, { mapAccess: changed.mapAccess });
                    }}
                  />
                </td>
                <td>
                  <Button
                    size="small"
                    variant="dangerOutline"
                    onClick={() => {
                      removal.ask(row.member);
                    }}
                  >
                    {t('clientSettings.remove')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {blocked && (
          <p className={styles.blocker} role="alert" data-testid="save-blocked">
            {t(`clientSettings.blocked.${blocked}`)}
          </p>
        )}
        <div>
          <Button
            busy={saving}
            onClick={() => {
              onSave();
            }}
            data-testid="save-users"
          >
            {t('clientSettings.saveUsers')}
          </Button>
        </div>
      </section>
      {removal.dialog}
    </>
  );
}
