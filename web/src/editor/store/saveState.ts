// What the editor says about saving, always in view: everything saved, saving, offline with the
// changes kept on this device, or failing and being retried (with what failed).
import { ApiError } from '../../api/http';
import { EDITS, type EditFamily } from './edits';
import type { EditType } from './types';

export type SaveState =
  | { kind: 'saved' }
  | { kind: 'saving'; count: number }
  /** The server cannot be reached: `count` changes wait, kept in this browser. */
  | { kind: 'offline'; count: number }
  /** The server answered with a passing failure; the edits wait and are sent again. */
  | { kind: 'failing'; count: number; failed: EditType; status: number };

export type SaveStateListener = (state: SaveState) => void;

export function sameSaveState(a: SaveState, b: SaveState): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'saved' || b.kind === 'saved') return true;
  if (a.count !== b.count) return false;
  return a.kind !== 'failing' || b.kind !== 'failing' || (a.failed === b.failed && a.status === b.status);
}

/** No answer at all: the server is away or the network down; nothing was refused. */
export function isUnreachable(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0 && err.code === 'network_error';
}

/**
 * An answer that says "not now" rather than "no": the server is busy or restarting, or a proxy
 * in front of it is. Such edits are kept and sent again; any other refusal reverts them.
 */
export function isPassing(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 429 || err.status === 502 || err.status === 503 || err.status === 504);
}

/** The part of the document an edit belongs to (its definition says). */
export function editFamily(type: EditType): EditFamily {
  return EDITS[type].family;
}
