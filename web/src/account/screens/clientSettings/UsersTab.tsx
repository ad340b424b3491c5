// The users tab of the client settings: invitations and members, the readers, and requests for access.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listAccessRequests, listClientMaps, listInvitations, listMembers, listReaders, queryKeys } from '../../../api';
import { currentLanguage } from '../../../i18n';
import { formatDate } from '../../../i18n/format';
import { ErrorState, LoadingRows } from '../../../layout/States';
import styles from '../../overview/Account.module.css';
import { useFailureText } from '../../useFailureText';
import { ReaderList } from './ReaderList';
import { UserManagement } from './UserManagement';

export function UsersTab({ clientName }: { clientName: string }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  // Members, invitations and readers are cached under one key, so that a change refreshes them together.
  const members = useQuery({ queryKey: queryKeys.clientMembers(clientName), queryFn: ({ signal }) => listMembers(clientName, signal) });
  const invitations = useQuery({
    queryKey: [...queryKeys.clientMembers(clientName), 'invitations'],
    queryFn: ({ signal }) => listInvitations(clientName, signal),
  });
  const readers = useQuery({
    queryKey: [...queryKeys.clientMembers(clientName), 'readers'],
    queryFn: ({ signal }) => listReaders(clientName, signal),
  });
  const maps = useQuery({ queryKey: queryKeys.clientMaps(clientName), queryFn: ({ signal }) => listClientMaps(clientName, signal) });
  const requests = useQuery({
    queryKey: [...queryKeys.clientMembers(clientName), 'accessRequests'],
    queryFn: ({ signal }) => listAccessRequests(clientName, signal),
  });
  const failed = [members, invitations, readers, maps].find((q) => q.isError);
  if (failed) return <ErrorState title={t('clientSettings.loadFailed')} text={failureText(failed.error)} />;
  if (!members.data || !invitations.data || !readers.data || !maps.data) return <LoadingRows rows={3} />;
  const language = currentLanguage();
  const mapName = (id: number | null) => (id === null ? null : (maps.data.find((m) => m.id === id)?.name ?? null));
  return (
    <>
      <UserManagement
        key={Math.max(members.dataUpdatedAt, invitations.dataUpdatedAt)}
        clientName={clientName}
        members={members.data}
        invitations={invitations.data.invitations}
        maps={maps.data}
      />
      <ReaderList clientName={clientName} readers={readers.data} />
      {requests.data && requests.data.length > 0 && (
        <section className={styles.section} style={{ maxWidth: 'none' }} data-testid="access-requests">
          <h2 className={styles.sectionTitle}>{t('clientSettings.requestsHeading')}</h2>
          <p className={styles.hint}>{t('clientSettings.requestsHint')}</p>
          <ul className={styles.requests}>
            {requests.data.map((r) => {
              const map = mapName(r.map_id);
              return (
                <li key={r.id}>
                  <strong>{r.user_name || r.user_email}</strong>{' '}
                  <span className={styles.meta}>
                    {map
                      ? t('clientSettings.requestForMap', { map, date: formatDate(r.created_at, language) })
                      : t('clientSettings.requestGeneral', { date: formatDate(r.created_at, language) })}
                  </span>
                  {r.message && <p className={styles.hint}>“{r.message}”</p>}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </>
  );
}
