import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorIcon, MailIcon, SuccessIcon } from '../layout/Icons';
import { Logo } from '../layout/Logo';
import { LanguageSelect } from './LanguageSelect';
import styles from './AuthLayout.module.css';

export type AuthIcon = 'success' | 'error' | 'mail';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** A symbol above the title, for the notices that end a flow. */
  icon?: AuthIcon;
  children?: ReactNode;
}

const icons = { success: SuccessIcon, error: ErrorIcon, mail: MailIcon };

/** The centred card shared by the open pages: login, password reset, registration, decline. */
export function AuthLayout({ title, subtitle, icon, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  const Icon = icon ? icons[icon] : null;
  return (
    <div className={styles.page}>
      <main className={styles.main}>
        <div className={styles.brand}>
          <Logo size="large" />
          <p className={styles.tagline}>{t('app.tagline')}</p>
        </div>
        <section className={styles.card} aria-labelledby="auth-title">
          <header className={styles.header}>
            {Icon && icon && (
              <span className={[styles.icon, styles[icon]].join(' ')} data-testid={`notice-${icon}`}>
                <Icon />
              </span>
            )}
            <h1 id="auth-title" className={styles.title}>
              {title}
            </h1>
            {subtitle && <div className={styles.subtitle}>{subtitle}</div>}
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
