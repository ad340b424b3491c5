import { useTranslation } from 'react-i18next';
import { removeReader, type ClientReader } from '../../../api';
import { currentLanguage } from '../../../i18n';
import { formatDate } from '../../../i18n/format';
import { Button } from '../../../layout/Button';
import styles from '../../overview/Account.module.css';
import { useConfirmedRemoval } from './useConfirmedRemoval';
import { UserCell } from './UserCell';

/** The readers who registered at the client's partial maps: each holds an active-reader seat until removed. */
export function ReaderList({ clientName, readers }: { clientName: string; readers: ClientReader[] }) {
  const { t } = useTranslation();
  const removal = useConfirmedRemoval(clientName, 'clientSettings.readers', removeReader);
  const language = currentLanguage();

  return (
    <section className={styles.section} style={{ maxWidth: 'none' }} data-testid="readers-section">
      <h2 className={styles.sectionTitle}>{t('clientSettings.readers.heading')}</h2>
      <p className={styles.hint}>{t('clientSettings.readers.hint')}</p>
      {readers.length === 0 ? (
        <p className={styles.meta}>{t('clientSettings.readers.none')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('clientSettings.columns.user')}</th>
              <th>{t('clientSettings.readers.since')}</th>
              <th>
                <span className="visually-hidden">{t('clientSettings.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {readers.map((r) => (
              <tr key={r.id} data-testid="reader-row" data-email={r.email}>
                <UserCell user={r} />
                <td>{formatDate(r.since, language)}</td>
                <td>
                  <Button
                    size="small"
                    variant="dangerOutline"
                    onClick={() => {
                      removal.ask(r);
                    }}
                  >
                    {t('clientSettings.remove')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {removal.dialog}
    </section>
  );
}
