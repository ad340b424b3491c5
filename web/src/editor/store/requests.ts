// How pending edits become requests: neighbours of one save group merged into one PATCH
// /maps/{id}/elements or /global, the others alone (editRules.ts says which is which), and the
// toasts of what failed.
import type {
  EdgePatch,
  ElementsPatch,
  GlobalDesignPatch,
  LevelPatch,
  MapPatch,
  NodePatch,
} from '../../api/document';
import { EDIT_RULES, ruleOf, type Messages, type SaveGroup } from './editRules';
import type { Edit, EditType, Toast } from './types';

export type { SaveGroup } from './editRules';

export function saveGroup(type: EditType): SaveGroup {
  return EDIT_RULES[type].group;
}

/** Edits that are saved at once rather than after the quiet time. */
export function savesAtOnce(type: EditType): boolean {
  return saveGroup(type) === 'alone' && type !== 'reorderNodes';
}

/** The ids an edit names (to wait for or drop with a temporary id). */
export function idsOf(edit: Edit): number[] {
  return ruleOf(edit).ids(edit);
}

/** Replaces ids through resolve (temporary → server ids). */
export function resolveEdit(edit: Edit, resolve: (id: number) => number): Edit {
  return ruleOf(edit).resolve(edit, resolve);
}

/** The edges a restore names itself: those not coming back with a restored node. */
export function loneEdges(edit: Extract<Edit, { type: 'restoreElements' }>): number[] {
  const nodes = new Set(edit.nodes.map((n) => n.id));
  return edit.edges.filter((e) => !nodes.has(e.node.from_id) && !nodes.has(e.node.to_id)).map((e) => e.id);
}

function entry<K, V>(m: Map<K, V>, k: K, make: () => V): V {
  let v = m.get(k);
  if (v === undefined) {
    v = make();
    m.set(k, v);
  }
  return v;
}

/** Merges edits (ids resolved) into one elements patch; later values for one field win. */
export function elementsPatch(edits: Edit[]): ElementsPatch {
  const nodes = new Map<number, NodePatch>();
  const edges = new Map<number, EdgePatch>();
  const levels = new Map<number, LevelPatch>();
  let map: MapPatch | undefined;
  const node = (id: number) => entry(nodes, id, (): NodePatch => ({ id }));
  const edge = (id: number) => entry(edges, id, (): EdgePatch => ({ id }));
  for (const e of edits) {
    switch (e.type) {
      case 'moveNodes':
        for (const p of e.positions) node(p.id).geometry = { center: p.center };
        break;
      case 'setNodeDesign': {
        const n = node(e.id);
        n.design = { ...n.design, ...e.design };
        break;
      }
      case 'setNodeContent': {
        const n = node(e.id);
        n.content = mergeByLanguage(n.content, e.content);
        break;
      }
      case 'setNodeNavigation':
        Object.assign(node(e.id), e.navigation);
        break;
      case 'setNodeVisibility': {
        const n = node(e.id);
        n.visibility = { ...n.visibility, ...e.visibility };
        break;
      }
      case 'setNodeHidden':
        for (const id of e.ids) {
          const n = node(id);
          n.visibility = { ...n.visibility, hidden: e.hidden };
        }
        break;
      case 'setNodeLocked':
        for (const id of e.ids) node(id).editing = { locked: e.locked };
        break;
      case 'setEdgeDesign': {
        const x = edge(e.id);
        x.design = { ...x.design, ...e.design };
        break;
      }
      case 'setEdgeContent': {
        const x = edge(e.id);
        x.content = mergeByLanguage(x.content, e.content);
        break;
      }
      case 'setEdgeVisibility': {
        const x = edge(e.id);
        x.visibility = { ...x.visibility, ...e.visibility };
        break;
      }
      case 'removeEdges':
        // A removed edge takes nothing else.
        for (const id of e.ids) edges.set(id, { id, delete: true });
        break;
      case 'setLayerHidden':
        entry(levels, e.layer, (): LevelPatch => ({ id: e.layer })).hidden = e.hidden;
        break;
      case 'setLayerLocked':
        entry(levels, e.layer, (): LevelPatch => ({ id: e.layer })).locked = e.locked;
        break;
      case 'setMapSettings': {
        const design = map?.design || e.patch.design ? { ...map?.design, ...e.patch.design } : undefined;
        map = { ...map, ...e.patch, ...(design && { design }) };
        break;
      }
      default:
        throw new Error(`${e.type} is not part of an elements patch`);
    }
  }
  const out: ElementsPatch = {};
  if (map) out.map = map;
  if (levels.size > 0) out.levels = [...levels.values()];
  if (nodes.size > 0) out.nodes = [...nodes.values()];
  // Edges edited and then removed within one patch are only removed.
  if (edges.size > 0) out.edges = [...edges.values()];
  return out;
}

/** Merges global design edits: nodes and edges field by field, other sections replaced. */
export function globalPatch(edits: Edit[]): GlobalDesignPatch {
  let out: GlobalDesignPatch = {};
  for (const e of edits) {
    if (e.type !== 'setGlobalDesign') continue;
    const { nodes, edges, ...sections } = e.patch;
    out = {
      ...out,
      ...sections,
      ...((out.nodes ?? nodes) && { nodes: { ...out.nodes, ...nodes } }),
      ...((out.edges ?? edges) && { edges: { ...out.edges, ...edges } }),
    };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Messages

function messages(edit: Edit): Messages {
  return ruleOf(edit).messages(edit);
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
export function failureToasts(edits: Edit[], elementLocked: boolean): Toast[] {
  const moved = new Set(edits.flatMap((e) => (e.type === 'moveNodes' ? e.positions.map((p) => p.id) : [])));
  const out: Toast[] = elementLocked ? [{ type: 'error', key: 'elementLocked' }] : [];
  for (const e of edits) {
    const m = messages(e);
    if (m.restored) out.push({ type: 'warning', key: m.restored });
    else if (elementLocked) continue;
    else if (e.type === 'moveNodes') {
      out.push({ type: 'error', key: moved.size > 1 ? 'nodePositionsError' : 'nodePositionError' });
    } else if (m.error) out.push({ type: 'error', key: m.error });
  }
  return unique(out);
}

/** Merges a per-language content patch into another, field by field: later values win. */
function mergeByLanguage<F extends object>(
  into: Partial<Record<string, F>> | undefined,
  patch: Partial<Record<string, F>>,
): Partial<Record<string, F>> {
  const out: Partial<Record<string, F>> = { ...into };
  for (const [lang, fields] of Object.entries(patch)) {
    out[lang] = { ...out[lang], ...fields } as F;
  }
  return out;
}
