import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorIcon, SuccessIcon, WarningIcon } from './Icons';
import { toasts, type ToastKind } from './toasts';
import styles from './Toasts.module.css';

const icons: Record<ToastKind, typeof SuccessIcon> = {
  success: SuccessIcon,
  error: ErrorIcon,
  warning: WarningIcon,
};

/**
 * Shows the toasts in the corner. The list is a manual popover, raised again on every new toast,
 * so that it stays above an open modal dialog too (both live in the browser's top layer).
 */
export function ToastViewport() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(toasts.subscribe, toasts.get);
  const ref = useRef<HTMLOListElement>(null);
  const newest = list[list.length - 1]?.id;

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (newest !== undefined) el.showPopover();
  }, [newest]);

  return (
    <ol ref={ref} className={styles.viewport} popover="manual" aria-label={t('toast.region')}>
      {list.map((toast) => {
        const Icon = icons[toast.kind];
        return (
          <li
            key={toast.id}
            className={[styles.toast, styles[toast.kind]].join(' ')}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            data-testid={`toast-${toast.kind}`}
          >
            <Icon className={styles.icon} />
            <span className={styles.message}>{toast.message}</span>
            <button
              type="button"
              className={styles.dismiss}
              aria-label={t('toast.dismiss')}
              onClick={() => {
                toasts.dismiss(toast.id);
              }}
            >
              <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="M3.5 3.5l9 9m0-9-9 9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
