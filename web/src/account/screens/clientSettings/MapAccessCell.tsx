// A member's per-map accesses in user management: for each map of the client, "As the role allows"
// (no access set: the role decides, shown with what it gives) or an access that lowers or raises it.
// Every option has effect for every role: a guest given "Read and edit" edits that map.
import { useTranslation } from 'react-i18next';
import type { MapAccess, MapSummary } from '../../../api';
import { defaultAccess, withMapAccess, type MemberRow } from '../../overview/clientSettings';
import styles from '../../overview/Account.module.css';

const ACCESSES = ['none', 'read', 'edit'] as const;

function isAccess(value: string): value is MapAccess {
  return (ACCESSES as readonly string[]).includes(value);
}

export function MapAccessCell({
  row,
  maps,
  onChange,
}: {
  row: MemberRow;
  maps: readonly MapSummary[];
  onChange: (row: MemberRow) => void;
}) {
  const { t } = useTranslation();
  const byRole = t(`clientSettings.access.${defaultAccess(row.role)}`);
  return (
    <details data-testid="member-map-access">
      <summary>{t('clientSettings.mapAccessSummary', { n: Object.keys(row.mapAccess).length })}</summary>
      <p className={styles.hint}>{t('clientSettings.mapAccessHint')}</p>
      {maps.map((m) => (
        <label key={m.id} className={styles.check}>
          <select
            aria-label={t('clientSettings.accessOf', { email: row.member.email, map: m.name })}
            value={row.mapAccess[String(m.id)] ?? ''}
            onChange={(e) => {
              const value = e.target.value;
              if (value === '' || isAccess(value)) onChange(withMapAccess(row, String(m.id), value));
            }}
          >
            <option value="">{t('clientSettings.access.defaultIs', { access: byRole })}</option>
            {ACCESSES.map((a) => (
              <option key={a} value={a}>
                {t(`clientSettings.access.${a}`)}
              </option>
            ))}
          </select>
          <span>{m.name}</span>
        </label>
      ))}
    </details>
  );
}
