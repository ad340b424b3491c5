import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Dialog.module.css';
import { useModalDialog } from './useModalDialog';

interface DialogProps {
  title: string;
  /** Called for Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  /** Names the text that explains the dialog, for screen readers. */
  describedBy?: string;
  testId?: string;
}

/**
 * A modal dialog (the native <dialog>: focus is trapped and the page behind is inert). It is open
 * while mounted: render it conditionally, so that its form starts afresh each time.
 */
export function Dialog({ title, onClose, children, describedBy, testId }: DialogProps) {
  const { t } = useTranslation();
  const { ref, onCancel } = useModalDialog(onClose);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={onCancel}
      onMouseDown={(event) => {
        // A press on the backdrop lands on the dialog element itself, outside its content box.
        if (event.target !== ref.current) return;
        const box = ref.current.getBoundingClientRect();
        const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
        if (!inside) onCloseRef.current();
      }}
    >
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button
          type="button"
          className={styles.close}
          aria-label={t('dialog.close')}
          onClick={() => {
            onCloseRef.current();
          }}
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M3.5 3.5l9 9m0-9-9 9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <div className={styles.body}>{children}</div>
    </dialog>
  );
}

export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
