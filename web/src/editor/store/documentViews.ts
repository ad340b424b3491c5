// The document store's two states and what its subscribers are told of them: `confirmed`, the
// server's document at `revision`, and `view`, confirmed with the pending local edits replayed on
// top (documentStore.ts says why).
import type { MapDocument } from '../../api/document';
import type { SectionName } from '../../api/sections';
import { applyEdit } from './edits';
import { Listeners } from './listeners';
import type { Op } from './saveQueue';
import { cloneState, Draft, stateFromDocument, Touched, type ApplyContext, type DocState } from './state';
import type { StoreChange } from './types';
import { diffView, isEmpty, keepIdentity, noteAnswered } from './viewChanges';

export class DocumentViews {
  confirmed: DocState;
  view: DocState;
  revision: number;
  /** Raised with every notification (a snapshot key for useSyncExternalStore). */
  version = 0;
  readonly listeners = new Listeners<StoreChange>();
  #snapshot: MapDocument | null = null;
  /** Sections whose snapshots are to be made again (their value, state or problems changed). */
  readonly #forgetSections: (names: Iterable<SectionName> | 'all') => void;

  constructor(document: MapDocument, forgetSections: (names: Iterable<SectionName> | 'all') => void) {
    this.confirmed = stateFromDocument(document);
    this.view = cloneState(this.confirmed);
    this.revision = document.revision;
    this.#forgetSections = forgetSections;
  }

  /** The document as shown (local edits included); the same object until the next change. */
  get document(): MapDocument {
    this.#snapshot ??= {
      map: this.view.map,
      nodes: [...this.view.nodes.values()],
      edges: [...this.view.edges.values()],
      object_templates: [...this.view.templates.values()],
      global_design: this.view.global,
      layers: this.view.layers,
      revision: this.revision,
    };
    return this.#snapshot;
  }

  /**
   * view = confirmed + the pending edits `ops`; tells what differs from the view before (`extra`:
   * what else may have changed, `answered`: creates whose elements have the server's id now).
   */
  rebase(ops: readonly Op[], context: (op: Op) => ApplyContext, extra: Touched[], answered: Op[], reloaded = false): void {
    const prev = this.view;
    const next = cloneState(this.confirmed);
    const candidates = [...extra];
    for (const op of ops) {
      if (op.touched) candidates.push(op.touched);
      const t = new Touched();
      applyEdit(new Draft(next, t), op.edit, context(op));
      op.touched = t;
      candidates.push(t);
    }
    keepIdentity(prev, next, candidates);
    this.view = next;
    const change = diffView(next, candidates, prev);
    noteAnswered(change, answered);
    change.reloaded = reloaded;
    this.emit(change);
  }

  /** Tells what the view's change recorded in `touched` changed. */
  emitTouched(touched: Touched[]): void {
    this.emit(diffView(this.view, touched, null));
  }

  emit(change: StoreChange): void {
    this.#snapshot = null;
    this.#forgetSections(change.reloaded ? 'all' : change.sections);
    this.version++;
    if (isEmpty(change)) return;
    this.listeners.tell(change);
  }
}
