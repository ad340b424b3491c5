import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mapOverviewPath } from '../guard';
import { parseClientRoles, pickRole } from '../roles';
import { useSession } from '../useSession';
import { Page } from '../../layout/Page';
import styles from './ClientsScreen.module.css';

export default function ClientsScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const memberships = user ? parseClientRoles(user.client_roles) : [];

  return (
    <Page title={t('clients.title')} subtitle={t('clients.subtitle')}>
      {memberships.length === 0 ? (
        <p className={styles.empty}>{t('clients.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {memberships.map(({ client, roles }) => {
            const role = user?.is_superuser ? 'superuser' : pickRole(roles);
            return (
              <li key={client}>
                <Link
                  to={mapOverviewPath(client)}
                  className={styles.card}
                  aria-label={t('clients.open', { name: client })}
                >
                  <span className={styles.initial} aria-hidden="true">
                    {client.charAt(0).toUpperCase()}
                  </span>
                  <span className={styles.name}>{client}</span>
                  {role && <span className={styles.role}>{t(`roles.${role}`)}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Page>
  );
}
