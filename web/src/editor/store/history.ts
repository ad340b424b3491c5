// The undo history: each step is the edits that undo what one did, with the fields it set, so
// that another editor's change to the same fields makes the step stale (undoing it then says so
// and changes nothing). What undoes each kind of edit is in its definition (edits/).
import type { SectionName } from '../../api/sections';
import { deepEqual, diffPaths, valueAt, type DocState, type Touched } from './state';
import type { Edit, EditResult } from './types';

type TargetKind = 'node' | 'edge' | 'template' | 'layer' | 'map' | 'global' | 'section';

/** Fields an undo step set on one element; another editor changing one makes the step stale. */
export interface Target {
  kind: TargetKind;
  id: number;
  /** With kind section: which one (id is then 0). */
  section?: SectionName;
  paths: string[];
}

export interface UndoEntry {
  edits: Edit[];
  targets: Target[];
  /** Another editor changed what the step set since: undoing it says so and changes nothing. */
  stale?: boolean;
  /** Steps recorded one after another with the same key are one step (arrow-key nudges). */
  key?: string;
}

/** Applies one edit of a step: its result and what undoes it, or null when it could not be applied. */
export type Perform = (edit: Edit, quiet: boolean) => { result: EditResult; entry: UndoEntry } | null;

/** The undo and redo stacks, each at most `limit` steps long. */
export class History {
  #undo: UndoEntry[] = [];
  #redo: UndoEntry[] = [];
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get canUndo(): boolean {
    return this.#undo.length > 0;
  }

  get canRedo(): boolean {
    return this.#redo.length > 0;
  }

  /** A new step of one's own: what could be redone is gone. */
  record(entry: UndoEntry): void {
    if (entry.edits.length === 0) return;
    const last = this.#undo[this.#undo.length - 1];
    if (entry.key !== undefined && last?.key === entry.key && !last.stale && this.#redo.length === 0) {
      // The newer step's inverse runs first, then the older's: undo goes back to before both.
      last.edits = [...entry.edits, ...last.edits];
      last.targets = [...last.targets, ...entry.targets];
      return;
    }
    this.#push(this.#undo, entry);
    this.#redo = [];
  }

  /**
   * Applies the edits `build` makes through `perform`, and records them as one step; each may name
   * what the earlier ones created by the temporary ids their results carry.
   */
  step(build: (apply: (edit: Edit) => EditResult) => void, perform: Perform, key?: string): void {
    const step: UndoEntry = { edits: [], targets: [] };
    if (key !== undefined) step.key = key;
    build((edit) => {
      const done = perform(edit, false);
      if (!done) return { ok: false };
      step.edits.unshift(...done.entry.edits);
      step.targets.push(...done.entry.targets);
      return done.result;
    });
    this.record(step);
  }

  /** Undoes the last step through `perform`: false when there is none, 'stale' when it is stale. */
  undo(perform: Perform): boolean | 'stale' {
    return this.#replay(this.takeUndo(), perform, (e) => {
      this.pushRedo(e);
    });
  }

  redo(perform: Perform): boolean | 'stale' {
    return this.#replay(this.takeRedo(), perform, (e) => {
      this.pushUndo(e);
    });
  }

  #replay(entry: UndoEntry | undefined, perform: Perform, keep: (inverse: UndoEntry) => void): boolean | 'stale' {
    if (!entry) return false;
    if (entry.stale) return 'stale';
    const inverses: UndoEntry = { edits: [], targets: [] };
    for (const edit of entry.edits) {
      const done = perform(edit, true);
      if (!done) continue;
      inverses.edits.unshift(...done.entry.edits);
      inverses.targets.push(...done.entry.targets);
    }
    keep(inverses);
    return true;
  }

  takeUndo(): UndoEntry | undefined {
    return this.#undo.pop();
  }

  takeRedo(): UndoEntry | undefined {
    return this.#redo.pop();
  }

  /** The step that takes back an undo (or a redo) goes on the other stack. */
  pushRedo(entry: UndoEntry): void {
    this.#push(this.#redo, entry);
  }

  pushUndo(entry: UndoEntry): void {
    this.#push(this.#undo, entry);
  }

  /** Marks the steps whose fields `changed` says another editor changed. */
  markStale(changed: (target: Target) => boolean): void {
    for (const e of [...this.#undo, ...this.#redo]) if (!e.stale && e.targets.some(changed)) e.stale = true;
  }

  clear(): void {
    this.#undo = [];
    this.#redo = [];
  }

  #push(stack: UndoEntry[], entry: UndoEntry): void {
    if (entry.edits.length === 0) return;
    stack.push(entry);
    if (stack.length > this.#limit) stack.shift();
  }
}

/** The fields a local edit set, element by element (t's values before it, the view after). */
export function targetsOf(t: Touched, view: DocState): Target[] {
  const out: Target[] = [];
  const add = (kind: TargetKind, id: number, prev: unknown, cur: unknown) => {
    const paths = prev === undefined || cur === undefined ? [''] : diffPaths(prev, cur);
    if (paths.length) out.push({ kind, id, paths });
  };
  for (const [id, prev] of t.nodes) add('node', id, prev, view.nodes.get(id));
  for (const [id, prev] of t.edges) add('edge', id, prev, view.edges.get(id));
  for (const [id, prev] of t.templates) add('template', id, prev, view.templates.get(id));
  if (t.layers) {
    for (const l of view.layers)
      add(
        'layer',
        l.id,
        t.layers.find((x) => x.id === l.id),
        l,
      );
  }
  if (t.map) add('map', 0, t.map, view.map);
  if (t.global) add('global', 0, t.global, view.global);
  // A section is replaced whole: another editor's change of any of it makes the step stale.
  for (const [name, prev] of t.sections) {
    if (!deepEqual(prev, view.sections[name])) out.push({ kind: 'section', id: 0, section: name, paths: [''] });
  }
  return out;
}

/** Whether another editor's change (t, applied to s) changed a field the target's step set. */
export function changedByOther(target: Target, t: Touched, s: DocState, resolve: (id: number) => number): boolean {
  const id = resolve(target.id);
  let prev: unknown;
  let cur: unknown;
  switch (target.kind) {
    case 'node':
      if (!t.nodes.has(id)) return false;
      [prev, cur] = [t.nodes.get(id), s.nodes.get(id)];
      break;
    case 'edge':
      if (!t.edges.has(id)) return false;
      [prev, cur] = [t.edges.get(id), s.edges.get(id)];
      break;
    case 'template':
      if (!t.templates.has(id)) return false;
      [prev, cur] = [t.templates.get(id), s.templates.get(id)];
      break;
    case 'layer':
      if (!t.layers) return false;
      [prev, cur] = [t.layers.find((l) => l.id === id), s.layers.find((l) => l.id === id)];
      break;
    case 'map':
      if (!t.map) return false;
      [prev, cur] = [t.map, s.map];
      break;
    case 'global':
      if (!t.global) return false;
      [prev, cur] = [t.global, s.global];
      break;
    case 'section':
      if (!target.section || !t.sections.has(target.section)) return false;
      [prev, cur] = [t.sections.get(target.section), s.sections[target.section]];
      break;
  }
  return target.paths.some((p) => !deepEqual(valueAt(prev, p), valueAt(cur, p)));
}
