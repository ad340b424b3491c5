import type { ReactNode } from 'react';
import styles from './Page.module.css';

interface PageProps {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}

export function Page({ title, subtitle, children }: PageProps) {
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </header>
      {children}
    </main>
  );
}
