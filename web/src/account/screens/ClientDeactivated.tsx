import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../layout/Button';
import { Page } from '../../layout/Page';
import { CLIENTS_PATH } from '../guard';
import { hasRole, type Role } from '../roles';
import styles from './ClientDeactivated.module.css';

interface ClientDeactivatedProps {
  /** The client's title, or its name while the title is unknown. */
  title: string;
  /** The user's role in the client: its admins are told to ask support, the others their admin. */
  role: Role | null;
  /** The user may go to the clients overview (a member of other clients). */
  toClients: boolean;
}

/**
 * What a member of a deactivated client sees instead of its map overview: what happened, that
 * nothing is lost, and whom to ask. The server refuses them every call of the client meanwhile.
 */
export function ClientDeactivated({ title, role, toClients }: ClientDeactivatedProps) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      <section className={styles.notice} role="alert" aria-labelledby="client-deactivated-title" data-testid="client-deactivated">
        <span className={styles.icon} aria-hidden="true">
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="12" cy="12" r="9" />
            <path d="M9 9.5v5M15 9.5v5" />
          </svg>
        </span>
        <div className={styles.body}>
          <h2 id="client-deactivated-title" className={styles.title}>
            {t('clientDeactivated.heading', { title })}
          </h2>
          <p className={styles.text}>{t('clientDeactivated.what')}</p>
          <p className={styles.text}>{t('clientDeactivated.nothingLost')}</p>
          <p className={styles.ask}>
            {hasRole(role, 'admin') ? t('clientDeactivated.askSupport', { title }) : t('clientDeactivated.askAdmin', { title })}
          </p>
          {toClients && (
            <div className={styles.actions}>
              <ButtonLink to={CLIENTS_PATH} variant="secondary">
                {t('clientDeactivated.toClients')}
              </ButtonLink>
            </div>
          )}
        </div>
      </section>
    </Page>
  );
}
