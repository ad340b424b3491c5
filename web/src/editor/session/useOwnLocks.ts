import { useEffect, useMemo } from 'react';
import type { LiveConnection } from '../../api/live';
import { LockKeeper, type WantedLock } from './ownLocks';

/**
 * Keeps the editor's own locks at `wanted` over the live channel: taken when a panel opens or the
 * selection claims an element, released when it closes, the selection moves on or the editor goes.
 */
export function useOwnLocks(live: LiveConnection | null, wanted: readonly WantedLock[]): void {
  const keeper = useMemo(
    () =>
      live
        ? new LockKeeper({
            start: (l) => live.send('start_editing_element', { elem_type: l.elemType, elem_id: l.elemId, lock_extent: l.extent }),
            stop: (l) => live.send('stop_editing_element', { elem_type: l.elemType, elem_id: l.elemId }),
          })
        : null,
    [live],
  );
  // The wanted set by value: a new array with the same locks sends nothing.
  const key = wanted.map((l) => `${l.elemType}:${l.elemId}:${l.extent}`).join(',');
  useEffect(() => {
    keeper?.want(wanted);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names `wanted` by value
  }, [keeper, key]);
  useEffect(
    () => () => {
      keeper?.want([]);
    },
    [keeper],
  );
}
