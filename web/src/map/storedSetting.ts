// A setting of this browser's (not the account's), kept in localStorage and followed by React
// (useSyncExternalStore) and by plain code alike: the wheel's meaning, the minimap, the last shape.

export type SettingStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): SettingStorage | null {
  try {
    return globalThis.localStorage;
  } catch {
    // A sandboxed frame or a private mode refuses storage: the setting lasts for the page only.
    return null;
  }
}

export class StoredSetting<T> {
  #value: T | undefined;
  readonly #listeners = new Set<() => void>();

  constructor(
    readonly key: string,
    private readonly fallback: T,
    /** The stored text's value, or undefined when it is not one (then the fallback holds). */
    private readonly parse: (raw: string) => T | undefined,
    private readonly storage: () => SettingStorage | null = browserStorage,
  ) {}

  get = (): T => {
    if (this.#value === undefined) {
      let raw: string | null;
      try {
        raw = this.storage()?.getItem(this.key) ?? null;
      } catch {
        raw = null;
      }
      this.#value = (raw === null ? undefined : this.parse(raw)) ?? this.fallback;
    }
    return this.#value;
  };

  set(value: T): void {
    this.#value = value;
    try {
      this.storage()?.setItem(this.key, typeof value === 'string' ? value : JSON.stringify(value));
    } catch {
      // Full or refused storage: the value still holds until the page is left.
    }
    for (const l of [...this.#listeners]) l();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };
}

export const parseBoolean = (raw: string): boolean | undefined => (raw === 'true' ? true : raw === 'false' ? false : undefined);

/** Whether a plain mouse wheel zooms the map (else it pans, as a trackpad's scroll does). */
export const wheelZoomsSetting = new StoredSetting<boolean>('strata.wheelZooms', false, parseBoolean);
