// The nodes a reader has opened on a map, kept in the browser so that the marks survive a reload.

/** What is needed of localStorage (absent in private modes that refuse it). */
export type VisitedStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The browser's localStorage, or null where reading it throws: in a frame of another site that
 * may keep nothing (third-party cookies blocked), and in some private modes.
 */
export function browserStorage(w: Pick<Window, 'localStorage'> = window): VisitedStorage | null {
  try {
    return w.localStorage;
  } catch {
    return null;
  }
}

export class VisitedNodes {
  private readonly key: string;
  private ids: Set<number>;

  constructor(
    private readonly storage: VisitedStorage | null,
    mapKey: string,
  ) {
    this.key = `strata:visited:${mapKey}`;
    this.ids = new Set(this.read());
  }

  get all(): ReadonlySet<number> {
    return this.ids;
  }

  /** Marks a node visited; answers the new set (a new object, for React state). */
  add(id: number): ReadonlySet<number> {
    if (this.ids.has(id)) return this.ids;
    this.ids = new Set(this.ids).add(id);
    try {
      this.storage?.setItem(this.key, JSON.stringify([...this.ids]));
    } catch {
      // A full or refused storage only costs the marks after a reload.
    }
    return this.ids;
  }

  private read(): number[] {
    try {
      const raw = this.storage?.getItem(this.key);
      const list: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(list) ? list.filter((v): v is number => Number.isInteger(v)) : [];
    } catch {
      return [];
    }
  }
}
