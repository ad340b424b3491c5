import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, listClientMaps, listClients, queryKeys } from '../../api';
import { currentLanguage } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { Button, ButtonLink } from '../../layout/Button';
import { Page } from '../../layout/Page';
import { EmptyState, ErrorState, LoadingRows } from '../../layout/States';
import { editorPath } from '../guard';
import { hasRole } from '../roles';
import { useFailureText } from '../useFailureText';
import { useSession } from '../useSession';
import { AskAccessDialog } from './AskAccessDialog';
import { InviteUserDialog } from './InviteUserDialog';
import styles from './MapOverviewScreen.module.css';

export default function MapOverviewScreen() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const language = currentLanguage();
  const { clientName = '' } = useParams();
  const { role, clientName: activeClient } = useSession();
  const currentRole = activeClient === clientName ? role : null;
  const [dialog, setDialog] = useState<'invite' | 'askAccess' | null>(null);

  const maps = useQuery({
    queryKey: queryKeys.clientMaps(clientName),
    queryFn: ({ signal }) => listClientMaps(clientName, signal),
  });
  // The title comes from the clients list, which the overview of clients shares.
  const clients = useQuery({ queryKey: queryKeys.clients, queryFn: ({ signal }) => listClients(signal) });
  const client = clients.data?.clients.find((c) => c.name === clientName);

  if (maps.error instanceof ApiError && maps.error.status === 404) {
    return (
      <Page title={t('mapOverview.notFoundTitle')}>
        <ErrorState
          testId="client-not-found"
          title={t('mapOverview.notFoundHeading', { client: clientName })}
          text={t('mapOverview.notFoundBody')}
          action={
            <ButtonLink to="/" variant="secondary">
              {t('mapOverview.toStart')}
            </ButtonLink>
          }
        />
      </Page>
    );
  }

  const title = client?.title ?? (clients.isPending ? '' : clientName);
  const subtitle = [
    currentRole ? t('mapOverview.subtitle', { role: t(`roles.${currentRole}`) }) : t('mapOverview.noRole'),
    maps.data ? t('mapOverview.count', { n: maps.data.maps.length }) : null,
  ]
    .filter(Boolean)
    .join(' · ');

  function body() {
    if (maps.isPending) return <LoadingRows rows={2} />;
    if (maps.isError) {
      return (
        <ErrorState
          title={t('mapOverview.loadFailed')}
          text={failureText(maps.error)}
          action={
            <Button variant="secondary" onClick={() => void maps.refetch()}>
              {t('errors.retry')}
            </Button>
          }
        />
      );
    }
    if (maps.data.maps.length === 0) {
      return <EmptyState testId="maps-empty" title={t('mapOverview.emptyTitle')} text={t('mapOverview.empty')} />;
    }
    return (
      <ul className={styles.grid} data-testid="maps-list">
        {maps.data.maps.map((map) => (
          <li key={map.id}>
            <Link to={editorPath(map.id)} className={styles.card}>
              <span className={styles.preview} aria-hidden="true">
                <svg viewBox="-40 0 200 60" preserveAspectRatio="xMidYMid meet">
                  <path d="M22 40 48 18M48 18l34 14M82 32l18-16" stroke="currentColor" strokeWidth="1.6" opacity="0.5" />
                  <circle cx="22" cy="40" r="7" fill="currentColor" opacity="0.55" />
                  <circle cx="48" cy="18" r="9" fill="currentColor" />
                  <circle cx="82" cy="32" r="6" fill="currentColor" opacity="0.7" />
                  <circle cx="100" cy="16" r="4.5" fill="currentColor" opacity="0.45" />
                </svg>
              </span>
              <span className={styles.body}>
                <span className={styles.name}>{map.name}</span>
                {map.description && <span className={styles.description}>{map.description}</span>}
                <span className={styles.meta}>
                  <span>{t('mapOverview.edited', { date: formatDateTime(map.updated_at, language) })}</span>
                  <span>{t('mapOverview.revision', { revision: map.revision })}</span>
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Page
      title={title}
      subtitle={subtitle}
      actions={
        hasRole(currentRole, 'admin') ? (
          <Button
            onClick={() => {
              setDialog('invite');
            }}
          >
            {t('invite.open')}
          </Button>
        ) : (
          // Below admin: the way to more rights, for users who never see the clients overview too.
          client?.role &&
          client.active && (
            <Button
              variant="secondary"
              onClick={() => {
                setDialog('askAccess');
              }}
            >
              {t('clients.askAccess')}
            </Button>
          )
        )
      }
    >
      {body()}
      {dialog === 'invite' && (
        <InviteUserDialog
          clientName={clientName}
          clientTitle={title || clientName}
          onClose={() => {
            setDialog(null);
          }}
        />
      )}
      {dialog === 'askAccess' && client && (
        <AskAccessDialog
          client={client}
          onClose={() => {
            setDialog(null);
          }}
        />
      )}
    </Page>
  );
}
