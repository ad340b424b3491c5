import { useTranslation } from 'react-i18next';
import styles from './Logo.module.css';

interface LogoProps {
  size?: 'medium' | 'large';
}

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg className={styles.mark} width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1d3b5c" />
      <path d="M16 25.5 6 21l2.6-1.2L16 23.1l7.4-3.3L26 21z" fill="#4b86c2" />
      <path d="M16 21.5 6 17l2.6-1.2L16 19.1l7.4-3.3L26 17z" fill="#7fb2e5" />
      <path d="M16 17.5 6 13l10-4.5L26 13z" fill="#fff" />
    </svg>
  );
}

export function Logo({ size = 'medium' }: LogoProps) {
  const { t } = useTranslation();
  return (
    <span className={[styles.logo, styles[size]].join(' ')}>
      <LogoMark size={size === 'large' ? 40 : 30} />
      <span className={styles.word}>{t('app.name')}</span>
    </span>
  );
}
