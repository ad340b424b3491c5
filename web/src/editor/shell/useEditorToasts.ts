import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveConnection, Visitor } from '../../api/live';
import { toasts } from '../../layout/toasts';
import type { PublicationSource } from '../session/publication';
import type { DocumentStore } from '../store';

/** What the store and the live channel tell the user, translated into toasts. */
export function useEditorToasts(
  store: DocumentStore,
  live: LiveConnection | null,
  publication: PublicationSource,
  others: readonly Visitor[],
  userId: number,
): void {
  const { t } = useTranslation();
  // --- Toasts from the store, translated ---------------------------------------------------------
  useEffect(
    () =>
      store.onToast((toast) => {
        toasts.show(toast.type, t(`editor.toasts.${toast.key}`, toast.params));
      }),
    [store, t],
  );

  // --- What the live channel says about the own rights and locks, translated ---------------------
  useEffect(() => {
    if (!live) return;
    const offs = [
      live.on('lock_released', ({ reason, by }) => {
        if (reason === 'idle') toasts.show('warning', t('editor.toasts.lockIdle'));
        else if (by?.name) toasts.show('warning', t('editor.toasts.lockBroken', { name: by.name }));
        else toasts.show('warning', t('editor.toasts.lockBrokenAnonymous'));
      }),
      live.on('access_changed', ({ can_edit }) => {
        if (!can_edit) toasts.show('warning', t('editor.toasts.accessLowered'));
        else toasts.show('success', t('editor.toasts.accessRaised'));
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [live, t]);

  // --- Publishing: the live status follows every editor's publishing; a reset or restore by
  // someone else (the store has read the map again by then) is told.
  useEffect(
    () =>
      store.onPublishing((sync) => {
        publication.heard(sync);
        if (sync.type === 'map_published' || sync.user_id === userId) return;
        const name = others.find((v) => v.id === sync.user_id)?.name;
        const key = sync.type === 'map_reset' ? 'mapReset' : 'stateRestored';
        toasts.show('warning', name ? t(`editor.toasts.${key}By`, { name }) : t(`editor.toasts.${key}`));
      }),
    [store, publication, others, userId, t],
  );
}
