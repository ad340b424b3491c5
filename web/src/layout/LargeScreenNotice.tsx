import { useTranslation } from 'react-i18next';
import { LogoMark } from './Logo';
import styles from './LargeScreenNotice.module.css';

export function LargeScreenNotice() {
  const { t } = useTranslation();
  return (
    <main className={styles.notice} data-testid="large-screen-notice">
      <div className={styles.panel}>
        <LogoMark size={48} />
        <svg className={styles.illustration} viewBox="0 0 120 72" aria-hidden="true" focusable="false">
          <rect x="4" y="6" width="86" height="56" rx="6" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M34 68h26" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          <rect x="96" y="22" width="20" height="36" rx="4" fill="none" stroke="currentColor" strokeWidth="3" opacity="0.45" />
          <path
            d="M26 24 16 34l10 10M68 24l10 10-10 10"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h1 className={styles.title}>{t('largeScreen.title')}</h1>
        <p className={styles.body}>{t('largeScreen.body')}</p>
        <p className={styles.hint}>{t('largeScreen.hint')}</p>
      </div>
    </main>
  );
}
