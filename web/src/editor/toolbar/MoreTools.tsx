import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Toolbar.module.css';

/** The toolbar's parts that did not fit, behind a "More" button, in their order on the bar. */
export function MoreTools({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    // A press outside closes it, as a menu does; presses inside act on the tools it holds.
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as globalThis.Node)) setOpen(false);
    };
    window.addEventListener('pointerdown', onDown);
    return () => {
      window.removeEventListener('pointerdown', onDown);
    };
  }, [open]);
  return (
    <div
      className={styles.more}
      ref={root}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.stopPropagation();
        setOpen(false);
        root.current?.querySelector('button')?.focus();
      }}
    >
      <button
        type="button"
        className={styles.moreButton}
        aria-expanded={open}
        aria-label={t('editor.toolbar.more')}
        title={t('editor.toolbar.more')}
        data-testid="toolbar-more"
        onClick={() => {
          setOpen((v) => !v);
        }}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="5" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="19" cy="12" r="2" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <div className={styles.panel} role="group" aria-label={t('editor.toolbar.more')} data-testid="toolbar-more-panel">
          {children}
        </div>
      )}
    </div>
  );
}
