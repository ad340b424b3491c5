import type { ReactNode } from 'react';
import styles from './Page.module.css';

interface PageProps {
  title: string;
  subtitle?: ReactNode;
  /** Buttons at the right of the heading. */
  actions?: ReactNode;
  children?: ReactNode;
}

export function Page({ title, subtitle, actions, children }: PageProps) {
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      {children}
    </main>
  );
}
