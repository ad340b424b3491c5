import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './States.module.css';

interface StateProps {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  testId?: string;
}

/** What a list shows when there is nothing in it, or nothing to show. */
export function EmptyState({ title, text, action, testId }: StateProps) {
  return (
    <section className={styles.state} data-testid={testId}>
      <h2 className={styles.title}>{title}</h2>
      {text && <p className={styles.text}>{text}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </section>
  );
}

/** A load that failed, with a way to try again. */
export function ErrorState({ title, text, action, testId }: StateProps) {
  return (
    <section className={[styles.state, styles.error].join(' ')} role="alert" data-testid={testId}>
      <h2 className={styles.title}>{title}</h2>
      {text && <p className={styles.text}>{text}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </section>
  );
}

/** Placeholder rows while a list loads. */
export function LoadingRows({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className="visually-hidden">{t('app.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.bar} aria-hidden="true" />
      ))}
    </div>
  );
}
