// Edits not yet saved are kept in the browser's storage until the server has them, so that
// closing or reloading the tab while offline loses nothing: the next editor of the same map by
// the same user takes them up again and sends them.
import { EDITS } from './edits';
import type { Edit } from './types';

/** One kept edit: ids already resolved; createdId is the temporary id of what it creates. */
export interface KeptEdit {
  edit: Edit;
  createdId?: number;
}

/** The part of the Web Storage API the store uses (null: keep nothing). */
export type EditStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const VERSION = 1;

export function keptEditsKey(mapId: number, userId: number): string {
  return `strata.unsaved.${userId}.${mapId}`;
}

/** The storage the browser gives, or null where it refuses it (a sandboxed frame, privacy mode). */
export function browserStorage(): EditStorage | null {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}

export function readKeptEdits(storage: EditStorage | null, key: string): KeptEdit[] {
  if (!storage) return [];
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return [];
  }
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as { version?: unknown; edits?: unknown };
    if (parsed.version !== VERSION || !Array.isArray(parsed.edits)) return [];
    return (parsed.edits as unknown[]).filter(isKeptEdit);
  } catch {
    return [];
  }
}

function isKeptEdit(v: unknown): v is KeptEdit {
  if (typeof v !== 'object' || v === null) return false;
  const k = v as { edit?: { type?: unknown }; createdId?: unknown };
  // A kind this page does not know (kept by another version of the app) is left out.
  const known = typeof k.edit?.type === 'string' && Object.hasOwn(EDITS, k.edit.type);
  return known && (k.createdId === undefined || typeof k.createdId === 'number');
}

/** Writes the list (or clears it when empty); answers false when the browser refused it. */
export function writeKeptEdits(storage: EditStorage | null, key: string, edits: KeptEdit[]): boolean {
  if (!storage) return false;
  try {
    if (edits.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify({ version: VERSION, edits }));
    return true;
  } catch {
    return false; // full or refused: the edits stay in memory and the page still warns on leaving
  }
}
