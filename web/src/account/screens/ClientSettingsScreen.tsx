import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { listClients, queryKeys } from '../../api';
import { ButtonLink } from '../../layout/Button';
import { Page } from '../../layout/Page';
import styles from '../overview/Account.module.css';
import { GeneralTab } from './clientSettings/GeneralTab';
import { UsersTab } from './clientSettings/UsersTab';

type Tab = 'general' | 'users';

/** Client settings for admins: the general account fields and user management. */
export default function ClientSettingsScreen() {
  const { t } = useTranslation();
  const { clientName = '' } = useParams();
  const [tab, setTab] = useState<Tab>('general');
  const clients = useQuery({ queryKey: queryKeys.clients, queryFn: ({ signal }) => listClients(signal) });
  const title = clients.data?.clients.find((c) => c.name === clientName)?.title ?? clientName;
  return (
    <Page
      title={t('clientSettings.title', { client: title })}
      actions={
        <ButtonLink to={`/clients/${encodeURIComponent(clientName)}`} variant="secondary">
          {t('clientSettings.back')}
        </ButtonLink>
      }
    >
      <div className={styles.tabs} role="tablist">
        {(['general', 'users'] as const).map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab === x}
            onClick={() => {
              setTab(x);
            }}
          >
            {t(`clientSettings.tabs.${x}`)}
          </button>
        ))}
      </div>
      {tab === 'general' ? <GeneralTab clientName={clientName} /> : <UsersTab clientName={clientName} />}
    </Page>
  );
}
