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
//
// The parts live beside it: the pending edits and their sending in saveQueue.ts, the committed
// changes in revision order in inbox.ts, the undo steps in history.ts, the sections' reading in
// storeSections.ts, what subscribers are told in viewChanges.ts, what is done to an edit before
// it is applied in editPreparation.ts, and what each kind of edit does in edits/.
import type { Edge, GlobalDesign, Layer, MapDocument, MapSettings, Node, ObjectTemplate } from '../../api/document';
import { ApiError } from '../../api/http';
import type { SyncMapEdit } from '../../api/live';
import type { SectionName } from '../../api/sections';
import { DocumentViews } from './documentViews';
import { normalizeEdit, previewEdits } from './editPreparation';
import { applyEdit, definitionOf, inverseOf } from './edits';
import { changedByOther, History, targetsOf, type Perform, type UndoEntry } from './history';
import { Inbox } from './inbox';
import { Listeners } from './listeners';
import { failureToasts } from './requests';
import { SaveQueue, type Op } from './saveQueue';
import type { SaveState, SaveStateListener } from './saveState';
import type { SectionSnapshot } from './sectionStatus';
import { applyDelta, cloneState, Draft, stateFromDocument, Touched, type Sections } from './state';
import { StoreSections } from './storeSections';
import { TempIds } from './tempIds';
import type {
  DocumentStoreOptions,
  Edit,
  EditPreview,
  EditResult,
  LiveSource,
  PublishingListener,
  PublishingSync,
  StoreApi,
  StoreListener,
  Toast,
  ToastListener,
} from './types';
import { browserTimers } from './types';
import { changeOf } from './viewChanges';

export class DocumentStore {
  readonly mapId: number;
  readonly #userId: number;
  readonly #log: (message: string, error?: unknown) => void;
  readonly #getMap: StoreApi['getMap'];

  readonly #ids = new TempIds();

  readonly #queue: SaveQueue;
  readonly #inbox: Inbox;
  readonly #history: History;

  readonly #toastListeners = new Listeners<Toast>();
  readonly #publishingListeners = new Listeners<PublishingSync>();
  readonly #sections: StoreSections;
  readonly #docs: DocumentViews;
  #disposed = false;

  constructor(document: MapDocument, options: DocumentStoreOptions) {
    this.mapId = options.mapId;
    this.#userId = options.userId;
    const api = options.api;
    this.#getMap = api.getMap;
    const timers = options.timers ?? browserTimers;
    this.#history = new History(options.undoLimit ?? 100);
    this.#log =
      options.log ??
      ((message, error) => {
        console.warn(`document store: ${message}`, error);
      });
    this.#docs = new DocumentViews(document, (names) => {
      this.#sections.forget(names);
    });
    this.#queue = new SaveQueue(
      {
        mapId: this.mapId,
        api,
        timers,
        resolveId: (id) => this.resolveId(id),
        isDead: (id) => this.#ids.isDead(id),
        answered: (op, element) => {
          op.answer = element;
          if (op.createdId !== undefined) this.#ids.answered(op.createdId, element.id);
        },
        acked: (batch, revision) => {
          this.#acked(batch, revision);
        },
        failed: (batch, edits, err) => {
          this.#failed(batch, edits, err);
        },
        drop: (ops) => {
          this.#drop(ops);
        },
        settled: () => {
          this.#inbox.drain();
        },
        toast: (toasts) => {
          this.#toast(toasts);
        },
      },
      {
        userId: options.userId,
        debounceMs: options.debounceMs ?? 700,
        positionDebounceMs: options.positionDebounceMs ?? 100,
        storage: options.storage ?? null,
      },
    );
    this.#inbox = new Inbox(
      {
        mapId: this.mapId,
        userId: this.#userId,
        api,
        timers,
        revision: () => this.#docs.revision,
        inFlight: () => this.#queue.inFlight,
        maxAckedRevision: () => this.#queue.maxAckedRevision,
        apply: (frame) => {
          this.#applySync(frame);
        },
        reload: () => this.#reload(),
        publishing: (sync) => {
          this.#publishingListeners.tell(sync);
        },
        log: this.#log,
      },
      { gapGraceMs: options.gapGraceMs ?? 300, ownSyncWaitMs: options.ownSyncWaitMs ?? 10_000, retryMs: options.retryMs ?? 2_000 },
    );
    this.#sections = new StoreSections({
      mapId: this.mapId,
      getSection: api.getSection,
      confirmed: () => this.#docs.confirmed.sections,
      read: (name, value) => {
        const t = new Touched();
        new Draft(this.#docs.confirmed, t).setSection(name, value);
        this.#rebase([t], []);
      },
      changed: (names) => {
        this.#docs.emit(changeOf(names));
      },
      disposed: () => this.#disposed,
      log: this.#log,
    });
    this.#takeUpKeptEdits();
  }

  /**
   * Edits an earlier page of this map kept because the server did not have them yet: shown at
   * once and sent like new ones (they are not one's own steps to undo in this page).
   */
  #takeUpKeptEdits(): void {
    this.#queue.takeUpKept(
      (op) => {
        if (op.createdId !== undefined) this.#ids.reserve(op.createdId);
      },
      (op) => {
        try {
          const t = new Touched();
          const next = cloneState(this.#docs.view);
          applyEdit(new Draft(next, t), op.edit, this.#ids.context(op));
          this.#docs.view = next;
          op.touched = t;
          return true;
        } catch (err) {
          this.#log('a kept edit could not be applied; it is left out', err);
          return false;
        }
      },
    );
  }

  // --- Reading ---------------------------------------------------------------------------------

  get revision(): number {
    return this.#docs.revision;
  }

  /** Raised with every notification (a snapshot key for useSyncExternalStore). */
  get version(): number {
    return this.#docs.version;
  }

  /** The document as shown (local edits included); the same object until the next change. */
  get document(): MapDocument {
    return this.#docs.document;
  }

  getNode(id: number): Node | undefined {
    return this.#docs.view.nodes.get(this.resolveId(id));
  }

  getEdge(id: number): Edge | undefined {
    return this.#docs.view.edges.get(this.resolveId(id));
  }

  getTemplate(id: number): ObjectTemplate | undefined {
    return this.#docs.view.templates.get(id);
  }

  get map(): MapSettings {
    return this.#docs.view.map;
  }

  get layers(): readonly Layer[] {
    return this.#docs.view.layers;
  }

  get globalDesign(): GlobalDesign {
    return this.#docs.view.global;
  }

  /**
   * A section as shown (local edits included); null until read (see loadSection). The same object
   * until it changes (a snapshot for useSyncExternalStore).
   */
  section<N extends SectionName>(name: N): SectionSnapshot<N> {
    return this.#sections.snapshot(name, this.#docs.view.sections[name]);
  }

  /**
   * Reads a section unless it is read or being read (sections are not in GET /maps/{id}); after a
   * failure, tries again. Changes of others keep it current from then on.
   */
  loadSection(name: SectionName): void {
    this.#sections.load(name);
  }

  /** The server's id for a temporary one once its create is answered; other ids unchanged. */
  resolveId(id: number): number {
    return this.#ids.resolve(id);
  }

  /** Whether edits wait to be saved or are being saved. */
  get hasUnsavedChanges(): boolean {
    return this.#queue.hasUnsaved;
  }

  /** Saved, saving, offline or failing, with how many edits wait. */
  get saveState(): SaveState {
    return this.#queue.saveState;
  }

  onSaveState(listener: SaveStateListener): () => void {
    return this.#queue.onSaveState(listener);
  }

  /** Writes the unsaved edits to the browser's storage now (the page is being left). */
  keepNow(): void {
    this.#queue.keepNow();
  }

  /** Saves what waits now; resolves when nothing waits or is being saved. */
  flush(): Promise<void> {
    return this.#queue.flush();
  }

  get canUndo(): boolean {
    return this.#history.canUndo;
  }

  get canRedo(): boolean {
    return this.#history.canRedo;
  }

  subscribe(listener: StoreListener): () => void {
    return this.#docs.listeners.add(listener);
  }

  /** The toasts to show, by message key (translation is the caller's). */
  onToast(listener: ToastListener): () => void {
    return this.#toastListeners.add(listener);
  }

  /**
   * Publishing changes (map_published, map_reset, state_restored), in revision order, once
   * applied: after a reset or restore the document has been read again already.
   */
  onPublishing(listener: PublishingListener): () => void {
    return this.#publishingListeners.add(listener);
  }

  /**
   * What edits would take away and whose level range they would change, without applying them:
   * the dialogs that ask first count with the same rules that apply the edits.
   */
  preview(edits: Edit | Edit[]): EditPreview {
    return previewEdits(this.#docs.view, Array.isArray(edits) ? edits : [edits], (id) => this.resolveId(id));
  }

  // --- Local edits -----------------------------------------------------------------------------

  /** Applies an edit at once and queues it for saving; records its inverse for undo. */
  apply(edit: Edit): EditResult {
    return this.applyAll([edit])[0] ?? { ok: false };
  }

  /**
   * Applies edits in order as one step: one undo takes them all back (a deletion of a selection).
   * Steps given the same `key` one after another are one undo step (repeated arrow-key nudges).
   */
  applyAll(edits: Edit[], options: { key?: string } = {}): EditResult[] {
    const results: EditResult[] = [];
    this.applyStep((apply) => {
      for (const edit of edits) results.push(apply(edit));
    }, options);
    return results;
  }

  /**
   * Applies the edits `build` makes, one after another, as one undo step; each may name what the
   * earlier ones created by the temporary ids their results carry (a paste: nodes, then the
   * edges between them).
   */
  applyStep(build: (apply: (edit: Edit) => EditResult) => void, options: { key?: string } = {}): void {
    this.#history.step(build, this.#performer, options.key);
  }

  /** Undoes one's own last edit, by applying its inverse as a new edit (saved like any other). */
  undo(): boolean {
    return this.#undone(this.#history.undo(this.#performer));
  }

  redo(): boolean {
    return this.#undone(this.#history.redo(this.#performer));
  }

  #undone(done: boolean | 'stale'): boolean {
    if (done === 'stale') this.#toast([{ type: 'warning', key: 'undoStale' }]);
    return done !== false;
  }

  readonly #performer: Perform = (edit, quiet) => this.#perform(edit, quiet);

  #perform(raw: Edit, quiet: boolean): { result: EditResult; entry: UndoEntry } | null {
    if (this.#disposed) return null;
    const edit = normalizeEdit(raw, this.#docs.view, (id) => this.resolveId(id));
    if (!this.#targetsExist(edit)) {
      if (!quiet) this.#toast(failureToasts([edit], false).filter((t) => t.type === 'error'));
      return null;
    }
    const op: Op = { edit, status: 'queued', ackRevision: 0, touched: null };
    if (definitionOf(edit).creates) op.createdId = this.#ids.take();
    const t = new Touched();
    applyEdit(new Draft(this.#docs.view, t), edit, this.#ids.context(op));
    op.touched = t;
    this.#queue.add(op);
    const entry = {
      edits: inverseOf(edit, { t, view: this.#docs.view, resolve: (id) => this.resolveId(id), createdId: op.createdId }),
      targets: targetsOf(t, this.#docs.view),
    };
    this.#docs.emitTouched([t]);
    this.#queue.schedule(op);
    return { result: op.createdId === undefined ? { ok: true } : { ok: true, id: op.createdId }, entry };
  }

  #targetsExist(edit: Edit): boolean {
    if (this.#ids.namesDead(edit)) return false;
    return definitionOf(edit).exists(edit, this.#docs.view, (id) => this.resolveId(id));
  }

  // --- Answers ------------------------------------------------------------------------------

  /** The batch is stored at revision: it leaves once confirmed holds it (now, if it does). */
  #acked(batch: Op[], revision: number): void {
    this.#sections.saved(
      batch.map((op) => op.edit),
      null,
    );
    const replaced = batch.filter((op) => op.answer !== undefined);
    // Confirmed may hold it already (its sync waited no longer, or came with a catch-up).
    const done = revision <= this.#docs.revision;
    if (done) this.#queue.remove((op) => batch.includes(op));
    if (replaced.length || done) this.#rebase(done ? batch.flatMap((op) => (op.touched ? [op.touched] : [])) : [], replaced);
  }

  #failed(batch: Op[], edits: Edit[], err: unknown): void {
    const locked = err instanceof ApiError && err.code === 'element_locked';
    for (const op of batch) if (op.createdId !== undefined) this.#ids.failed(op.createdId);
    this.#drop(batch);
    this.#sections.saved(edits, err instanceof ApiError ? err.problems : {});
    if (edits.some((e) => e.type === 'deleteLayer')) this.#log('deleting a layer failed', err);
    this.#toast(failureToasts(edits, locked, err instanceof ApiError ? err.message : String(err)));
  }

  /** Takes ops out of the pending list; the replay without them reverts exactly them. */
  #drop(ops: Op[]): void {
    const gone = new Set(ops);
    // Edits queued for elements whose create failed would fail too.
    for (const op of this.#queue.ops) {
      if (op.status === 'queued' && this.#ids.namesDead(op.edit)) gone.add(op);
    }
    this.#queue.remove((op) => gone.has(op));
    this.#rebase(
      [...gone].flatMap((op) => (op.touched ? [op.touched] : [])),
      [],
    );
    this.#queue.update();
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
    this.#inbox.receive(frame);
  }

  /** A (re)connection: catch up when the server is ahead, or did not say (a resync). */
  connected(revision?: number): void {
    // Back online: what waits to be saved goes now, not at the next retry.
    this.#queue.reconnected();
    if (revision === undefined || revision > this.#docs.revision) void this.#inbox.catchUp();
  }

  #applySync(frame: SyncMapEdit): void {
    const t = new Touched();
    applyDelta(new Draft(this.#docs.confirmed, t), frame.data);
    this.#docs.revision = frame.revision;
    if (frame.user_id !== this.#userId) {
      this.#history.markStale((target) => changedByOther(target, t, this.#docs.confirmed, (id) => this.resolveId(id)));
    }
    const done = this.#queue.ops.filter((op) => op.status === 'acked' && op.ackRevision <= this.#docs.revision);
    if (this.#queue.ops.length === 0) {
      // Nothing pending: the view is confirmed, and takes the change the same way.
      const tv = new Touched();
      applyDelta(new Draft(this.#docs.view, tv), frame.data);
      this.#docs.emitTouched([tv]);
      return;
    }
    if (done.length) this.#queue.remove((op) => done.includes(op));
    this.#rebase([t, ...done.flatMap((op) => (op.touched ? [op.touched] : []))], []);
  }

  /**
   * The whole document again, pending edits on top (after 410, a restore or a reset). Edits that
   * wait to be saved for elements that are gone now fail, with their error. Answers false when
   * the map could not be read.
   */
  async #reload(): Promise<boolean> {
    let doc: MapDocument;
    let sections: Sections;
    try {
      [doc, sections] = await Promise.all([this.#getMap(this.mapId).then((answer) => answer.data), this.#sections.readAgain()]);
    } catch (err) {
      this.#log('reloading the map failed', err);
      return false;
    }
    if (this.#disposed) return true;
    this.#docs.confirmed = stateFromDocument(doc, sections);
    this.#docs.revision = doc.revision;
    this.#inbox.forgetUpTo(doc.revision);
    this.#queue.remove((op) => op.status === 'acked' && op.ackRevision <= doc.revision);
    // What others changed is unknown: no step can be trusted not to overwrite it.
    this.#history.clear();
    this.#rebase([], [], true);
    this.#dropOrphans();
    return true;
  }

  /** Queued edits whose elements the document no longer has: dropped, with their error. */
  #dropOrphans(): void {
    const orphans = this.#queue.ops.filter((op) => op.status === 'queued' && !this.#targetsExist(op.edit));
    if (orphans.length === 0) return;
    this.#drop(orphans);
    // A removal of what is gone already did what it meant to: no error for it.
    const failed = orphans.map((op) => op.edit).filter((e) => e.type !== 'removeNodes' && e.type !== 'removeEdges');
    if (failed.length) this.#toast(failureToasts(failed, false).filter((t) => t.type === 'error'));
  }

  // --- Notifying -------------------------------------------------------------------------------

  /** view = confirmed + pending edits; tells what differs from the view before. */
  #rebase(extra: Touched[], answered: Op[], reloaded = false): void {
    this.#docs.rebase(this.#queue.ops, (op) => this.#ids.context(op), extra, answered, reloaded);
  }

  #toast(toasts: Toast[]): void {
    for (const t of toasts) this.#toastListeners.tell(t);
  }

  /** Stops timers and listening; queued edits are not saved (call flush() first) but kept. */
  dispose(): void {
    this.#disposed = true;
    this.#queue.dispose();
    this.#inbox.dispose();
    this.#docs.listeners.clear();
    this.#toastListeners.clear();
    this.#publishingListeners.clear();
  }
}
