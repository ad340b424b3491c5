import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../layout/Button';
import styles from './Reader.module.css';

interface ReaderPanelProps {
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A panel of the reader's map (about, glossary, contents…) floating over the map's side; a sheet
 * over the lower part on a phone. It takes the focus; Escape (wherever the focus is) or its
 * close button closes it.
 */
export function ReaderPanel({ title, testId, onClose, children }: ReaderPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);

  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    // The panel's own focus target (an entry asked for) may have taken it already.
    if (!ref.current?.contains(document.activeElement)) ref.current?.focus();
    // Escape closes the panel wherever the focus is, before the node's popup behind it: caught
    // on the way down, it goes no further.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      closeRef.current();
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
    };
  }, []);

  return (
    <section ref={ref} className={styles.panel} role="dialog" aria-labelledby={headingId} tabIndex={-1} data-testid={testId}>
      <header className={styles.panelHeader}>
        <h2 id={headingId}>{title}</h2>
        <Button size="small" variant="ghost" onClick={onClose} aria-label={t('reader.close')}>
          ×
        </Button>
      </header>
      <div className={styles.panelBody}>{children}</div>
    </section>
  );
}
