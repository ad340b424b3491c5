// How pending edits become requests: neighbours of one save group merged into one PATCH
// /maps/{id}/elements or /global, the others alone (each edit's definition in edits/ says which),
// and the toasts of what was done or failed.
import type { EdgePatch, ElementsPatch, GlobalDesignPatch, LevelPatch, MapPatch, NodePatch } from '../../api/document';
import { definitionOf, EDITS, type Messages, type PatchBuilder, type SaveGroup } from './edits';
import type { Edit, EditType, Toast } from './types';

export type { SaveGroup } from './edits';

export function saveGroup(type: EditType): SaveGroup {
  return EDITS[type].group;
}

/**
 * What queued neighbours must share to go in one request: their save group, and for sections the
 * section (one PUT each); null for edits that go alone.
 */
export function batchKey(edit: Edit): string | null {
  const group = saveGroup(edit.type);
  if (group === 'alone') return null;
  return edit.type === 'setSection' ? `section:${edit.name}` : group;
}

/** Edits that are saved at once rather than after the quiet time. */
export function savesAtOnce(type: EditType): boolean {
  return saveGroup(type) === 'alone' && type !== 'reorderNodes';
}

/** The ids an edit names (to wait for or drop with a temporary id). */
export function idsOf(edit: Edit): number[] {
  return definitionOf(edit).ids(edit);
}

/** Replaces ids through resolve (temporary → server ids). */
export function resolveEdit(edit: Edit, resolve: (id: number) => number): Edit {
  return definitionOf(edit).resolve(edit, resolve);
}

function entry<K, V>(m: Map<K, V>, k: K, make: () => V): V {
  let v = m.get(k);
  if (v === undefined) {
    v = make();
    m.set(k, v);
  }
  return v;
}

/** Collects merged edits: each element's patch is made once and then added to; later values win. */
class Patches implements PatchBuilder {
  readonly nodes = new Map<number, NodePatch>();
  readonly edges = new Map<number, EdgePatch>();
  readonly levels = new Map<number, LevelPatch>();
  mapPatch: MapPatch | undefined;
  globalPatch: GlobalDesignPatch = {};

  node(id: number): NodePatch {
    return entry(this.nodes, id, (): NodePatch => ({ id }));
  }

  edge(id: number): EdgePatch {
    return entry(this.edges, id, (): EdgePatch => ({ id }));
  }

  level(id: number): LevelPatch {
    return entry(this.levels, id, (): LevelPatch => ({ id }));
  }

  removeEdge(id: number): void {
    this.edges.set(id, { id, delete: true });
  }

  map(patch: MapPatch): void {
    const was = this.mapPatch;
    const design = was?.design || patch.design ? { ...was?.design, ...patch.design } : undefined;
    this.mapPatch = { ...was, ...patch, ...(design && { design }) };
  }

  /** Global design: nodes and edges field by field, other sections replaced. */
  global(patch: GlobalDesignPatch): void {
    const out = this.globalPatch;
    const { nodes, edges, ...sections } = patch;
    this.globalPatch = {
      ...out,
      ...sections,
      ...((out.nodes ?? nodes) && { nodes: { ...out.nodes, ...nodes } }),
      ...((out.edges ?? edges) && { edges: { ...out.edges, ...edges } }),
    };
  }

  add(edits: Edit[], group: 'elements' | 'global'): void {
    for (const e of edits) {
      const def = definitionOf(e);
      if (def.group !== group) throw new Error(`${e.type} is not part of a ${group} patch`);
      def.addTo(this, e);
    }
  }
}

/** Merges edits (ids resolved) into one elements patch; later values for one field win. */
export function elementsPatch(edits: Edit[]): ElementsPatch {
  const p = new Patches();
  p.add(edits, 'elements');
  const out: ElementsPatch = {};
  if (p.mapPatch) out.map = p.mapPatch;
  if (p.levels.size > 0) out.levels = [...p.levels.values()];
  if (p.nodes.size > 0) out.nodes = [...p.nodes.values()];
  // Edges edited and then removed within one patch are only removed.
  if (p.edges.size > 0) out.edges = [...p.edges.values()];
  return out;
}

/** Merges global design edits: nodes and edges field by field, other sections replaced. */
export function globalPatch(edits: Edit[]): GlobalDesignPatch {
  const p = new Patches();
  p.add(edits, 'global');
  return p.globalPatch;
}

/** The PUT of a batch of one section's edits: the last value replaces the section whole. */
export function sectionPut(edits: Edit[]): Extract<Edit, { type: 'setSection' }> {
  const last = edits[edits.length - 1];
  if (last?.type !== 'setSection' || edits.some((e) => e.type !== 'setSection' || e.name !== last.name)) {
    throw new Error('a section batch holds changes of one section only');
  }
  return last;
}

// ---------------------------------------------------------------------------------------------
// Messages

function messages(edit: Edit): Messages {
  return definitionOf(edit).messages(edit);
}

function unique(toasts: Toast[]): Toast[] {
  const seen = new Set<string>();
  return toasts.filter((t) => !seen.has(t.key) && seen.add(t.key));
}

/**
 * Saving says nothing when it works (the save state shows it); only removals are told, counted,
 * as they take away what the user may not have meant to (and can undo).
 */
export function successToasts(edits: Edit[]): Toast[] {
  let nodes = 0;
  let edges = 0;
  for (const e of edits) {
    if (e.type === 'removeNodes') nodes += e.ids.length;
    else if (e.type === 'removeEdges') edges += e.ids.length;
  }
  const out: Toast[] = [];
  if (nodes > 0) out.push({ type: 'success', key: 'nodeRemoveSuccess', params: { count: nodes } });
  if (edges > 0) out.push({ type: 'success', key: 'edgeRemoveSuccess', params: { count: edges } });
  return out;
}

/**
 * The toasts of edits that failed together: each kind's error (or its "restored" warning), or one
 * element_locked error instead of the errors.
 */
export function failureToasts(edits: Edit[], elementLocked: boolean, reason?: string): Toast[] {
  const moved = new Set(edits.flatMap((e) => (e.type === 'moveNodes' ? e.positions.map((p) => p.id) : [])));
  const out: Toast[] = elementLocked ? [{ type: 'error', key: 'elementLocked' }] : [];
  for (const e of edits) {
    const m = messages(e);
    if (m.restored) out.push({ type: 'warning', key: m.restored });
    else if (elementLocked) continue;
    else if (e.type === 'moveNodes') {
      out.push({ type: 'error', key: moved.size > 1 ? 'nodePositionsError' : 'nodePositionError' });
    } else if (m.error) {
      out.push(m.reason ? { type: 'error', key: m.error, params: { reason: reason ?? '' } } : { type: 'error', key: m.error });
    }
  }
  return unique(out);
}
