// The locks this editor holds: which elements an open panel or the selection claims, and the
// start/stop messages that move the held set to the wanted one. Framework-free; the hook in
// useOwnLocks.ts feeds it from React.
import type { Lock, LockElemType, LockExtent } from '../../api/live';

export interface WantedLock {
  elemType: LockElemType;
  elemId: number;
  extent: LockExtent;
}

export interface LockClaims {
  /** Whether locks are taken at all: the user may edit and the live channel is open. */
  active: boolean;
  userId: number;
  /** Every lock on the map, the own ones included. */
  locks: readonly Lock[];
  /** The content form's node (it claims the node's content), when the form is open. */
  formNode?: number;
  /** The node the selection ends with (it claims the node's appearance). */
  selectedNode?: number;
  /** The edge the selection ends with. */
  selectedEdge?: number;
  /** The template "manage templates" edits. */
  managedTemplate?: number | null;
  /** The section an open settings or publishing panel edits (map, global_design, …) on the map. */
  section?: { elemType: LockElemType; mapId: number } | null;
}

const heldByOther = (locks: readonly Lock[], userId: number, elemType: LockElemType, elemId: number) =>
  locks.some((l) => l.elem_type === elemType && l.elem_id === String(elemId) && l.user_id !== userId);

/**
 * The locks the editor should hold now. An element another editor holds is not claimed (its panel
 * opens read-only, naming the holder) and is taken once it is free; ids not yet stored (0 or
 * below, made offline) are never claimed.
 */
export function wantedLocks(c: LockClaims): WantedLock[] {
  if (!c.active) return [];
  const out: WantedLock[] = [];
  const claim = (elemType: LockElemType, elemId: number, extent: LockExtent) => {
    if (!heldByOther(c.locks, c.userId, elemType, elemId)) out.push({ elemType, elemId, extent });
  };
  const stored = (id: number | undefined) => (id !== undefined && id > 0 ? id : undefined);
  const edge = stored(c.selectedEdge);
  if (edge !== undefined) claim('edge', edge, 'appearance');
  // The content form's node carries the content extent (it marks the node occupied for others);
  // without the form, the selected node's appearance is held.
  const node = c.formNode !== undefined ? stored(c.formNode) : stored(c.selectedNode);
  if (node !== undefined) claim('node', node, c.formNode !== undefined ? 'content' : 'appearance');
  if (c.managedTemplate !== null && c.managedTemplate !== undefined) claim('object_template', c.managedTemplate, 'appearance');
  if (c.section) claim(c.section.elemType, c.section.mapId, 'appearance');
  return out;
}

const keyOf = (l: WantedLock) => `${l.elemType}:${l.elemId}`;

export interface LockChannel {
  start(lock: WantedLock): void;
  stop(lock: WantedLock): void;
}

/** Holds a set of locks: each change releases what is no longer wanted, then takes what is new. */
export class LockKeeper {
  readonly #channel: LockChannel;
  #held = new Map<string, WantedLock>();

  constructor(channel: LockChannel) {
    this.#channel = channel;
  }

  /** Moves the held locks to `wanted`; a lock whose extent changes is released and taken again. */
  want(wanted: readonly WantedLock[]): void {
    const next = new Map(wanted.map((l) => [keyOf(l), l]));
    for (const [key, held] of this.#held) {
      const still = next.get(key);
      if (still?.extent !== held.extent) this.#channel.stop(held);
    }
    for (const [key, lock] of next) {
      const held = this.#held.get(key);
      if (held?.extent !== lock.extent) this.#channel.start(lock);
    }
    this.#held = next;
  }

  get held(): WantedLock[] {
    return [...this.#held.values()];
  }
}
