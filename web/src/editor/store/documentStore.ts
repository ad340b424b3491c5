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
// changes in revision order in inbox.ts, the undo steps in history.ts, and what each kind of edit
// does in edits/.
import { ApiError } from '../../api/http';
import type { SectionName, SectionValues } from '../../api/sections';
import type { Edge, GlobalDesign, Layer, MapDocument, MapSettings, Node, ObjectTemplate, TemplateRef } from '../../api/document';
import { NO_TEMPLATE } from '../../api/document';
import type { SyncMapEdit } from '../../api/live';
import { inheritTemplateEqual } from '../../map/style';
import { applyEdit, definitionOf, inverseOf } from './edits';
import { withoutRevision } from './edits/definition';
import { changedByOther, History, targetsOf, type UndoEntry } from './history';
import { Inbox } from './inbox';
import { failureToasts, idsOf } from './requests';
import { SaveQueue, type Op } from './saveQueue';
import { sectionsOf, SectionStatus, type SectionSnapshot } from './sectionStatus';
import type { SaveState, SaveStateListener } from './saveState';
import {
  applyDelta,
  cloneState,
  deepEqual,
  Draft,
  stateFromDocument,
  Touched,
  type ApplyContext,
  type DocState,
  type Sections,
} from './state';
import type {
  DocumentStoreOptions,
  Edit,
  EditPreview,
  EditResult,
  LiveSource,
  PublishingListener,
  StoreApi,
  StoreChange,
  StoreListener,
  StoreTimers,
  Toast,
  ToastListener,
} from './types';

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
  for (const t of touched) {
    for (const name of t.sections.keys()) {
      const was = prev.sections[name];
      if (was !== undefined && next.sections[name] !== was && deepEqual(was, next.sections[name])) next.sections[name] = was as never;
    }
  }
}

export class DocumentStore {
  readonly mapId: number;
  readonly #userId: number;
  readonly #log: (message: string, error?: unknown) => void;
  readonly #getMap: StoreApi['getMap'];
  readonly #getSection: StoreApi['getSection'];

  #confirmed: DocState;
  #view: DocState;
  #revision: number;
  /** Temporary id → server id, once a create is answered. */
  readonly #aliases = new Map<number, number>();
  /** Temporary ids whose create failed: edits naming them are dropped. */
  readonly #dead = new Set<number>();
  #nextTempId = -1;

  readonly #queue: SaveQueue;
  readonly #inbox: Inbox;
  readonly #history: History;

  readonly #listeners = new Set<StoreListener>();
  readonly #toastListeners = new Set<ToastListener>();
  readonly #publishingListeners = new Set<PublishingListener>();
  #snapshot: MapDocument | null = null;
  readonly #sections = new SectionStatus();
  #version = 0;
  #disposed = false;

  constructor(document: MapDocument, options: DocumentStoreOptions) {
    this.mapId = options.mapId;
    this.#userId = options.userId;
    const api = options.api;
    this.#getMap = api.getMap;
    this.#getSection = api.getSection;
    const timers = options.timers ?? browserTimers;
    this.#history = new History(options.undoLimit ?? 100);
    this.#log =
      options.log ??
      ((message, error) => {
        console.warn(`document store: ${message}`, error);
      });
    this.#confirmed = stateFromDocument(document);
    this.#view = cloneState(this.#confirmed);
    this.#revision = document.revision;
    this.#queue = new SaveQueue(
      {
        mapId: this.mapId,
        api,
        timers,
        resolveId: (id) => this.resolveId(id),
        isDead: (id) => this.#dead.has(id),
        answered: (op, element) => {
          op.answer = element;
          if (op.createdId !== undefined) this.#aliases.set(op.createdId, element.id);
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
        revision: () => this.#revision,
        inFlight: () => this.#queue.inFlight,
        maxAckedRevision: () => this.#queue.maxAckedRevision,
        apply: (frame) => {
          this.#applySync(frame);
        },
        reload: () => this.#reload(),
        publishing: (sync) => {
          for (const l of [...this.#publishingListeners]) l(sync);
        },
        log: this.#log,
      },
      { gapGraceMs: options.gapGraceMs ?? 300, ownSyncWaitMs: options.ownSyncWaitMs ?? 10_000, retryMs: options.retryMs ?? 2_000 },
    );
    this.#takeUpKeptEdits();
  }

  /**
   * Edits an earlier page of this map kept because the server did not have them yet: shown at
   * once and sent like new ones (they are not one's own steps to undo in this page).
   */
  #takeUpKeptEdits(): void {
    const kept = this.#queue.readKept();
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
        this.#queue.add(op);
      } catch (err) {
        this.#log('a kept edit could not be applied; it is left out', err);
      }
    }
    if (this.#queue.ops.length > 0) {
      this.#queue.update();
      // Sent once the page has set up around the store, not from inside its constructor.
      this.#queue.sendSoon();
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

  /**
   * A section as shown (local edits included); null until read (see loadSection). The same object
   * until it changes (a snapshot for useSyncExternalStore).
   */
  section<N extends SectionName>(name: N): SectionSnapshot<N> {
    return this.#sections.snapshot(name, this.#view.sections[name]);
  }

  /**
   * Reads a section unless it is read or being read (sections are not in GET /maps/{id}); after a
   * failure, tries again. Changes of others keep it current from then on.
   */
  loadSection(name: SectionName): void {
    if (this.#disposed || this.#confirmed.sections[name] !== undefined || this.#sections.isLoading(name)) return;
    if (this.#sections.loading(name)) this.#emitSections([name]);
    void this.#readSection(name);
  }

  async #readSection(name: SectionName): Promise<void> {
    let value: SectionValues[SectionName];
    try {
      value = withoutRevision(await this.#getSection(this.mapId, name));
    } catch (err) {
      this.#sections.loaded(name, err);
      if (!this.#disposed) this.#emitSections([name]);
      return;
    }
    this.#sections.loaded(name);
    // A change of others may have brought it first: the change log keeps that one current.
    if (this.#disposed || this.#confirmed.sections[name] !== undefined) return;
    const t = new Touched();
    new Draft(this.#confirmed, t).setSection(name, value);
    this.#rebase([t], []);
  }

  /** The server's id for a temporary one once its create is answered; other ids unchanged. */
  resolveId(id: number): number {
    return this.#aliases.get(id) ?? id;
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
    const step: UndoEntry = { edits: [], targets: [] };
    if (options.key !== undefined) step.key = options.key;
    build((edit) => {
      const done = this.#perform(edit, false);
      if (!done) return { ok: false };
      step.edits.unshift(...done.entry.edits);
      step.targets.push(...done.entry.targets);
      return done.result;
    });
    this.#history.record(step);
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
    this.#queue.add(op);
    const entry = {
      edits: inverseOf(edit, { t, view: this.#view, resolve: (id) => this.resolveId(id), createdId: op.createdId }),
      targets: targetsOf(t, this.#view),
    };
    this.#emitTouched([t]);
    this.#queue.schedule(op);
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

  // --- Answers ------------------------------------------------------------------------------

  /** The batch is stored at revision: it leaves once confirmed holds it (now, if it does). */
  #acked(batch: Op[], revision: number): void {
    this.#emitSections(this.#sections.saved(sectionsOf(batch.map((op) => op.edit)), null));
    const replaced = batch.filter((op) => op.answer !== undefined);
    // Confirmed may hold it already (its sync waited no longer, or came with a catch-up).
    const done = revision <= this.#revision;
    if (done) this.#queue.remove((op) => batch.includes(op));
    if (replaced.length || done) this.#rebase(done ? batch.flatMap((op) => (op.touched ? [op.touched] : [])) : [], replaced);
  }

  #failed(batch: Op[], edits: Edit[], err: unknown): void {
    const locked = err instanceof ApiError && err.code === 'element_locked';
    for (const op of batch) if (op.createdId !== undefined) this.#dead.add(op.createdId);
    this.#drop(batch);
    this.#emitSections(this.#sections.saved(sectionsOf(edits), err instanceof ApiError ? err.problems : {}));
    if (edits.some((e) => e.type === 'deleteLayer')) this.#log('deleting a layer failed', err);
    this.#toast(failureToasts(edits, locked, err instanceof ApiError ? err.message : String(err)));
  }

  /** Takes ops out of the pending list; the replay without them reverts exactly them. */
  #drop(ops: Op[]): void {
    const gone = new Set(ops);
    // Edits queued for elements whose create failed would fail too.
    for (const op of this.#queue.ops) {
      if (op.status === 'queued' && idsOf(op.edit).some((id) => this.#dead.has(this.resolveId(id)))) gone.add(op);
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
    if (revision === undefined || revision > this.#revision) void this.#inbox.catchUp();
  }

  #applySync(frame: SyncMapEdit): void {
    const t = new Touched();
    applyDelta(new Draft(this.#confirmed, t), frame.data);
    this.#revision = frame.revision;
    if (frame.user_id !== this.#userId) {
      this.#history.markStale((target) => changedByOther(target, t, this.#confirmed, (id) => this.resolveId(id)));
    }
    const done = this.#queue.ops.filter((op) => op.status === 'acked' && op.ackRevision <= this.#revision);
    if (this.#queue.ops.length === 0) {
      // Nothing pending: the view is confirmed, and takes the change the same way.
      const tv = new Touched();
      applyDelta(new Draft(this.#view, tv), frame.data);
      this.#emitTouched([tv]);
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
      [doc, sections] = await Promise.all([this.#getMap(this.mapId).then((answer) => answer.data), this.#readSectionsAgain()]);
    } catch (err) {
      this.#log('reloading the map failed', err);
      return false;
    }
    if (this.#disposed) return true;
    this.#confirmed = stateFromDocument(doc, sections);
    this.#revision = doc.revision;
    this.#inbox.forgetUpTo(doc.revision);
    this.#queue.remove((op) => op.status === 'acked' && op.ackRevision <= doc.revision);
    // What others changed is unknown: no step can be trusted not to overwrite it.
    this.#history.clear();
    this.#rebase([], [], true);
    this.#dropOrphans();
    return true;
  }

  /**
   * The sections read so far, read again for a reload (a restore puts back older ones). One that
   * cannot be read keeps its value (the change log brings later changes of it) and is logged.
   */
  async #readSectionsAgain(): Promise<Sections> {
    const out: Sections = { ...this.#confirmed.sections };
    const names = Object.keys(out) as SectionName[];
    await Promise.all(
      names.map(async (name) => {
        try {
          (out as Record<SectionName, unknown>)[name] = withoutRevision(await this.#getSection(this.mapId, name));
        } catch (err) {
          this.#log(`reading the section ${name} again failed`, err);
        }
      }),
    );
    return out;
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
    const prev = this.#view;
    const next = cloneState(this.#confirmed);
    const candidates = [...extra];
    for (const op of this.#queue.ops) {
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
  #diff(
    touched: Touched[],
    prev: DocState | null,
  ): StoreChange & { nodes: Set<number>; edges: Set<number>; templates: Set<number>; sections: Set<SectionName> } {
    const v = this.#view;
    const change = {
      nodes: new Set<number>(),
      edges: new Set<number>(),
      templates: new Set<number>(),
      layers: false,
      map: false,
      globalDesign: false,
      sections: new Set<SectionName>(),
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
      for (const [name, was] of t.sections) {
        if ((prev ? prev.sections[name] : was) !== v.sections[name]) change.sections.add(name);
      }
    }
    return change;
  }

  #emit(change: StoreChange): void {
    const empty =
      !change.reloaded &&
      change.nodes.size + change.edges.size + change.templates.size === 0 &&
      !change.layers &&
      !change.map &&
      !change.globalDesign &&
      change.sections.size === 0;
    this.#snapshot = null;
    this.#sections.forget(change.reloaded ? 'all' : change.sections);
    this.#version++;
    if (empty) return;
    for (const l of [...this.#listeners]) l(change);
  }

  /** Tells that sections' reading state or problems changed (their values did not). */
  #emitSections(names: SectionName[]): void {
    if (names.length === 0) return;
    this.#emit({
      nodes: new Set(),
      edges: new Set(),
      templates: new Set(),
      layers: false,
      map: false,
      globalDesign: false,
      sections: new Set(names),
      reloaded: false,
      replacedIds: { nodes: new Map(), edges: new Map() },
    });
  }

  #toast(toasts: Toast[]): void {
    for (const t of toasts) for (const l of [...this.#toastListeners]) l(t);
  }

  /** Stops timers and listening; queued edits are not saved (call flush() first) but kept. */
  dispose(): void {
    this.#disposed = true;
    this.#queue.dispose();
    this.#inbox.dispose();
    this.#listeners.clear();
    this.#toastListeners.clear();
    this.#publishingListeners.clear();
  }
}
