import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './BackToLogin.module.css';

export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Link to="/login" className={styles.link}>
      <span aria-hidden="true">←</span> {t('auth.backToLogin')}
    </Link>
  );
}
