// Locks in the editor: the others' shown on the canvas, the own ones following what this
// editor works on (see ownLocks.ts), and an admin's breaking of another's lock.
import { useCallback, useEffect, useMemo } from 'react';
import type { LiveConnection, LockElemType } from '../../api/live';
import type { CanvasController } from '../canvas/canvasController';
import type { LockHolder } from '../panels/kit/PanelFrame';
import { wantedLocks, type LockClaims } from './ownLocks';
import { lockHolder, othersLocks, othersSectionLocks, type PresenceState } from './presence';
import { useOwnLocks } from './useOwnLocks';

/** What this editor works on, whose locks it takes (the claims of wantedLocks but who and whether). */
export type LockedWork = Omit<LockClaims, 'active' | 'userId' | 'locks'>;

export function useSessionLocks(
  live: LiveConnection | null,
  controller: CanvasController | null,
  people: PresenceState,
  userId: number,
  canEdit: boolean,
  work: LockedWork,
) {
  const nodeLocks = useMemo(() => othersLocks(people.locks, userId, 'node'), [people.locks, userId]);
  const edgeLocks = useMemo(() => othersLocks(people.locks, userId, 'edge'), [people.locks, userId]);
  const sectionLocks = useMemo(() => othersSectionLocks(people.locks, userId), [people.locks, userId]);
  useEffect(() => {
    controller?.setLocks(nodeLocks, edgeLocks);
  }, [controller, nodeLocks, edgeLocks]);

  useOwnLocks(live, wantedLocks({ active: canEdit && people.connection === 'open', userId, locks: people.locks, ...work }));

  const holderOf = (type: LockElemType, id: number | string) => lockHolder(people.locks, userId, people.others, type, id);
  const breakLock = useCallback(
    (holder: LockHolder) => {
      if (!live || holder.elemType === undefined || holder.elemId === undefined) return;
      // Once it is free, the own locks take it as for any free element.
      live.send('break_lock', { elem_type: holder.elemType, elem_id: holder.elemId });
    },
    [live],
  );
  return { edgeLocks, sectionLocks, holderOf, breakLock };
}
