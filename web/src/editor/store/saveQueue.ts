// The document store's save queue: the local edits the server has not confirmed yet, in order,
// and how they are sent. Neighbours of one save group go as one request after a quiet time, or
// once the oldest has waited SAVE_MAX_WAIT_MS (at once for the edits that save alone); while the server cannot be reached or is busy they wait
// and are sent again, kept in the browser's storage so that a reload loses none; the save state
// says which of these is happening.
import type { Edge, Node, ObjectTemplate } from '../../api/document';
import { ApiError } from '../../api/http';
import { definitionOf } from './edits';
import { keptEditsKey, readKeptEdits, writeKeptEdits, type EditStorage, type KeptEdit } from './keptEdits';
import { batchKey, elementsPatch, globalPatch, idsOf, resolveEdit, saveGroup, savesAtOnce, sectionPut, successToasts } from './requests';
import { isPassing, isUnreachable, sameSaveState, type SaveState, type SaveStateListener } from './saveState';
import type { Touched } from './state';
import type { Edit, StoreApi, StoreTimers, Toast } from './types';

/** One local edit on its way to the server. */
export interface Op {
  edit: Edit;
  /** The temporary id of what a create makes. */
  createdId?: number;
  /** The server's answer to a create. */
  answer?: Node | Edge | ObjectTemplate;
  status: 'queued' | 'sent' | 'acked';
  /** With acked: the revision the answer named; the op leaves once confirmed reaches it. */
  ackRevision: number;
  /** What its last application touched (for telling subscribers what a replay changed). */
  touched: Touched | null;
}

/** Waits between attempts to save while the server cannot be reached (ms). */
const SAVE_RETRY_FIRST_MS = 1_000;
const SAVE_RETRY_MAX_MS = 15_000;
/** Kept edits are written to the browser's storage at most this often while editing (ms). */
const KEEP_EVERY_MS = 250;
/** The longest an edit waits for a quiet time: continuous typing is saved at least this often (ms). */
export const SAVE_MAX_WAIT_MS = 3_000;

/** What the queue needs of the store it saves for. */
export interface SaveHost {
  readonly mapId: number;
  readonly api: StoreApi;
  readonly timers: StoreTimers;
  resolveId(id: number): number;
  /** Whether the create of this (temporary) id failed: edits naming it cannot be saved. */
  isDead(id: number): boolean;
  /** A create was answered with the element under its own id. */
  answered(op: Op, element: Node | Edge | ObjectTemplate): void;
  /** The batch is stored at `revision`. */
  acked(batch: Op[], revision: number): void;
  /** The server refused the batch: it is reverted and told. */
  failed(batch: Op[], edits: Edit[], err: unknown): void;
  /** Takes ops out of the list and shows the document without them. */
  drop(ops: Op[]): void;
  /** A request was answered: changes that waited for the answer can be applied. */
  settled(): void;
  toast(toasts: Toast[]): void;
}

export interface SaveQueueOptions {
  userId: number;
  /** Quiet time before saving. */
  debounceMs: number;
  /** Quiet time before saving when only positions are pending. */
  positionDebounceMs: number;
  /** The longest an edit waits for the quiet time; SAVE_MAX_WAIT_MS. */
  maxWaitMs?: number;
  storage: EditStorage | null;
}

export class SaveQueue {
  readonly #host: SaveHost;
  readonly #debounceMs: number;
  readonly #positionDebounceMs: number;
  readonly #maxWaitMs: number;
  readonly #storage: EditStorage | null;
  readonly #keptKey: string;
  #ops: Op[] = [];
  #inFlight = 0;
  #maxAckedRevision = 0;
  /** The last save found no server: what waits is kept and sent again later (or on reconnect). */
  #unreachable = false;
  /** The last save got a passing failure (busy, restarting): what waits is sent again later. */
  #failing: { edit: Edit; status: number } | null = null;
  #saveState: SaveState = { kind: 'saved' };
  readonly #saveStateListeners = new Set<SaveStateListener>();
  #keepTimer: unknown;
  #saveRetryTimer: unknown;
  #saveRetryMs = 0;
  #saveTimer: unknown;
  #lastEditAt = 0;
  /** When the oldest edit not sent yet was made; null when none waits. */
  #waitingSince: number | null = null;
  #flushing: Promise<void> | null = null;
  #disposed = false;

  constructor(host: SaveHost, options: SaveQueueOptions) {
    this.#host = host;
    this.#debounceMs = options.debounceMs;
    this.#positionDebounceMs = options.positionDebounceMs;
    this.#maxWaitMs = options.maxWaitMs ?? SAVE_MAX_WAIT_MS;
    this.#storage = options.storage;
    this.#keptKey = keptEditsKey(host.mapId, options.userId);
  }

  /** The edits not confirmed yet, in the order they were made. */
  get ops(): readonly Op[] {
    return this.#ops;
  }

  /** Requests out now, and the newest revision an answer named (own syncs wait for answers). */
  get inFlight(): number {
    return this.#inFlight;
  }

  get maxAckedRevision(): number {
    return this.#maxAckedRevision;
  }

  /** Whether edits wait to be saved or are being saved. */
  get hasUnsaved(): boolean {
    return this.#ops.some((op) => op.status !== 'acked');
  }

  get saveState(): SaveState {
    return this.#saveState;
  }

  onSaveState(listener: SaveStateListener): () => void {
    this.#saveStateListeners.add(listener);
    return () => {
      this.#saveStateListeners.delete(listener);
    };
  }

  /** What an earlier page of this map kept because the server did not have it yet. */
  readKept(): KeptEdit[] {
    return readKeptEdits(this.#storage, this.#keptKey);
  }

  /**
   * Takes up what an earlier page kept: each edit is named (`reserve`, for the temporary ids of
   * its creates), then applied to the view (`apply`, false when it cannot be: it is left out),
   * and sent once the page has set up around the store.
   */
  takeUpKept(reserve: (op: Op) => void, apply: (op: Op) => boolean): void {
    const ops = this.readKept().map((k) => {
      const op: Op = { edit: k.edit, status: 'queued', ackRevision: 0, touched: null };
      if (k.createdId !== undefined) op.createdId = k.createdId;
      return op;
    });
    for (const op of ops) reserve(op);
    for (const op of ops) if (apply(op)) this.add(op);
    if (this.#ops.length > 0) {
      this.update();
      this.sendSoon();
    }
  }

  /** Edits taken up from storage: sent once the page has set up around the store. */
  sendSoon(): void {
    this.#saveTimer = this.#host.timers.setTimeout(() => {
      this.#saveTimer = undefined;
      void this.#flush();
    }, 0);
  }

  /** Adds an edit to the list (already applied to the view). */
  add(op: Op): void {
    this.#ops.push(op);
  }

  /** A new edit was added: it is saved after the quiet time, or at once when it saves alone. */
  schedule(op: Op): void {
    this.#lastEditAt = this.#host.timers.now();
    this.#waitingSince ??= this.#lastEditAt;
    this.update();
    if (savesAtOnce(op.edit.type)) {
      this.#clearSaveTimer();
      void this.#flush();
    } else this.#armSaveTimer();
  }

  /** Takes ops out of the list. */
  remove(gone: (op: Op) => boolean): void {
    this.#ops = this.#ops.filter((op) => !gone(op));
  }

  /** Writes the unsaved edits to the browser's storage now (the page is being left). */
  keepNow(): void {
    if (this.#keepTimer !== undefined) this.#host.timers.clearTimeout(this.#keepTimer);
    this.#keepTimer = undefined;
    const r = (id: number) => this.#host.resolveId(id);
    const kept: KeptEdit[] = this.#ops
      .filter((op) => op.status !== 'acked')
      .map((op) => {
        const edit = resolveEdit(op.edit, r);
        return op.createdId === undefined || r(op.createdId) !== op.createdId ? { edit } : { edit, createdId: op.createdId };
      });
    writeKeptEdits(this.#storage, this.#keptKey, kept);
  }

  /** Tells what saving is doing when that changed, and keeps what waits (soon). */
  update(): void {
    const count = this.#ops.filter((op) => op.status !== 'acked').length;
    const next: SaveState =
      count === 0
        ? { kind: 'saved' }
        : this.#unreachable
          ? { kind: 'offline', count }
          : this.#failing
            ? { kind: 'failing', count, failed: this.#failing.edit.type, status: this.#failing.status }
            : { kind: 'saving', count };
    if (this.#storage && !this.#disposed) {
      // Offline, every edit counts: keep them at once; else at most every KEEP_EVERY_MS.
      if (next.kind === 'offline' || count === 0) this.keepNow();
      else if (this.#keepTimer === undefined) {
        this.#keepTimer = this.#host.timers.setTimeout(() => {
          this.#keepTimer = undefined;
          this.keepNow();
        }, KEEP_EVERY_MS);
      }
    }
    if (sameSaveState(next, this.#saveState)) return;
    this.#saveState = next;
    for (const l of [...this.#saveStateListeners]) l(next);
  }

  /** The live channel is back: what waits to be saved goes now, not at the next retry. */
  reconnected(): void {
    if (!this.#unreachable && !this.#failing) return;
    this.#reachedAgain();
    void this.#flush();
  }

  /**
   * The quiet time: 100 ms when only positions wait, else 700 ms, from the last edit; but no longer
   * than the longest wait from the oldest edit waiting, so that typing on does not put saving off.
   */
  #armSaveTimer(): void {
    this.#clearSaveTimer();
    // While the server cannot be reached or is busy, the retry timer sends what waits.
    if (this.#unreachable || this.#failing) return;
    const queued = this.#ops.filter((op) => op.status === 'queued');
    if (queued.length === 0) return;
    if (queued.some((op) => savesAtOnce(op.edit.type))) {
      void this.#flush();
      return;
    }
    const onlyPositions = queued.every((op) => op.edit.type === 'moveNodes');
    const quiet = onlyPositions ? this.#positionDebounceMs : this.#debounceMs;
    const due = Math.min(this.#lastEditAt + quiet, (this.#waitingSince ?? this.#lastEditAt) + this.#maxWaitMs);
    const wait = Math.max(0, due - this.#host.timers.now());
    this.#saveTimer = this.#host.timers.setTimeout(() => {
      this.#saveTimer = undefined;
      void this.#flush();
    }, wait);
  }

  #clearSaveTimer(): void {
    if (this.#saveTimer !== undefined) this.#host.timers.clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
  }

  /** Saves what waits now; resolves when nothing waits or is being saved. */
  async flush(): Promise<void> {
    this.#clearSaveTimer();
    while (this.#flushing || this.#ops.some((op) => op.status === 'queued')) {
      await (this.#flushing ?? this.#flush());
      this.#clearSaveTimer();
      // Unreachable or busy: what waits stays queued for the next attempt.
      if (this.#unreachable || this.#failing) return;
    }
  }

  #flush(): Promise<void> {
    if (this.#flushing) return this.#flushing;
    this.#clearSaveTimer();
    this.#flushing = this.#sendQueued().finally(() => {
      this.#flushing = null;
      if (!this.#disposed) this.#armSaveTimer();
    });
    return this.#flushing;
  }

  /** Sends what is queued now, in order: neighbours of one group merged, the others alone. */
  async #sendQueued(): Promise<void> {
    const queued = this.#ops.filter((op) => op.status === 'queued');
    // What is sent waits no more; an edit made meanwhile starts the next wait.
    this.#waitingSince = null;
    let i = 0;
    while (i < queued.length) {
      const first = queued[i];
      if (!first) break;
      const key = batchKey(first.edit);
      let j = i + 1;
      if (key !== null) {
        while (j < queued.length && batchKey(queued[j]?.edit ?? first.edit) === key) j++;
      }
      // The server cannot be reached: the rest waits behind what failed, in order.
      if (!(await this.#send(queued.slice(i, j)))) return;
      i = j;
      if (this.#disposed) return;
    }
  }

  /** Sends one batch; answers false when the server could not be reached (the batch waits again). */
  async #send(candidates: Op[]): Promise<boolean> {
    const host = this.#host;
    // An edit of an element whose create failed goes with it.
    const stale = candidates.filter((op) => !this.#ops.includes(op) || idsOf(op.edit).some((id) => host.isDead(host.resolveId(id))));
    if (stale.length) host.drop(stale);
    const batch = candidates.filter((op) => !stale.includes(op));
    const first = batch[0];
    if (!first) return true;
    const edits = batch.map((op) => resolveEdit(op.edit, (id) => host.resolveId(id)));
    for (const op of batch) op.status = 'sent';
    this.#inFlight++;
    let revision: number;
    try {
      revision = await this.#request(first, edits);
    } catch (err) {
      this.#inFlight--;
      if (isUnreachable(err) || isPassing(err)) {
        // Nothing was refused: the edits stay shown and are sent again (the save state says so).
        for (const op of batch) op.status = 'queued';
        if (isUnreachable(err)) this.#unreachable = true;
        else this.#failing = { edit: first.edit, status: err instanceof ApiError ? err.status : 0 };
        this.#retrySaveLater();
        this.update();
        return false;
      }
      host.failed(batch, edits, err);
      host.settled();
      this.update();
      return true;
    }
    this.#inFlight--;
    if (this.#unreachable || this.#failing) this.#reachedAgain();
    for (const op of batch) {
      op.status = 'acked';
      op.ackRevision = revision;
    }
    this.#maxAckedRevision = Math.max(this.#maxAckedRevision, revision);
    host.acked(batch, revision);
    host.toast(successToasts(edits));
    host.settled();
    this.update();
    return true;
  }

  /** One request for the batch (its edits' ids resolved); answers the revision it was stored at. */
  async #request(first: Op, edits: Edit[]): Promise<number> {
    const { api, mapId } = this.#host;
    switch (saveGroup(first.edit.type)) {
      case 'elements':
        return (await api.patchElements(mapId, elementsPatch(edits))).revision;
      case 'global':
        return (await api.patchGlobalDesign(mapId, globalPatch(edits))).revision;
      case 'section': {
        const put = sectionPut(edits);
        return (await api.putSection(mapId, put.name, put.value)).revision;
      }
      case 'alone': {
        const edit = edits[0] ?? first.edit;
        const def = definitionOf(edit);
        if (def.group !== 'alone') throw new Error(`${edit.type} is saved with others`);
        const answered = (element: Node | Edge | ObjectTemplate) => {
          this.#host.answered(first, element);
        };
        return def.send({ api, mapId, answered }, edit);
      }
    }
  }

  #retrySaveLater(): void {
    if (this.#saveRetryTimer !== undefined || this.#disposed) return;
    this.#saveRetryMs = this.#saveRetryMs === 0 ? SAVE_RETRY_FIRST_MS : Math.min(SAVE_RETRY_MAX_MS, this.#saveRetryMs * 2);
    this.#saveRetryTimer = this.#host.timers.setTimeout(() => {
      this.#saveRetryTimer = undefined;
      void this.#flush();
    }, this.#saveRetryMs);
  }

  #reachedAgain(): void {
    this.#unreachable = false;
    this.#failing = null;
    this.#saveRetryMs = 0;
    if (this.#saveRetryTimer !== undefined) this.#host.timers.clearTimeout(this.#saveRetryTimer);
    this.#saveRetryTimer = undefined;
  }

  /** Stops the timers; what waits is written to storage now, for the next page to take up. */
  dispose(): void {
    this.#disposed = true;
    this.#clearSaveTimer();
    if (this.#saveRetryTimer !== undefined) this.#host.timers.clearTimeout(this.#saveRetryTimer);
    if (this.#keepTimer !== undefined) this.keepNow();
    this.#saveStateListeners.clear();
  }
}
