// Who else is on the map, where their pointers are and what they lock, kept from the live
// channel's frames; framework-free, read by React through subscribe/get.
import type { LiveConnection, LiveState, Lock, LockElemType, ReleasedLock, Visitor } from '../../api/live';
import { visitorCss } from './colors';

export interface PresenceState {
  connection: LiveState;
  /** The own visitor record, once connected. */
  self: Visitor | null;
  /** The others present, in arrival order. */
  others: readonly Visitor[];
  /** Every lock on the map, the own ones included. */
  locks: readonly Lock[];
  duplicate: boolean;
  /** The server closed the socket for good: the session ended, or the map is out of reach. */
  revoked: 'signed_out' | 'access_revoked' | null;
  /** The user's editing rights were withdrawn while connected: the map is read-only now. */
  readOnly: boolean;
  /** The user's editing rights were given while the map was open read-only: it is editable now. */
  raised: boolean;
}

const lockKey = (l: Pick<Lock, 'elem_type' | 'elem_id'>) => `${l.elem_type}:${l.elem_id}`;

export class Presence {
  #state: PresenceState;
  readonly #listeners = new Set<() => void>();
  readonly #userId: number;

  constructor(userId: number) {
    this.#userId = userId;
    this.#state = {
      connection: 'connecting',
      self: null,
      others: [],
      locks: [],
      duplicate: false,
      revoked: null,
      readOnly: false,
      raised: false,
    };
  }

  get = (): PresenceState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  #set(patch: Partial<PresenceState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const l of [...this.#listeners]) l();
  }

  /** Listens to a connection's presence frames; answers the unsubscribe. */
  attach(live: LiveConnection): () => void {
    const offs = [
      live.onState((connection) => {
        if (connection === 'duplicate') this.#set({ connection, duplicate: true });
        else if (connection === 'signed_out') this.#set({ connection, revoked: 'signed_out', locks: [] });
        else if (connection === 'revoked') this.#set({ connection, revoked: 'access_revoked', locks: [] });
        else this.#set({ connection });
      }),
      live.on('access_changed', ({ can_edit }) => {
        // Narrowed or widened (a per-map access set or cleared while the map is open): the editor
        // is made again with the new rights.
        this.#set(can_edit ? { readOnly: false, raised: true } : { readOnly: true, raised: false });
      }),
      live.on('connected', (d) => {
        this.#set({ self: d.visitor, others: d.visitors.filter((v) => v.id !== this.#userId), locks: d.locks });
        // A reconnect after the rights narrowed (access_changed missed) is read-only too; one
        // after they were given back is editable again.
        if (!d.can_edit && !this.#state.readOnly) this.#set({ readOnly: true, raised: false });
        else if (d.can_edit && this.#state.readOnly) this.#set({ readOnly: false, raised: true });
      }),
      live.on('duplicate_user_error', () => {
        this.#set({ duplicate: true });
      }),
      live.on('user_joined_map_editors', (v) => {
        if (v.id === this.#userId) return;
        this.#set({ others: [...this.#state.others.filter((o) => o.id !== v.id), v] });
      }),
      live.on('user_left_map_editors', ({ id }) => {
        this.#set({
          others: this.#state.others.filter((o) => o.id !== id),
          locks: this.#state.locks.filter((l) => l.user_id !== id),
        });
      }),
      live.on('updated_user_state', ({ users }) => {
        const before = this.#state.others;
        const others = before.map((o) => {
          const u = users.find((p) => p.id === o.id);
          if (!u || (u.x === o.pointer.x && u.y === o.pointer.y)) return o;
          return { ...o, pointer: { x: u.x, y: u.y } };
        });
        if (others.some((o, i) => o !== before[i])) this.#set({ others });
      }),
      live.on('block_element', (lock) => {
        this.#set({ locks: [...this.#state.locks.filter((l) => lockKey(l) !== lockKey(lock)), lock] });
      }),
      live.on('unblock_element', (released: ReleasedLock) => {
        this.#set({
          locks: this.#state.locks.filter((l) => !(lockKey(l) === lockKey(released) && l.user_id === released.user_id)),
        });
      }),
      live.on('update_active_edits', ({ locks }) => {
        this.#set({ locks });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }
}

/** Element locks held by others, by id, with the holder's colour as CSS. */
export function othersLocks(locks: readonly Lock[], userId: number, type: 'node' | 'edge'): Map<number, string> {
  const out = new Map<number, string>();
  for (const l of locks) {
    if (l.user_id === userId || l.elem_type !== type) continue;
    const id = Number(l.elem_id);
    if (Number.isFinite(id)) out.set(id, visitorCss(l.color));
  }
  return out;
}

/** Section locks held by others, with the holder's colour as CSS. */
export function othersSectionLocks(locks: readonly Lock[], userId: number): Map<LockElemType, string> {
  const out = new Map<LockElemType, string>();
  for (const l of locks) {
    if (l.user_id === userId || l.elem_type === 'node' || l.elem_type === 'edge') continue;
    out.set(l.elem_type, visitorCss(l.color));
  }
  return out;
}

/** Who holds a lock, by name and colour, when it is another editor present on the map. */
export function lockHolder(
  locks: readonly Lock[],
  userId: number,
  others: readonly Visitor[],
  elemType: LockElemType,
  elemId: string | number,
): { name: string; color: string; elemType: LockElemType; elemId: string } | null {
  const lock = locks.find((l) => l.elem_type === elemType && l.elem_id === String(elemId) && l.user_id !== userId);
  if (!lock) return null;
  const who = others.find((v) => v.id === lock.user_id);
  return { name: who?.name ?? '', color: visitorCss(lock.color), elemType, elemId: lock.elem_id };
}
