import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { logout } from '../api';
import { signOutLocally } from '../account/app-session';
import { showsClientsOverview } from '../account/guard';
import { useSession } from '../account/useSession';
import { Logo } from './Logo';
import styles from './TopBar.module.css';
import { UserLanguageSelect } from './UserLanguageSelect';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => p?.charAt(0).toUpperCase() ?? '').join('');
}

export function TopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useSession();
  const { user } = state;
  const [leaving, setLeaving] = useState(false);

  async function signOut() {
    setLeaving(true);
    try {
      await logout();
    } catch {
      // Signing out here must not depend on the server: the local session is cleared regardless.
    }
    signOutLocally();
    await navigate('/login', { replace: true });
  }

  return (
    <header className={styles.bar}>
      <Link to="/" className={styles.home} aria-label={t('nav.home')}>
        <Logo />
      </Link>
      <nav className={styles.nav}>
        {showsClientsOverview(state) && (
          <Link to="/clients" className={styles.navLink}>
            {t('nav.clients')}
          </Link>
        )}
      </nav>
      {user && (
        <div className={styles.account}>
          <span className={styles.user} title={t('nav.signedInAs', { name: user.name })}>
            {user.avatar_url ? (
              <img className={styles.avatar} src={user.avatar_url} alt="" />
            ) : (
              <span className={styles.avatar} aria-hidden="true">
                {initials(user.name || user.email)}
              </span>
            )}
            <span className={styles.name} data-testid="user-name">
              {user.name || user.email}
            </span>
          </span>
          <Link to="/settings" className={styles.navLink} data-testid="user-settings-link">
            {t('nav.settings')}
          </Link>
          <UserLanguageSelect user={user} />
          <button type="button" className={styles.logout} data-testid="logout" onClick={() => void signOut()} disabled={leaving}>
            {leaving ? t('nav.loggingOut') : t('nav.logout')}
          </button>
        </div>
      )}
    </header>
  );
}
