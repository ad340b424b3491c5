// The document store's inbox: the committed changes of the map (sync_map_edit, or a catch-up's
// list) applied one by one in revision order. A change that comes early waits for the missing
// ones (a short grace, then a catch-up); one's own change that comes before its request's answer
// waits for the answer; a restore or reset reads the whole document again before anything later.
import { ApiError } from '../../api/http';
import { PUBLISHING_SYNC_TYPES } from '../../api/document';
import type { SyncMapEdit } from '../../api/live';
import type { PublishingSync, PublishingType, StoreApi, StoreTimers } from './types';

/** Changes that replace the working copy: the whole document is read again. */
const RELOADING_TYPES: ReadonlySet<string> = new Set<PublishingType>(['map_reset', 'state_restored']);
const PUBLISHING_TYPES: ReadonlySet<string> = new Set<PublishingType>(PUBLISHING_SYNC_TYPES);

function publishingSync(frame: SyncMapEdit): PublishingSync {
  const out: PublishingSync = { type: frame.type as PublishingType, revision: frame.revision, user_id: frame.user_id };
  if (frame.data.publication) out.publication = frame.data.publication;
  return out;
}

function isGone(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 410 || err.code === 'gone');
}

/** What the inbox needs of the store it feeds. */
export interface InboxHost {
  readonly mapId: number;
  readonly userId: number;
  readonly api: Pick<StoreApi, 'getChanges'>;
  readonly timers: StoreTimers;
  /** The revision the store's confirmed document is at. */
  revision(): number;
  /** Requests out, and the newest revision any answer named (the save queue knows). */
  inFlight(): number;
  maxAckedRevision(): number;
  /** Applies the change that follows the current revision. */
  apply(frame: SyncMapEdit): void;
  /** Reads the whole document again; false when it could not be read. */
  reload(): Promise<boolean>;
  publishing(sync: PublishingSync): void;
  log(message: string, error?: unknown): void;
}

export interface InboxOptions {
  /** How long a revision gap may wait for the missing frame before catching up. */
  gapGraceMs: number;
  /** How long an own sync may wait for its request's answer. */
  ownSyncWaitMs: number;
  /** Delay before retrying a failed catch-up. */
  retryMs: number;
}

export class Inbox {
  readonly #host: InboxHost;
  readonly #options: InboxOptions;
  readonly #buffer = new Map<number, SyncMapEdit>();
  #holdTimer: unknown;
  #holdExpiredAt: number | null = null;
  #gapTimer: unknown;
  #retryTimer: unknown;
  #catching = false;
  #catchAgain = false;
  /** A restore or reset is being read: later syncs wait in the buffer. */
  #reloading = false;
  #disposed = false;

  constructor(host: InboxHost, options: InboxOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** A committed change: applied in revision order; a later one waits for the missing ones. */
  receive(frame: SyncMapEdit): void {
    if (this.#disposed || frame.revision <= this.#host.revision()) return;
    this.#buffer.set(frame.revision, frame);
    this.drain();
  }

  /** Forgets what the whole document read at `revision` holds already. */
  forgetUpTo(revision: number): void {
    for (const r of [...this.#buffer.keys()]) if (r <= revision) this.#buffer.delete(r);
  }

  /** Applies what follows the current revision, as far as it goes. */
  drain(): void {
    if (this.#disposed || this.#reloading) return;
    for (;;) {
      const frame = this.#buffer.get(this.#host.revision() + 1);
      if (!frame) break;
      if (this.#mustWait(frame)) {
        this.#armHold(frame.revision);
        return;
      }
      this.#buffer.delete(frame.revision);
      if (RELOADING_TYPES.has(frame.type)) {
        this.#clearHold();
        this.#clearGap();
        void this.#reloadFor(frame);
        return;
      }
      this.#host.apply(frame);
      if (PUBLISHING_TYPES.has(frame.type)) this.#host.publishing(publishingSync(frame));
    }
    this.#clearHold();
    if (this.#buffer.size > 0) this.#armGap();
    else this.#clearGap();
  }

  /** An own sync newer than every answer while a request is out: its answer comes first. */
  #mustWait(frame: SyncMapEdit): boolean {
    return (
      frame.user_id === this.#host.userId &&
      this.#host.inFlight() > 0 &&
      frame.revision > this.#host.maxAckedRevision() &&
      this.#holdExpiredAt !== frame.revision
    );
  }

  #armHold(revision: number): void {
    if (this.#holdTimer !== undefined) return;
    this.#holdTimer = this.#host.timers.setTimeout(() => {
      this.#holdTimer = undefined;
      this.#holdExpiredAt = revision;
      this.drain();
    }, this.#options.ownSyncWaitMs);
  }

  #clearHold(): void {
    if (this.#holdTimer !== undefined) this.#host.timers.clearTimeout(this.#holdTimer);
    this.#holdTimer = undefined;
  }

  #armGap(): void {
    if (this.#gapTimer !== undefined || this.#catching) return;
    this.#gapTimer = this.#host.timers.setTimeout(() => {
      this.#gapTimer = undefined;
      void this.catchUp();
    }, this.#options.gapGraceMs);
  }

  #clearGap(): void {
    if (this.#gapTimer !== undefined) this.#host.timers.clearTimeout(this.#gapTimer);
    this.#gapTimer = undefined;
  }

  /** Reads the changes since the current revision (or the whole map when the log is gone). */
  async catchUp(): Promise<void> {
    if (this.#catching) {
      this.#catchAgain = true;
      return;
    }
    this.#catching = true;
    this.#clearGap();
    try {
      const list = await this.#host.api.getChanges(this.#host.mapId, this.#host.revision());
      for (const c of list.changes) {
        if (c.revision > this.#host.revision()) {
          this.#buffer.set(c.revision, { revision: c.revision, user_id: c.user_id, type: c.type, data: c.data });
        }
      }
    } catch (err) {
      if (!isGone(err)) this.#retryLater('catching up failed', err);
      else if (!(await this.#host.reload())) this.#retryLater('reloading the map failed', err);
    } finally {
      this.#catching = false;
    }
    this.drain();
    if (this.#catchAgain) {
      this.#catchAgain = false;
      await this.catchUp();
    }
  }

  /**
   * A restore or reset replaced the working copy: the whole document is read again (the change's
   * data does not carry it), and the change is told once it is shown. Syncs after it wait.
   */
  async #reloadFor(frame: SyncMapEdit): Promise<void> {
    this.#reloading = true;
    let ok: boolean;
    try {
      ok = await this.#host.reload();
    } finally {
      this.#reloading = false;
    }
    if (this.#disposed) return;
    if (!ok) {
      // Tried again with the next catch-up; the frame waits where it was.
      if (frame.revision > this.#host.revision()) this.#buffer.set(frame.revision, frame);
      this.#retryLater('reloading the restored map failed', null);
      return;
    }
    this.#host.publishing(publishingSync(frame));
    this.drain();
  }

  #retryLater(message: string, err: unknown): void {
    this.#host.log(message, err);
    if (this.#retryTimer !== undefined || this.#disposed) return;
    this.#retryTimer = this.#host.timers.setTimeout(() => {
      this.#retryTimer = undefined;
      void this.catchUp();
    }, this.#options.retryMs);
  }

  dispose(): void {
    this.#disposed = true;
    this.#clearHold();
    this.#clearGap();
    if (this.#retryTimer !== undefined) this.#host.timers.clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
  }
}
