// The undo history: each step is the edits that undo what one did, with the fields it set, so
// that another editor's change to the same fields makes the step stale (undoing it then says so
// and changes nothing). inverseOf holds, for every edit, what undoes it.
import type { MapSettings, GlobalDesign } from '../../api/document';
import { deepEqual, diffPaths, valueAt, type DocState, type Touched } from './state';
import { loneEdges } from './requests';
import type { Edit } from './types';

type TargetKind = 'node' | 'edge' | 'template' | 'layer' | 'map' | 'global';

/** Fields an undo step set on one element; another editor changing one makes the step stale. */
export interface Target {
  kind: TargetKind;
  id: number;
  paths: string[];
}

export interface UndoEntry {
  edits: Edit[];
  targets: Target[];
  /** Another editor changed what the step set since: undoing it says so and changes nothing. */
  stale?: boolean;
}

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
    this.#push(this.#undo, entry);
    this.#redo = [];
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

/**
 * The edits that undo `edit`, from the values before it (t's) and the view after it; createdId
 * is the temporary id of what the edit created.
 */
export function inverseOf(edit: Edit, t: Touched, view: DocState, r: (id: number) => number, createdId?: number): Edit[] {
  const before = (id: number) => t.nodes.get(r(id)) ?? view.nodes.get(r(id));
  const edgeBefore = (id: number) => t.edges.get(r(id)) ?? view.edges.get(r(id));
  const designUndo = (prev: object, cur: object): Record<string, unknown> => {
    const p = prev as Record<string, unknown>;
    const c = cur as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of new Set([...Object.keys(p), ...Object.keys(c)])) {
      if (k !== 'object_template' && !deepEqual(p[k], c[k])) out[k] = p[k] ?? null;
    }
    return out;
  };
  const contentUndo = (prev: object, patch: object): Record<string, Record<string, unknown>> => {
    const out: Record<string, Record<string, unknown>> = {};
    for (const [lang, fields] of Object.entries(patch)) {
      const was = (prev as Record<string, Record<string, unknown> | undefined>)[lang] ?? {};
      out[lang] = {};
      for (const k of Object.keys(fields as object)) out[lang][k] = was[k] ?? (k === 'translated' ? false : '');
    }
    return out;
  };
  switch (edit.type) {
    case 'moveNodes':
      return [
        {
          type: 'moveNodes',
          positions: edit.positions.flatMap((p) => {
            const n = before(p.id);
            return n ? [{ id: r(p.id), center: n.geometry.center }] : [];
          }),
        },
      ];
    case 'setNodeDesign': {
      const prev = before(edit.id);
      const cur = view.nodes.get(r(edit.id));
      if (!prev || !cur) return [];
      const design = designUndo(prev.design, cur.design);
      return Object.keys(design).length ? [{ type: 'setNodeDesign', id: r(edit.id), design }] : [];
    }
    case 'setNodeContent': {
      const prev = before(edit.id);
      return prev ? [{ type: 'setNodeContent', id: r(edit.id), content: contentUndo(prev.content, edit.content) }] : [];
    }
    case 'setNodeNavigation': {
      const prev = before(edit.id);
      if (!prev) return [];
      const nav = edit.navigation;
      return [
        {
          type: 'setNodeNavigation',
          id: r(edit.id),
          navigation: {
            ...(nav.next_id !== undefined && { next_id: prev.next_id }),
            ...(nav.previous_id !== undefined && { previous_id: prev.previous_id }),
            ...(nav.popup_type !== undefined && { popup_type: prev.popup_type }),
          },
        },
      ];
    }
    case 'setNodeVisibility': {
      const prev = before(edit.id);
      if (!prev) return [];
      const v = prev.visibility;
      return [
        {
          type: 'setNodeVisibility',
          id: r(edit.id),
          visibility: {
            ...(edit.visibility.min_level !== undefined && { min_level: v.min_level }),
            ...(edit.visibility.max_level !== undefined && { max_level: v.max_level }),
          },
        },
      ];
    }
    case 'setNodeHidden': {
      const ids = edit.ids.filter((id) => before(id)?.visibility.hidden === !edit.hidden).map(r);
      return ids.length ? [{ type: 'setNodeHidden', ids, hidden: !edit.hidden }] : [];
    }
    case 'setNodeLocked': {
      const ids = edit.ids.filter((id) => before(id)?.editing.locked === !edit.locked).map(r);
      return ids.length ? [{ type: 'setNodeLocked', ids, locked: !edit.locked }] : [];
    }
    case 'reorderNodes': {
      const ids = edit.ids.map(r).filter((id) => before(id) !== undefined);
      ids.sort((a, b) => (before(a)?.order ?? 0) - (before(b)?.order ?? 0));
      return [{ type: 'reorderNodes', ids }];
    }
    case 'createNode':
    case 'cloneNode':
      return createdId === undefined ? [] : [{ type: 'removeNodes', ids: [createdId] }];
    case 'createEdge':
      return createdId === undefined ? [] : [{ type: 'removeEdges', ids: [createdId] }];
    case 'setEdgeDesign': {
      const prev = edgeBefore(edit.id);
      const cur = view.edges.get(r(edit.id));
      if (!prev || !cur) return [];
      const design = designUndo(prev.design, cur.design);
      return Object.keys(design).length ? [{ type: 'setEdgeDesign', id: r(edit.id), design }] : [];
    }
    case 'setEdgeContent': {
      const prev = edgeBefore(edit.id);
      return prev ? [{ type: 'setEdgeContent', id: r(edit.id), content: contentUndo(prev.content, edit.content) }] : [];
    }
    case 'setEdgeVisibility': {
      const prev = edgeBefore(edit.id);
      if (!prev) return [];
      const visibility: Record<string, unknown> = {};
      for (const k of Object.keys(edit.visibility)) visibility[k] = prev.visibility[k as keyof typeof prev.visibility];
      return [{ type: 'setEdgeVisibility', id: r(edit.id), visibility }];
    }
    case 'setLayerHidden':
    case 'setLayerLocked': {
      const prev = (t.layers ?? view.layers).find((l) => l.id === edit.layer);
      if (!prev) return [];
      return edit.type === 'setLayerHidden'
        ? prev.hidden === edit.hidden
          ? []
          : [{ type: 'setLayerHidden', layer: edit.layer, hidden: prev.hidden }]
        : prev.locked === edit.locked
          ? []
          : [{ type: 'setLayerLocked', layer: edit.layer, locked: prev.locked }];
    }
    case 'setMapSettings': {
      const prev = t.map ?? view.map;
      const patch: Record<string, unknown> = {};
      for (const k of Object.keys(edit.patch)) {
        if (k === 'design') {
          const design: Record<string, unknown> = {};
          for (const f of Object.keys(edit.patch.design ?? {})) {
            // The map's media fields take "" to clear them.
            design[f] = prev.design[f as keyof typeof prev.design] ?? '';
          }
          patch.design = design;
        } else {
          patch[k] = prev[k as keyof MapSettings];
        }
      }
      const out: Edit[] = [{ type: 'setMapSettings', patch }];
      if (edit.patch.visibility_levels !== undefined) {
        // Fewer levels squeezed ranges onto the last one: the levels come back first, then the
        // ranges as they were (one elements patch: the server sets the map before the nodes).
        for (const [id, was] of t.nodes) {
          const now = view.nodes.get(id);
          if (!was || !now || deepEqual(was.visibility, now.visibility)) continue;
          out.push({ type: 'setNodeVisibility', id, visibility: { min_level: was.visibility.min_level, max_level: was.visibility.max_level } });
        }
        for (const [id, was] of t.edges) {
          const now = view.edges.get(id);
          if (!was || !now || deepEqual(was.visibility, now.visibility)) continue;
          out.push({ type: 'setEdgeVisibility', id, visibility: { min_level: was.visibility.min_level, max_level: was.visibility.max_level } });
        }
      }
      return out;
    }
    case 'setGlobalDesign': {
      const prev = t.global ?? view.global;
      const patch: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(edit.patch)) {
        if (k === 'nodes' || k === 'edges') {
          const was = prev[k] as Record<string, unknown>;
          const section: Record<string, unknown> = {};
          for (const f of Object.keys(v as object)) section[f] = was[f] ?? null;
          patch[k] = section;
        } else {
          patch[k] = prev[k as keyof GlobalDesign];
        }
      }
      return [{ type: 'setGlobalDesign', patch }];
    }
    case 'applyTemplate':
    case 'restoreTemplate': {
      const prev = edit.target === 'node' ? before(edit.id) : edgeBefore(edit.id);
      const cur = edit.target === 'node' ? view.nodes.get(r(edit.id)) : view.edges.get(r(edit.id));
      if (!prev || !cur) return [];
      const out: Edit[] = [];
      if (edit.type === 'applyTemplate' && prev.template !== cur.template) {
        out.push({ type: 'applyTemplate', target: edit.target, id: r(edit.id), template: prev.template });
      }
      const design = designUndo(prev.design, cur.design);
      if (Object.keys(design).length) {
        out.push(
          edit.target === 'node'
            ? { type: 'setNodeDesign', id: r(edit.id), design: design }
            : { type: 'setEdgeDesign', id: r(edit.id), design: design },
        );
      }
      return out;
    }
    case 'setAllEdges': {
      // Each edge gets back its own hidden flag: those hidden before stay hidden.
      const out: Edit[] = [];
      let relock = false;
      for (const [id, prev] of t.edges) {
        const cur = view.edges.get(id);
        if (!prev || !cur) continue;
        if (edit.hidden !== undefined && cur.visibility.hidden !== prev.visibility.hidden) {
          out.push({ type: 'setEdgeVisibility', id, visibility: { hidden: prev.visibility.hidden } });
        }
        if (edit.locked !== undefined && cur.locked !== prev.locked) relock = true;
      }
      // Edges have no lock edit of their own: undoing the toggle flips it back for all.
      if (edit.locked !== undefined && relock) out.push({ type: 'setAllEdges', locked: !edit.locked });
      return out;
    }
    // Deleted elements come back with their ids: the server keeps what it deleted.
    case 'removeNodes': {
      const nodes = edit.ids.flatMap((id) => t.nodes.get(r(id)) ?? []);
      const edges = [...t.edges.values()].flatMap((e) => (e && !view.edges.has(e.id) ? [e] : []));
      const relinked = [...t.nodes.entries()].flatMap(([id, was]) => {
        const now = view.nodes.get(id);
        return was && now ? [{ id, next_id: was.next_id, previous_id: was.previous_id }] : [];
      });
      return nodes.length ? [{ type: 'restoreElements', nodes, edges, relinked }] : [];
    }
    case 'removeEdges': {
      const edges = edit.ids.flatMap((id) => t.edges.get(r(id)) ?? []);
      return edges.length ? [{ type: 'restoreElements', nodes: [], edges, relinked: [] }] : [];
    }
    case 'restoreElements': {
      const out: Edit[] = [];
      const edges = loneEdges(edit).map(r);
      if (edges.length) out.push({ type: 'removeEdges', ids: edges });
      if (edit.nodes.length) out.push({ type: 'removeNodes', ids: edit.nodes.map((n) => r(n.id)) });
      return out;
    }
    case 'deleteLayer':
      return [];
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
    for (const l of view.layers) add('layer', l.id, t.layers.find((x) => x.id === l.id), l);
  }
  if (t.map) add('map', 0, t.map, view.map);
  if (t.global) add('global', 0, t.global, view.global);
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
  }
  return target.paths.some((p) => !deepEqual(valueAt(prev, p), valueAt(cur, p)));
}
