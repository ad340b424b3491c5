import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { editFamily, type DocumentStore, type SaveState } from '../store';
import styles from './SaveStatus.module.css';

/** Saved, saving, offline with what is kept on this device, or failing and retrying: always in view. */
export function SaveStatus({ store }: { store: DocumentStore }) {
  const { t } = useTranslation();
  const state: SaveState = useSyncExternalStore(
    (listener) => store.onSaveState(listener),
    () => store.saveState,
  );
  let text: string;
  switch (state.kind) {
    case 'saved':
      text = t('editor.saveState.saved');
      break;
    case 'saving':
      text = t('editor.saveState.saving', { count: state.count });
      break;
    case 'offline':
      text = t('editor.saveState.offline', { count: state.count });
      break;
    case 'failing':
      text = t('editor.saveState.failing', {
        what: t(`editor.saveState.what.${editFamily(state.failed)}`),
        reason: t(state.status === 429 || state.status === 503 ? 'editor.saveState.reason.busy' : 'editor.saveState.reason.unavailable'),
      });
      break;
  }
  return (
    <p className={[styles.status, styles[state.kind]].join(' ')} role="status" data-testid="save-state" data-state={state.kind}>
      <span className={styles.dot} aria-hidden="true" />
      {text}
    </p>
  );
}
