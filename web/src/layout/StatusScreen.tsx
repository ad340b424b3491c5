import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { LogoMark } from './Logo';
import styles from './StatusScreen.module.css';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className={styles.screen} role="status" aria-live="polite">
      <LogoMark size={40} />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

export function ErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className={styles.screen} role="alert">
      <LogoMark size={40} />
      <h1 className={styles.title}>{t('error.title')}</h1>
      <p className={styles.body}>{t('error.body')}</p>
      <button
        type="button"
        className={styles.button}
        onClick={() => {
          window.location.reload();
        }}
      >
        {t('error.reload')}
      </button>
    </div>
  );
}
