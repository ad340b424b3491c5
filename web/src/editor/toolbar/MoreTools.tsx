import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Toolbar.module.css';
import { usePopover } from './usePopover';

/** The toolbar's parts that did not fit, behind a "More" button, in their order on the bar. */
export function MoreTools({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { open, toggle, root, onKeyDown } = usePopover();
  return (
    <div className={styles.more} ref={root} onKeyDown={onKeyDown}>
      <button
        type="button"
        className={styles.moreButton}
        aria-expanded={open}
        aria-label={t('editor.toolbar.more')}
        title={t('editor.toolbar.more')}
        data-testid="toolbar-more"
        onClick={toggle}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="5" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="19" cy="12" r="2" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <div
          className={styles.panel}
          role="group"
          aria-label={t('editor.toolbar.more')}
          data-testid="toolbar-more-panel"
          data-roving-skip=""
        >
          {children}
        </div>
      )}
    </div>
  );
}
