// The editor's document store: one map's document, the only way the editor changes it.
//
// It keeps two states: `confirmed`, the server's document at `revision` (sync_map_edit applied in
// revision order), and `view`, what the editor shows: confirmed with the pending local edits
// replayed on top. A remote change is applied to confirmed and the pending edits are replayed
// again, so that it never clobbers a newer local edit and a local edit never hides another
// field's remote change. A local edit leaves the pending list when confirmed contains it (its
// answer's revision was applied), or when it failed: replaying without it reverts exactly it.
//
// The store's own syncs come back (the author is included); one that arrives while its request
// is unanswered waits for the answer, so that confirmed never holds an edit that is still pending
// (which replaying would apply twice, and a created element would show twice).
import { ApiError } from '../../api/http';
import type {
  Edge,
  GlobalDesign,
  Layer,
  MapDocument,
  MapSettings,
  Node,
  ObjectTemplate,
  TemplateRef,
} from '../../api/document';
import { NO_TEMPLATE, PUBLISHING_SYNC_TYPES } from '../../api/document';
import type { SyncMapEdit } from '../../api/live';
import { inheritTemplateEqual } from '../../map/style';
import { keptEditsKey, readKeptEdits, writeKeptEdits, type EditStorage, type KeptEdit } from './keptEdits';
import { applyEdit, definitionOf, inverseOf } from './edits';
import {
  elementsPatch,
  failureToasts,
  globalPatch,
  idsOf,
  resolveEdit,
  saveGroup,
  savesAtOnce,
  successToasts,
} from './requests';
import { changedByOther, History, targetsOf, type UndoEntry } from './history';
import { isPassing, isUnreachable, sameSaveState, type SaveState, type SaveStateListener } from './saveState';
import {
  applyDelta,
  cloneState,
  deepEqual,
  Draft,
  stateFromDocument,
  Touched,
  type ApplyContext,
  type DocState,
} from './state';
import type {
  DocumentStoreOptions,
  Edit,
  EditPreview,
  EditResult,
  LiveSource,
  PublishingListener,
  PublishingSync,
  PublishingType,
  StoreApi,
  StoreChange,
  StoreListener,
  StoreTimers,
  Toast,
  ToastListener,
} from './types';

interface Op {
  edit: Edit;
  /** The temporary id of what a create or clone makes. */
  createdId?: number;
  /** The server's answer to a create or clone. */
  answer?: Node | Edge | ObjectTemplate;
  status: 'queued' | 'sent' | 'acked';
  /** With acked: the revision the answer named; the op leaves once confirmed reaches it. */
  ackRevision: number;
  /** What its last application touched (for telling subscribers what a replay changed). */
  touched: Touched | null;
}

const browserTimers: StoreTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    globalThis.clearTimeout(handle as number);
  },
  now: () => Date.now(),
};

/**
 * A replay builds new objects for everything it touches; an element equal to what was shown keeps
 * its old object, so that subscribers comparing identities re-render only what really changed.
 */
function keepIdentity(prev: DocState, next: DocState, touched: Touched[]): void {
  const keep = <T>(a: Map<number, T>, b: Map<number, T>, id: number) => {
    const was = a.get(id);
    const now = b.get(id);
    if (was !== undefined && now !== undefined && was !== now && deepEqual(was, now)) b.set(id, was);
  };
  for (const t of touched) {
    for (const id of t.nodes.keys()) keep(prev.nodes, next.nodes, id);
    for (const id of t.edges.keys()) keep(prev.edges, next.edges, id);
    for (const id of t.templates.keys()) keep(prev.templates, next.templates, id);
  }
  if (next.layers !== prev.layers && deepEqual(next.layers, prev.layers)) next.layers = prev.layers;
  if (next.map !== prev.map && deepEqual(next.map, prev.map)) next.map = prev.map;
  if (next.global !== prev.global && deepEqual(next.global, prev.global)) next.global = prev.global;
}

/** Waits between attempts to save while the server cannot be reached (ms). */
const SAVE_RETRY_FIRST_MS = 1_000;
const SAVE_RETRY_MAX_MS = 15_000;
/** Kept edits are written to the browser's storage at most this often while editing (ms). */
const KEEP_EVERY_MS = 250;

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

export class DocumentStore {
  readonly mapId: number;
  readonly #userId: number;
  readonly #api: StoreApi;
  readonly #timers: StoreTimers;
  readonly #debounceMs: number;
  readonly #positionDebounceMs: number;
  readonly #gapGraceMs: number;
  readonly #ownSyncWaitMs: number;
  readonly #retryMs: number;
  readonly #log: (message: string, error?: unknown) => void;

  #confirmed: DocState;
  #view: DocState;
  #revision: number;
  #pending: Op[] = [];
  /** Temporary id → server id, once a create is answered. */
  readonly #aliases = new Map<number, number>();
  /** Temporary ids whose create failed: edits naming them are dropped. */
  readonly #dead = new Set<number>();
  #nextTempId = -1;

  readonly #buffer = new Map<number, SyncMapEdit>();
  #inFlight = 0;
  /** The last save found no server: what waits is kept and sent again later (or on reconnect). */
  #unreachable = false;
  /** The last save got a passing failure (busy, restarting): what waits is sent again later. */
  #failing: { edit: Edit; status: number } | null = null;
  #saveState: SaveState = { kind: 'saved' };
  readonly #saveStateListeners = new Set<SaveStateListener>();
  readonly #storage: EditStorage | null;
  readonly #keptKey: string;
  #keepTimer: unknown;
  #saveRetryTimer: unknown;
  #saveRetryMs = 0;
  #maxAckedRevision = 0;
  #holdTimer: unknown;
  #holdExpiredAt: number | null = null;
  #gapTimer: unknown;
  #retryTimer: unknown;
  #catching = false;
  #catchAgain = false;
  /** A restore or reset is being read: later syncs wait in the buffer. */
  #reloading = false;

  #saveTimer: unknown;
  #lastEditAt = 0;
  #flushing: Promise<void> | null = null;

  readonly #history: History;

  readonly #listeners = new Set<StoreListener>();
  readonly #toastListeners = new Set<ToastListener>();
  readonly #publishingListeners = new Set<PublishingListener>();
  #snapshot: MapDocument | null = null;
  #version = 0;
  #disposed = false;

  constructor(document: MapDocument, options: DocumentStoreOptions) {
    this.mapId = options.mapId;
    this.#userId = options.userId;
    this.#api = options.api;
    this.#timers = options.timers ?? browserTimers;
    this.#debounceMs = options.debounceMs ?? 700;
    this.#positionDebounceMs = options.positionDebounceMs ?? 100;
    this.#gapGraceMs = options.gapGraceMs ?? 300;
    this.#ownSyncWaitMs = options.ownSyncWaitMs ?? 10_000;
    this.#retryMs = options.retryMs ?? 2_000;
    this.#history = new History(options.undoLimit ?? 100);
    this.#log =
      options.log ??
      ((message, error) => {
        console.warn(`document store: ${message}`, error);
      });
    this.#confirmed = stateFromDocument(document);
    this.#view = cloneState(this.#confirmed);
    this.#revision = document.revision;
    this.#storage = options.storage ?? null;
    this.#keptKey = keptEditsKey(options.mapId, options.userId);
    this.#takeUpKeptEdits();
  }

  /**
   * Edits an earlier page of this map kept because the server did not have them yet: shown at
   * once and sent like new ones (they are not one's own steps to undo in this page).
   */
  #takeUpKeptEdits(): void {
    const kept = readKeptEdits(this.#storage, this.#keptKey);
    for (const k of kept) if (k.createdId !== undefined) this.#nextTempId = Math.min(this.#nextTempId, k.createdId - 1);
    for (const k of kept) {
      const op: Op = { edit: k.edit, status: 'queued', ackRevision: 0, touched: null };
      if (k.createdId !== undefined) op.createdId = k.createdId;
      try {
        const t = new Touched();
        const next = cloneState(this.#view);
        applyEdit(new Draft(next, t), op.edit, this.#context(op));
        this.#view = next;
        op.touched = t;
        this.#pending.push(op);
      } catch (err) {
        this.#log('a kept edit could not be applied; it is left out', err);
      }
    }
    if (this.#pending.length > 0) {
      this.#updateSaveState();
      // Sent once the page has set up around the store, not from inside its constructor.
      this.#saveTimer = this.#timers.setTimeout(() => {
        this.#saveTimer = undefined;
        void this.#flush();
      }, 0);
    }
  }

  // --- Reading ---------------------------------------------------------------------------------

  get revision(): number {
    return this.#revision;
  }

  /** Raised with every notification (a snapshot key for useSyncExternalStore). */
  get version(): number {
    return this.#version;
  }

  /** The document as shown (local edits included); the same object until the next change. */
  get document(): MapDocument {
    this.#snapshot ??= {
      map: this.#view.map,
      nodes: [...this.#view.nodes.values()],
      edges: [...this.#view.edges.values()],
      object_templates: [...this.#view.templates.values()],
      global_design: this.#view.global,
      layers: this.#view.layers,
      revision: this.#revision,
    };
    return this.#snapshot;
  }

  getNode(id: number): Node | undefined {
    return this.#view.nodes.get(this.resolveId(id));
  }

  getEdge(id: number): Edge | undefined {
    return this.#view.edges.get(this.resolveId(id));
  }

  getTemplate(id: number): ObjectTemplate | undefined {
    return this.#view.templates.get(id);
  }

  get map(): MapSettings {
    return this.#view.map;
  }

  get layers(): readonly Layer[] {
    return this.#view.layers;
  }

  get globalDesign(): GlobalDesign {
    return this.#view.global;
  }

  /** The server's id for a temporary one once its create is answered; other ids unchanged. */
  resolveId(id: number): number {
    return this.#aliases.get(id) ?? id;
  }

  /** Whether edits wait to be saved or are being saved. */
  get hasUnsavedChanges(): boolean {
    return this.#pending.some((op) => op.status !== 'acked');
  }

  /** Saved, saving, offline or failing, with how many edits wait. */
  get saveState(): SaveState {
    return this.#saveState;
  }

  onSaveState(listener: SaveStateListener): () => void {
    this.#saveStateListeners.add(listener);
    return () => {
      this.#saveStateListeners.delete(listener);
    };
  }

  /** Writes the unsaved edits to the browser's storage now (the page is being left). */
  keepNow(): void {
    if (this.#keepTimer !== undefined) this.#timers.clearTimeout(this.#keepTimer);
    this.#keepTimer = undefined;
    const kept: KeptEdit[] = this.#pending
      .filter((op) => op.status !== 'acked')
      .map((op) => {
        const edit = resolveEdit(op.edit, (id) => this.resolveId(id));
        return op.createdId === undefined || this.#aliases.has(op.createdId) ? { edit } : { edit, createdId: op.createdId };
      });
    writeKeptEdits(this.#storage, this.#keptKey, kept);
  }

  /** Tells what saving is doing when that changed, and keeps what waits (soon). */
  #updateSaveState(): void {
    const count = this.#pending.filter((op) => op.status !== 'acked').length;
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
        this.#keepTimer = this.#timers.setTimeout(() => {
          this.#keepTimer = undefined;
          this.keepNow();
        }, KEEP_EVERY_MS);
      }
    }
    if (sameSaveState(next, this.#saveState)) return;
    this.#saveState = next;
    for (const l of [...this.#saveStateListeners]) l(next);
  }

  get canUndo(): boolean {
    return this.#history.canUndo;
  }

  get canRedo(): boolean {
    return this.#history.canRedo;
  }

  subscribe(listener: StoreListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** The toasts to show, by message key (translation is the caller's). */
  onToast(listener: ToastListener): () => void {
    this.#toastListeners.add(listener);
    return () => {
      this.#toastListeners.delete(listener);
    };
  }

  /**
   * Publishing changes (map_published, map_reset, state_restored), in revision order, once
   * applied: after a reset or restore the document has been read again already.
   */
  onPublishing(listener: PublishingListener): () => void {
    this.#publishingListeners.add(listener);
    return () => {
      this.#publishingListeners.delete(listener);
    };
  }

  /**
   * What edits would take away and whose level range they would change, without applying them:
   * the dialogs that ask first count with the same rules that apply the edits.
   */
  preview(edits: Edit | Edit[]): EditPreview {
    const t = new Touched();
    const copy = cloneState(this.#view);
    const draft = new Draft(copy, t);
    for (const edit of Array.isArray(edits) ? edits : [edits]) {
      applyEdit(draft, this.#normalize(edit), { resolve: (id) => this.resolveId(id) });
    }
    const out: EditPreview = { removedNodes: 0, removedEdges: 0, rangedNodes: 0, rangedEdges: 0 };
    for (const [id, was] of t.nodes) {
      const now = copy.nodes.get(id);
      if (was && !now) out.removedNodes++;
      else if (was && now && !deepEqual(was.visibility, now.visibility)) out.rangedNodes++;
    }
    for (const [id, was] of t.edges) {
      const now = copy.edges.get(id);
      if (was && !now) out.removedEdges++;
      else if (was && now && !deepEqual(was.visibility, now.visibility)) out.rangedEdges++;
    }
    return out;
  }

  // --- Local edits -----------------------------------------------------------------------------

  /** Applies an edit at once and queues it for saving; records its inverse for undo. */
  apply(edit: Edit): EditResult {
    return this.applyAll([edit])[0] ?? { ok: false };
  }

  /** Applies edits in order as one step: one undo takes them all back (a deletion of a selection). */
  applyAll(edits: Edit[]): EditResult[] {
    const step: UndoEntry = { edits: [], targets: [] };
    const results = edits.map((edit): EditResult => {
      const done = this.#perform(edit, false);
      if (!done) return { ok: false };
      step.edits.unshift(...done.entry.edits);
      step.targets.push(...done.entry.targets);
      return done.result;
    });
    this.#history.record(step);
    return results;
  }

  /** Undoes one's own last edit, by applying its inverse as a new edit (saved like any other). */
  undo(): boolean {
    return this.#step(this.#history.takeUndo(), (e) => {
      this.#history.pushRedo(e);
    });
  }

  redo(): boolean {
    return this.#step(this.#history.takeRedo(), (e) => {
      this.#history.pushUndo(e);
    });
  }

  #step(entry: UndoEntry | undefined, keep: (inverse: UndoEntry) => void): boolean {
    if (!entry) return false;
    if (entry.stale) {
      this.#toast([{ type: 'warning', key: 'undoStale' }]);
      return true;
    }
    const inverses: UndoEntry = { edits: [], targets: [] };
    for (const edit of entry.edits) {
      const done = this.#perform(edit, true);
      if (!done) continue;
      inverses.edits.unshift(...done.entry.edits);
      inverses.targets.push(...done.entry.targets);
    }
    keep(inverses);
    return true;
  }

  #perform(raw: Edit, quiet: boolean): { result: EditResult; entry: UndoEntry } | null {
    if (this.#disposed) return null;
    const edit = this.#normalize(raw);
    if (!this.#targetsExist(edit)) {
      if (!quiet) this.#toast(failureToasts([edit], false).filter((t) => t.type === 'error'));
      return null;
    }
    const op: Op = { edit, status: 'queued', ackRevision: 0, touched: null };
    if (definitionOf(edit).creates) op.createdId = this.#nextTempId--;
    const t = new Touched();
    applyEdit(new Draft(this.#view, t), edit, this.#context(op));
    op.touched = t;
    this.#pending.push(op);
    const entry = {
      edits: inverseOf(edit, { t, view: this.#view, resolve: (id) => this.resolveId(id), createdId: op.createdId }),
      targets: targetsOf(t, this.#view),
    };
    this.#emitTouched([t]);
    this.#lastEditAt = this.#timers.now();
    this.#updateSaveState();
    this.#scheduleSave(edit);
    return { result: op.createdId === undefined ? { ok: true } : { ok: true, id: op.createdId }, entry };
  }

  /**
   * A new node or edge without a template of its own follows the global design's default one
   * (its templates section), when that still exists; "a change equal to the template-computed
   * value is saved as null" (spec §4).
   */
  #normalize(edit: Edit): Edit {
    if (edit.type === 'createNode' && edit.node.design.object_template === undefined) {
      const ref = this.#defaultTemplate('node');
      return ref ? { ...edit, node: { ...edit.node, design: { ...edit.node.design, object_template: ref } } } : edit;
    }
    if (edit.type === 'createEdge' && edit.edge.design?.object_template === undefined) {
      const ref = this.#defaultTemplate('edge');
      return ref ? { ...edit, edge: { ...edit.edge, design: { ...edit.edge.design, object_template: ref } } } : edit;
    }
    if (edit.type !== 'setNodeDesign' && edit.type !== 'setEdgeDesign') return edit;
    const target = edit.type === 'setNodeDesign' ? 'node' : 'edge';
    const el = target === 'node' ? this.getNode(edit.id) : this.getEdge(edit.id);
    const ref = el?.template ?? NO_TEMPLATE;
    const template = ref === NO_TEMPLATE ? undefined : this.#view.templates.get(Number(ref));
    const design = inheritTemplateEqual(target, edit.design, template, this.#view.global);
    return design === edit.design ? edit : { ...edit, design };
  }

  #defaultTemplate(kind: 'node' | 'edge'): TemplateRef | null {
    const ref = this.#view.global.templates[`${kind}_template`];
    if (typeof ref !== 'string' || ref === NO_TEMPLATE) return null;
    return this.#view.templates.get(Number(ref))?.type === kind ? ref : null;
  }

  #targetsExist(edit: Edit): boolean {
    if (idsOf(edit).some((id) => this.#dead.has(this.resolveId(id)))) return false;
    return definitionOf(edit).exists(edit, this.#view, (id) => this.resolveId(id));
  }

  #context(op: Op): ApplyContext {
    const ctx: ApplyContext = { resolve: (id) => this.resolveId(id) };
    if (op.createdId !== undefined) ctx.createdId = this.resolveId(op.createdId);
    if (op.answer) ctx.answer = op.answer;
    return ctx;
  }

  // --- Saving ----------------------------------------------------------------------------------

  #scheduleSave(edit: Edit): void {
    if (savesAtOnce(edit.type)) {
      this.#clearSaveTimer();
      void this.#flush();
      return;
    }
    this.#armSaveTimer();
  }

  /** The quiet time: 100 ms when only positions wait, else 700 ms, from the last edit. */
  #armSaveTimer(): void {
    this.#clearSaveTimer();
    // While the server cannot be reached or is busy, the retry timer sends what waits.
    if (this.#unreachable || this.#failing) return;
    const queued = this.#pending.filter((op) => op.status === 'queued');
    if (queued.length === 0) return;
    if (queued.some((op) => savesAtOnce(op.edit.type))) {
      void this.#flush();
      return;
    }
    const onlyPositions = queued.every((op) => op.edit.type === 'moveNodes');
    const quiet = onlyPositions ? this.#positionDebounceMs : this.#debounceMs;
    const wait = Math.max(0, this.#lastEditAt + quiet - this.#timers.now());
    this.#saveTimer = this.#timers.setTimeout(() => {
      this.#saveTimer = undefined;
      void this.#flush();
    }, wait);
  }

  #clearSaveTimer(): void {
    if (this.#saveTimer !== undefined) this.#timers.clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
  }

  /** Saves what waits now; resolves when nothing waits or is being saved. */
  async flush(): Promise<void> {
    this.#clearSaveTimer();
    while (this.#flushing || this.#pending.some((op) => op.status === 'queued')) {
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
    const queued = this.#pending.filter((op) => op.status === 'queued');
    let i = 0;
    while (i < queued.length) {
      const first = queued[i];
      if (!first) break;
      const group = saveGroup(first.edit.type);
      let j = i + 1;
      if (group !== 'alone') {
        while (j < queued.length && saveGroup(queued[j]?.edit.type ?? 'createNode') === group) j++;
      }
      // The server cannot be reached: the rest waits behind what failed, in order.
      if (!(await this.#send(queued.slice(i, j)))) return;
      i = j;
      if (this.#disposed) return;
    }
  }

  /** Sends one batch; answers false when the server could not be reached (the batch waits again). */
  async #send(candidates: Op[]): Promise<boolean> {
    // An edit of an element whose create failed goes with it.
    const stale = candidates.filter(
      (op) => !this.#pending.includes(op) || idsOf(op.edit).some((id) => this.#dead.has(this.resolveId(id))),
    );
    if (stale.length) this.#drop(stale);
    const batch = candidates.filter((op) => !stale.includes(op));
    const first = batch[0];
    if (!first) return true;
    const edits = batch.map((op) => resolveEdit(op.edit, (id) => this.resolveId(id)));
    for (const op of batch) op.status = 'sent';
    this.#inFlight++;
    let revision: number;
    try {
      switch (saveGroup(first.edit.type)) {
        case 'elements':
          revision = (await this.#api.patchElements(this.mapId, elementsPatch(edits))).revision;
          break;
        case 'global':
          revision = (await this.#api.patchGlobalDesign(this.mapId, globalPatch(edits))).revision;
          break;
        case 'alone':
          revision = await this.#sendAlone(first, edits[0] ?? first.edit);
          break;
      }
    } catch (err) {
      this.#inFlight--;
      if (isUnreachable(err) || isPassing(err)) {
        // Nothing was refused: the edits stay shown and are sent again (the save state says so).
        for (const op of batch) op.status = 'queued';
        if (isUnreachable(err)) this.#unreachable = true;
        else this.#failing = { edit: first.edit, status: err instanceof ApiError ? err.status : 0 };
        this.#retrySaveLater();
        this.#updateSaveState();
        return false;
      }
      this.#failed(batch, edits, err);
      this.#drain();
      this.#updateSaveState();
      return true;
    }
    this.#inFlight--;
    if (this.#unreachable || this.#failing) this.#reachedAgain();
    this.#acked(batch, revision);
    this.#toast(successToasts(edits));
    this.#drain();
    this.#updateSaveState();
    return true;
  }

  #retrySaveLater(): void {
    if (this.#saveRetryTimer !== undefined || this.#disposed) return;
    this.#saveRetryMs = this.#saveRetryMs === 0 ? SAVE_RETRY_FIRST_MS : Math.min(SAVE_RETRY_MAX_MS, this.#saveRetryMs * 2);
    this.#saveRetryTimer = this.#timers.setTimeout(() => {
      this.#saveRetryTimer = undefined;
      void this.#flush();
    }, this.#saveRetryMs);
  }

  #reachedAgain(): void {
    this.#unreachable = false;
    this.#failing = null;
    this.#saveRetryMs = 0;
    if (this.#saveRetryTimer !== undefined) this.#timers.clearTimeout(this.#saveRetryTimer);
    this.#saveRetryTimer = undefined;
  }

  #sendAlone(op: Op, edit: Edit): Promise<number> {
    const def = definitionOf(edit);
    if (def.group !== 'alone') throw new Error(`${edit.type} is saved with others`);
    return def.send(
      {
        api: this.#api,
        mapId: this.mapId,
        answered: (element) => {
          this.#answered(op, element);
        },
      },
      edit,
    );
  }

  #answered(op: Op, element: Node | Edge | ObjectTemplate): void {
    op.answer = element;
    if (op.createdId !== undefined) this.#aliases.set(op.createdId, element.id);
  }

  #acked(batch: Op[], revision: number): void {
    for (const op of batch) {
      op.status = 'acked';
      op.ackRevision = revision;
    }
    this.#maxAckedRevision = Math.max(this.#maxAckedRevision, revision);
    const replaced = batch.filter((op) => op.answer !== undefined);
    // Confirmed may hold it already (its sync waited no longer, or came with a catch-up).
    const done = revision <= this.#revision;
    if (done) this.#pending = this.#pending.filter((op) => !batch.includes(op));
    if (replaced.length || done) this.#rebase(done ? batch.flatMap((op) => (op.touched ? [op.touched] : [])) : [], replaced);
  }

  #failed(batch: Op[], edits: Edit[], err: unknown): void {
    const locked = err instanceof ApiError && err.code === 'element_locked';
    for (const op of batch) if (op.createdId !== undefined) this.#dead.add(op.createdId);
    this.#drop(batch);
    if (edits.some((e) => e.type === 'deleteLayer')) this.#log('deleting a layer failed', err);
    this.#toast(failureToasts(edits, locked, err instanceof ApiError ? err.message : String(err)));
  }

  /** Takes ops out of the pending list; the replay without them reverts exactly them. */
  #drop(ops: Op[]): void {
    const gone = new Set(ops);
    // Edits queued for elements whose create failed would fail too.
    for (const op of this.#pending) {
      if (op.status === 'queued' && idsOf(op.edit).some((id) => this.#dead.has(this.resolveId(id)))) gone.add(op);
    }
    this.#pending = this.#pending.filter((op) => !gone.has(op));
    this.#rebase(
      [...gone].flatMap((op) => (op.touched ? [op.touched] : [])),
      [],
    );
    this.#updateSaveState();
  }

  // --- Server changes --------------------------------------------------------------------------

  /** Listens to a live connection's syncs and (re)connections; answers the unsubscribe. */
  attach(live: LiveSource): () => void {
    const offs = [
      live.on('sync_map_edit', (frame) => {
        this.receiveSync(frame);
      }),
      live.on('connected', (data) => {
        this.connected(data.revision);
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }

  /** A committed change: applied in revision order; a later one waits for the missing ones. */
  receiveSync(frame: SyncMapEdit): void {
    if (this.#disposed || frame.revision <= this.#revision) return;
    this.#buffer.set(frame.revision, frame);
    this.#drain();
  }

  /** A (re)connection: catch up when the server is ahead, or did not say (a resync). */
  connected(revision?: number): void {
    // Back online: what waits to be saved goes now, not at the next retry.
    if (this.#unreachable || this.#failing) {
      this.#reachedAgain();
      void this.#flush();
    }
    if (revision === undefined || revision > this.#revision) void this.#catchUp();
  }

  #drain(): void {
    if (this.#disposed || this.#reloading) return;
    for (;;) {
      const frame = this.#buffer.get(this.#revision + 1);
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
      this.#applySync(frame);
      if (PUBLISHING_TYPES.has(frame.type)) this.#publishing(publishingSync(frame));
    }
    this.#clearHold();
    if (this.#buffer.size > 0) this.#armGap();
    else this.#clearGap();
  }

  /** An own sync newer than every answer while a request is out: its answer comes first. */
  #mustWait(frame: SyncMapEdit): boolean {
    return (
      frame.user_id === this.#userId &&
      this.#inFlight > 0 &&
      frame.revision > this.#maxAckedRevision &&
      this.#holdExpiredAt !== frame.revision
    );
  }

  #armHold(revision: number): void {
    if (this.#holdTimer !== undefined) return;
    this.#holdTimer = this.#timers.setTimeout(() => {
      this.#holdTimer = undefined;
      this.#holdExpiredAt = revision;
      this.#drain();
    }, this.#ownSyncWaitMs);
  }

  #clearHold(): void {
    if (this.#holdTimer !== undefined) this.#timers.clearTimeout(this.#holdTimer);
    this.#holdTimer = undefined;
  }

  #armGap(): void {
    if (this.#gapTimer !== undefined || this.#catching) return;
    this.#gapTimer = this.#timers.setTimeout(() => {
      this.#gapTimer = undefined;
      void this.#catchUp();
    }, this.#gapGraceMs);
  }

  #clearGap(): void {
    if (this.#gapTimer !== undefined) this.#timers.clearTimeout(this.#gapTimer);
    this.#gapTimer = undefined;
  }

  #applySync(frame: SyncMapEdit): void {
    const t = new Touched();
    applyDelta(new Draft(this.#confirmed, t), frame.data);
    this.#revision = frame.revision;
    if (frame.user_id !== this.#userId) {
      this.#history.markStale((target) => changedByOther(target, t, this.#confirmed, (id) => this.resolveId(id)));
    }
    const done = this.#pending.filter((op) => op.status === 'acked' && op.ackRevision <= this.#revision);
    if (this.#pending.length === 0) {
      // Nothing pending: the view is confirmed, and takes the change the same way.
      const tv = new Touched();
      applyDelta(new Draft(this.#view, tv), frame.data);
      this.#emitTouched([tv]);
      return;
    }
    if (done.length) this.#pending = this.#pending.filter((op) => !done.includes(op));
    this.#rebase([t, ...done.flatMap((op) => (op.touched ? [op.touched] : []))], []);
  }

  async #catchUp(): Promise<void> {
    if (this.#catching) {
      this.#catchAgain = true;
      return;
    }
    this.#catching = true;
    this.#clearGap();
    try {
      const list = await this.#api.getChanges(this.mapId, this.#revision);
      for (const c of list.changes) {
        if (c.revision > this.#revision) {
          this.#buffer.set(c.revision, { revision: c.revision, user_id: c.user_id, type: c.type, data: c.data });
        }
      }
    } catch (err) {
      if (!isGone(err)) this.#retryLater('catching up failed', err);
      else if (!(await this.#reload())) this.#retryLater('reloading the map failed', err);
    } finally {
      this.#catching = false;
    }
    this.#drain();
    if (this.#catchAgain) {
      this.#catchAgain = false;
      await this.#catchUp();
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
      ok = await this.#reload();
    } finally {
      this.#reloading = false;
    }
    if (this.#disposed) return;
    if (!ok) {
      // Tried again with the next catch-up; the frame waits where it was.
      if (frame.revision > this.#revision) this.#buffer.set(frame.revision, frame);
      this.#retryLater('reloading the restored map failed', null);
      return;
    }
    this.#publishing(publishingSync(frame));
    this.#drain();
  }

  /**
   * The whole document again, pending edits on top (after 410, a restore or a reset). Edits that
   * wait to be saved for elements that are gone now fail, with their error. Answers false when
   * the map could not be read.
   */
  async #reload(): Promise<boolean> {
    let doc: MapDocument;
    try {
      doc = (await this.#api.getMap(this.mapId)).data;
    } catch (err) {
      this.#log('reloading the map failed', err);
      return false;
    }
    if (this.#disposed) return true;
    this.#confirmed = stateFromDocument(doc);
    this.#revision = doc.revision;
    for (const r of [...this.#buffer.keys()]) if (r <= doc.revision) this.#buffer.delete(r);
    this.#pending = this.#pending.filter((op) => !(op.status === 'acked' && op.ackRevision <= doc.revision));
    // What others changed is unknown: no step can be trusted not to overwrite it.
    this.#history.clear();
    this.#rebase([], [], true);
    this.#dropOrphans();
    return true;
  }

  /** Queued edits whose elements the document no longer has: dropped, with their error. */
  #dropOrphans(): void {
    const orphans = this.#pending.filter((op) => op.status === 'queued' && !this.#targetsExist(op.edit));
    if (orphans.length === 0) return;
    this.#drop(orphans);
    // A removal of what is gone already did what it meant to: no error for it.
    const failed = orphans.map((op) => op.edit).filter((e) => e.type !== 'removeNodes' && e.type !== 'removeEdges');
    if (failed.length) this.#toast(failureToasts(failed, false).filter((t) => t.type === 'error'));
  }

  #publishing(sync: PublishingSync): void {
    for (const l of [...this.#publishingListeners]) l(sync);
  }

  #retryLater(message: string, err: unknown): void {
    this.#log(message, err);
    if (this.#retryTimer !== undefined || this.#disposed) return;
    this.#retryTimer = this.#timers.setTimeout(() => {
      this.#retryTimer = undefined;
      void this.#catchUp();
    }, this.#retryMs);
  }

  // --- Notifying -------------------------------------------------------------------------------

  /** view = confirmed + pending edits; tells what differs from the view before. */
  #rebase(extra: Touched[], answered: Op[], reloaded = false): void {
    const prev = this.#view;
    const next = cloneState(this.#confirmed);
    const candidates = [...extra];
    for (const op of this.#pending) {
      if (op.touched) candidates.push(op.touched);
      const t = new Touched();
      applyEdit(new Draft(next, t), op.edit, this.#context(op));
      op.touched = t;
      candidates.push(t);
    }
    keepIdentity(prev, next, candidates);
    this.#view = next;
    const change = this.#diff(candidates, prev);
    for (const op of answered) {
      if (op.createdId === undefined || !op.answer) continue;
      const creates = definitionOf(op.edit).creates;
      if (creates === 'template') {
        change.templates.add(op.createdId);
        continue;
      }
      const map = creates === 'edge' ? change.replacedIds.edges : change.replacedIds.nodes;
      (map as Map<number, number>).set(op.createdId, op.answer.id);
      (creates === 'edge' ? change.edges : change.nodes).add(op.createdId);
    }
    change.reloaded = reloaded;
    this.#emit(change);
  }

  #emitTouched(touched: Touched[]): void {
    this.#emit(this.#diff(touched, null));
  }

  /** What differs between `prev` (or each touched's values before) and the view. */
  #diff(touched: Touched[], prev: DocState | null): StoreChange & { nodes: Set<number>; edges: Set<number>; templates: Set<number> } {
    const v = this.#view;
    const change = {
      nodes: new Set<number>(),
      edges: new Set<number>(),
      templates: new Set<number>(),
      layers: false,
      map: false,
      globalDesign: false,
      reloaded: false,
      replacedIds: { nodes: new Map<number, number>(), edges: new Map<number, number>() },
    };
    for (const t of touched) {
      for (const [id, was] of t.nodes) if ((prev ? prev.nodes.get(id) : was) !== v.nodes.get(id)) change.nodes.add(id);
      for (const [id, was] of t.edges) if ((prev ? prev.edges.get(id) : was) !== v.edges.get(id)) change.edges.add(id);
      for (const [id, was] of t.templates) {
        if ((prev ? prev.templates.get(id) : was) !== v.templates.get(id)) change.templates.add(id);
      }
      if (t.layers && (prev ? prev.layers : t.layers) !== v.layers) change.layers = true;
      if (t.map && (prev ? prev.map : t.map) !== v.map) change.map = true;
      if (t.global && (prev ? prev.global : t.global) !== v.global) change.globalDesign = true;
    }
    return change;
  }

  #emit(change: StoreChange): void {
    const empty =
      !change.reloaded &&
      change.nodes.size + change.edges.size + change.templates.size === 0 &&
      !change.layers &&
      !change.map &&
      !change.globalDesign;
    this.#snapshot = null;
    this.#version++;
    if (empty) return;
    for (const l of [...this.#listeners]) l(change);
  }

  #toast(toasts: Toast[]): void {
    for (const t of toasts) for (const l of [...this.#toastListeners]) l(t);
  }

  /** Stops timers and listening; queued edits are not saved (call flush() first). */
  dispose(): void {
    this.#disposed = true;
    this.#clearSaveTimer();
    this.#clearHold();
    this.#clearGap();
    if (this.#retryTimer !== undefined) this.#timers.clearTimeout(this.#retryTimer);
    if (this.#saveRetryTimer !== undefined) this.#timers.clearTimeout(this.#saveRetryTimer);
    if (this.#keepTimer !== undefined) {
      // What waits is written now: the next page takes it up.
      this.keepNow();
    }
    this.#saveStateListeners.clear();
    this.#listeners.clear();
    this.#toastListeners.clear();
    this.#publishingListeners.clear();
  }
}
