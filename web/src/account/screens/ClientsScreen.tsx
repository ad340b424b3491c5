import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { listClients, queryClient, queryKeys, updateClient, type Client } from '../../api';
import { currentLanguage } from '../../i18n';
import { formatDate } from '../../i18n/format';
import { Button } from '../../layout/Button';
import { Page } from '../../layout/Page';
import { EmptyState, ErrorState, LoadingRows } from '../../layout/States';
import { toasts } from '../../layout/toasts';
import { clientActions, sortClients } from '../clientActions';
import { mapOverviewPath } from '../guard';
import { useFailureText } from '../useFailureText';
import { useSession } from '../useSession';
import { AddClientForm } from './AddClientForm';
import { AskAccessDialog } from './AskAccessDialog';
import styles from './ClientsScreen.module.css';
import { DeactivateClientDialog } from './DeactivateClientDialog';
import { DeleteClientDialog } from './DeleteClientDialog';

type OpenDialog =
  { kind: 'deactivate'; client: Client } | { kind: 'delete'; client: Client } | { kind: 'askAccess'; client: Client } | null;

export default function ClientsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const failureText = useFailureText();
  const { user } = useSession();
  const isSuperuser = user?.is_superuser ?? false;
  const language = currentLanguage();
  const clients = useQuery({ queryKey: queryKeys.clients, queryFn: ({ signal }) => listClients(signal) });
  const [adding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function setActive(client: Client, active: boolean) {
    setBusy(client.name);
    try {
      const updated = await updateClient(client.name, { active });
      queryClient.setQueryData(queryKeys.clients, (list: { clients: Client[] } | undefined) =>
        list ? { clients: list.clients.map((c) => (c.name === client.name ? { ...c, ...updated } : c)) } : list,
      );
      toasts.success(t(active ? 'clients.reactivated' : 'clients.deactivated', { title: client.title }));
      setDialog(null);
    } catch (err) {
      toasts.error(
        t(active ? 'clients.reactivateFailed' : 'clients.deactivateFailed', {
          title: client.title,
          reason: failureText(err),
        }),
      );
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients });
    }
  }

  function body() {
    if (clients.isPending) return <LoadingRows />;
    if (clients.isError) {
      return (
        <ErrorState
          title={t('clients.loadFailed')}
          text={failureText(clients.error)}
          action={
            <Button variant="secondary" onClick={() => void clients.refetch()}>
              {t('errors.retry')}
            </Button>
          }
        />
      );
    }
    const list = sortClients(clients.data.clients, language);
    if (list.length === 0) {
      return (
        <EmptyState
          testId="clients-empty"
          title={isSuperuser ? t('clients.emptySuperuserTitle') : t('clients.emptyTitle')}
          text={isSuperuser ? t('clients.emptySuperuser') : t('clients.empty')}
        />
      );
    }
    return (
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="clients-table">
          <thead>
            <tr>
              <th scope="col">{t('clients.columns.client')}</th>
              <th scope="col" className={styles.number}>
                {t('clients.columns.maps')}
              </th>
              <th scope="col" className={styles.number}>
                {t('clients.columns.users')}
              </th>
              {!isSuperuser && <th scope="col">{t('clients.columns.role')}</th>}
              <th scope="col">{t('clients.columns.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('clients.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((client) => {
              const actions = clientActions(client, isSuperuser);
              return (
                <tr
                  key={client.name}
                  className={actions.open ? styles.openable : styles.inactive}
                  data-testid={`client-row-${client.name}`}
                  onClick={(event) => {
                    if (!actions.open) return;
                    if ((event.target as Element).closest('a, button')) return;
                    void navigate(mapOverviewPath(client.name));
                  }}
                >
                  <td>
                    <div className={styles.client}>
                      <span className={styles.initial} aria-hidden="true">
                        {(client.title || client.name).charAt(0).toUpperCase()}
                      </span>
                      <div className={styles.names}>
                        {actions.open ? (
                          <Link to={mapOverviewPath(client.name)} className={styles.title}>
                            {client.title}
                          </Link>
                        ) : (
                          <span className={styles.title}>{client.title}</span>
                        )}
                        {!client.active && !isSuperuser && (
                          <span className={styles.closedNote} data-testid="client-closed-note">
                            {t('clients.closedNote')}
                          </span>
                        )}
                        <span className={styles.meta}>
                          <code>{client.name}</code>
                          {client.created_at && (
                            <>
                              {' · '}
                              {t('clients.createdOn', { date: formatDate(client.created_at, language) })}
                            </>
                          )}
                        </span>
                      </div>
                    </div>
                  </td>
                  <td className={styles.number}>{client.maps_count}</td>
                  <td className={styles.number}>{client.users_count}</td>
                  {/* A superuser may do anything anywhere: a role column would only repeat it. */}
                  {!isSuperuser && <td>{client.role ? t(`roles.${client.role}`) : '—'}</td>}
                  <td>
                    <span className={[styles.status, client.active ? styles.active : styles.off].join(' ')}>
                      {client.active ? t('clients.status.active') : t('clients.status.deactivated')}
                    </span>
                  </td>
                  <td className={styles.actions}>
                    <div className={styles.actionButtons}>
                      {actions.askForAccess && (
                        <Button
                          size="small"
                          variant="secondary"
                          onClick={() => {
                            setDialog({ kind: 'askAccess', client });
                          }}
                        >
                          {t('clients.askAccess')}
                        </Button>
                      )}
                      {actions.deactivate && (
                        <Button
                          size="small"
                          variant="secondary"
                          busy={busy === client.name}
                          onClick={() => {
                            setDialog({ kind: 'deactivate', client });
                          }}
                        >
                          {t('clients.deactivate')}
                        </Button>
                      )}
                      {actions.reactivate && (
                        <Button size="small" variant="secondary" busy={busy === client.name} onClick={() => void setActive(client, true)}>
                          {t('clients.reactivate')}
                        </Button>
                      )}
                      {actions.deleteFinally && (
                        <Button
                          size="small"
                          variant="dangerOutline"
                          disabled={busy === client.name}
                          onClick={() => {
                            setDialog({ kind: 'delete', client });
                          }}
                        >
                          {t('clients.deleteFinally')}
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <Page
      title={t('clients.title')}
      subtitle={isSuperuser ? t('clients.subtitleSuperuser') : t('clients.subtitle')}
      actions={
        isSuperuser &&
        !adding && (
          <Button
            onClick={() => {
              setAdding(true);
            }}
          >
            <span aria-hidden="true">+</span> {t('clients.add')}
          </Button>
        )
      }
    >
      {adding && (
        <AddClientForm
          onDone={() => {
            setAdding(false);
          }}
        />
      )}
      {body()}
      {dialog?.kind === 'deactivate' && (
        <DeactivateClientDialog
          client={dialog.client}
          onConfirm={() => setActive(dialog.client, false)}
          onClose={() => {
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteClientDialog
          client={dialog.client}
          onClose={() => {
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'askAccess' && (
        <AskAccessDialog
          client={dialog.client}
          onClose={() => {
            setDialog(null);
          }}
        />
      )}
    </Page>
  );
}
