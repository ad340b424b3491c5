export type ToastKind = 'success' | 'error' | 'warning';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/**
 * How long each kind stays before it goes by itself. Errors stay until dismissed: they say that
 * something the user did was not done, which must not pass unseen.
 */
export const TOAST_DURATION_MS: Record<ToastKind, number | null> = {
  success: 4000,
  warning: 6000,
  error: null,
};

/** At most this many at once; the oldest goes first, errors last. */
export const MAX_TOASTS = 4;

type Listener = () => void;

/** The short messages that confirm or report an action, each dismissed after a while. */
export class ToastStore {
  private toasts: readonly Toast[] = [];
  private nextId = 1;
  private readonly handles = new Map<number, unknown>();
  private readonly listeners = new Set<Listener>();
  private readonly timers: Timers;

  constructor(
    timers: Timers = {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (handle) => {
        globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>);
      },
    },
  ) {
    this.timers = timers;
  }

  get = (): readonly Toast[] => this.toasts;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  show(kind: ToastKind, message: string): number {
    const id = this.nextId++;
    // The same message twice in a row (a double click) shows once, for the full time again.
    const same = this.toasts.find((t) => t.kind === kind && t.message === message);
    if (same) this.dismiss(same.id);
    let next = [...this.toasts, { id, kind, message }];
    while (next.length > MAX_TOASTS) {
      const oldest = next.find((t) => t.kind !== 'error') ?? next[0];
      if (!oldest) break;
      this.clearTimer(oldest.id);
      next = next.filter((t) => t !== oldest);
    }
    const duration = TOAST_DURATION_MS[kind];
    if (duration !== null) {
      this.handles.set(
        id,
        this.timers.setTimeout(() => {
          this.dismiss(id);
        }, duration),
      );
    }
    this.set(next);
    return id;
  }

  success = (message: string): number => this.show('success', message);
  error = (message: string): number => this.show('error', message);
  warning = (message: string): number => this.show('warning', message);

  dismiss(id: number): void {
    if (!this.toasts.some((t) => t.id === id)) return;
    this.clearTimer(id);
    this.set(this.toasts.filter((t) => t.id !== id));
  }

  private clearTimer(id: number): void {
    const handle = this.handles.get(id);
    if (handle !== undefined) this.timers.clearTimeout(handle);
    this.handles.delete(id);
  }

  private set(next: readonly Toast[]): void {
    this.toasts = next;
    for (const listener of this.listeners) listener();
  }
}

/** The app's toasts. */
export const toasts = new ToastStore();
