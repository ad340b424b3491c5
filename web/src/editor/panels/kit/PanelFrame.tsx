// The frame every panel is drawn in: its title and close button, who holds the lock of what it
// edits (with an admin's "break lock"), and, for a panel that reads its value first, loading or
// why it could not be read. In a section's panel Escape closes it (the fields hand on what was
// typed, as when they are left; the editor asks first when a draft cannot be saved).
import { useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LockElemType } from '../../../api/live';
import { BreakLockContext } from './breakLock';
import styles from './Panel.module.css';

/** Who holds the lock of what a panel edits, when it is someone else. */
export interface LockHolder {
  name: string;
  /** CSS colour of the holder. */
  color: string;
  /** What is locked, for an admin's "break lock". */
  elemType?: LockElemType;
  elemId?: string;
}

/** "Being edited by …", in the holder's colour; admins may break the lock. */
export function LockNotice({ holder }: { holder: LockHolder }) {
  const { t } = useTranslation();
  const breakLock = useContext(BreakLockContext);
  return (
    <p className={styles.lockNotice} style={{ borderColor: holder.color }} role="status" data-testid="sidebar-lock">
      <span className={styles.lockDot} style={{ background: holder.color }} aria-hidden="true" />
      <span className={styles.lockText}>{t('sidebar.lockedBy', { name: holder.name })}</span>
      {breakLock && holder.elemType !== undefined && (
        <button
          type="button"
          className={styles.breakLock}
          data-testid="break-lock"
          onClick={() => {
            breakLock(holder);
          }}
        >
          {t('sidebar.breakLock')}
        </button>
      )}
    </p>
  );
}

/** A panel's value while it is read: loading, failed, or there. */
export type PanelLoad = 'loading' | 'failed' | 'ready';

export function PanelFrame({
  title,
  testId,
  onClose,
  lockedBy,
  load = 'ready',
  closeOnEscape = false,
  narrow = false,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  lockedBy?: LockHolder | null;
  /** For a panel that reads its value first: the form is shown once it is 'ready'. */
  load?: PanelLoad;
  /** Escape inside closes the panel (not in panels whose own dialogs and pickers take Escape). */
  closeOnEscape?: boolean;
  /** A narrower frame, for a panel that stays open while the map beside it is clicked on. */
  narrow?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <aside
      data-over-map=""
      className={narrow ? `${styles.sidebar} ${styles.narrow}` : styles.sidebar}
      aria-label={title}
      data-testid={testId}
      data-read-only={lockedBy ? 'true' : undefined}
      onKeyDown={(e) => {
        if (!closeOnEscape || e.key !== 'Escape' || e.defaultPrevented) return;
        e.stopPropagation();
        onClose();
      }}
    >
      <header className={styles.header}>
        <h2 className={styles.title}>{title}</h2>
        <button type="button" className={styles.close} aria-label={t('dialog.close')} onClick={onClose}>
          ×
        </button>
      </header>
      {lockedBy && <LockNotice holder={lockedBy} />}
      {load === 'ready' ? (
        children
      ) : load === 'loading' ? (
        <p className={styles.note} role="status">
          {t('editor.sections.common.loading')}
        </p>
      ) : (
        <p className={styles.problem} role="alert">
          {t('editor.sections.common.loadFailed')}
        </p>
      )}
    </aside>
  );
}

/** A note when there is nothing to edit yet (no node or edge chosen). */
export function PanelEmpty({ text }: { text: string }) {
  return <p className={styles.empty}>{text}</p>;
}
