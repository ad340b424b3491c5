import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../layout/Logo';
import { LanguageSelect } from './LanguageSelect';
import styles from './AuthLayout.module.css';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}

/** The centred card shared by the open pages: login, password reset, registration, decline. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <main className={styles.main}>
        <div className={styles.brand}>
          <Logo size="large" />
          <p className={styles.tagline}>{t('app.tagline')}</p>
        </div>
        <section className={styles.card} aria-labelledby="auth-title">
          <header className={styles.header}>
            <h1 id="auth-title" className={styles.title}>
              {title}
            </h1>
            {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          </header>
          {children}
        </section>
      </main>
      <footer className={styles.footer}>
        <nav className={styles.legal} aria-label={t('legal.label')}>
          <a href="/terms">{t('legal.terms')}</a>
          <span aria-hidden="true">·</span>
          <a href="/privacy">{t('legal.privacy')}</a>
        </nav>
        <LanguageSelect />
      </footer>
    </div>
  );
}
