// Each kind of edit described once: how it is saved (merged into the elements or the global
// patch, or alone), which ids it names, how its temporary ids become the server's, and the
// messages of its failure (map-editor.md §8). Its optimistic application lives in state.ts and
// its inverse in history.ts; adding a kind of edit adds one entry here, and TypeScript names the
// other places (their switches are exhaustive).
import type { Edit, EditType, ToastKey } from './types';

/**
 * elements: merged with its neighbours into one elements patch; global: merged into one global
 * design patch; alone: a request of its own (a create, a delete, an order, a template call).
 */
export type SaveGroup = 'elements' | 'global' | 'alone';

export interface Messages {
  error?: ToastKey;
  /** A failure that restored the stored values: a warning instead of the error. */
  restored?: ToastKey;
}

export type EditOf<K extends EditType> = Extract<Edit, { type: K }>;
type Resolve = (id: number) => number;

/** The part of the document an edit belongs to, for saying what is not saved yet. */
export type EditFamily = 'nodes' | 'edges' | 'layers' | 'map' | 'global' | 'templates';

export interface EditRule<K extends EditType> {
  family: EditFamily;
  group: SaveGroup;
  /** The ids the edit names: it waits for their creation, and goes when that fails. */
  ids: (e: EditOf<K>) => number[];
  /** The edit with temporary ids replaced by the server's. */
  resolve: (e: EditOf<K>, r: Resolve) => EditOf<K>;
  messages: (e: EditOf<K>) => Messages;
}

/** Rules of edits that name one element by `id`. */
function one<K extends EditType>(family: EditFamily, group: SaveGroup, messages: Messages): EditRule<K> {
  return {
    family,
    group,
    ids: (e) => [(e as { id: number }).id],
    resolve: (e, r) => ({ ...e, id: r((e as { id: number }).id) }),
    messages: () => messages,
  };
}

/** Rules of edits that name elements by `ids`. */
function many<K extends EditType>(family: EditFamily, group: SaveGroup, messages: (e: EditOf<K>) => Messages): EditRule<K> {
  return {
    family,
    group,
    ids: (e) => (e as { ids: number[] }).ids,
    resolve: (e, r) => ({ ...e, ids: (e as { ids: number[] }).ids.map(r) }),
    messages,
  };
}

/** Rules of edits that name no element (or only ones that do not exist yet). */
function none<K extends EditType>(family: EditFamily, group: SaveGroup, messages: (e: EditOf<K>) => Messages): EditRule<K> {
  return { family, group, ids: () => [], resolve: (e) => e, messages };
}

export const EDIT_RULES: { [K in EditType]: EditRule<K> } = {
  moveNodes: {
    family: 'nodes',
    group: 'elements',
    ids: (e) => e.positions.map((p) => p.id),
    resolve: (e, r) => ({ ...e, positions: e.positions.map((p) => ({ ...p, id: r(p.id) })) }),
    messages: (e) => ({ error: e.positions.length > 1 ? 'nodePositionsError' : 'nodePositionError' }),
  },
  setNodeDesign: one('nodes', 'elements', { error: 'nodeDesignError' }),
  setNodeContent: one('nodes', 'elements', { error: 'nodeContentError' }),
  setNodeNavigation: one('nodes', 'elements', { error: 'nodeContentError' }),
  setNodeVisibility: one('nodes', 'elements', { restored: 'nodeVisibilityRestored' }),
  setNodeHidden: many('nodes', 'elements', () => ({ error: 'nodeHiddenError' })),
  setNodeLocked: many('nodes', 'elements', () => ({ error: 'nodeLockedError' })),
  // An id-only node list is an order: it cannot share a patch with other node changes.
  reorderNodes: many('nodes', 'alone', () => ({ error: 'nodesOrderError' })),
  createNode: none('nodes', 'alone', () => ({ error: 'nodeCreateError' })),
  cloneNode: one('nodes', 'alone', { error: 'nodeCloneError' }),
  removeNodes: many('nodes', 'alone', () => ({ error: 'nodeRemoveError' })),
  createEdge: {
    family: 'edges',
    group: 'alone',
    ids: (e) => [e.edge.node.from_id, e.edge.node.to_id],
    resolve: (e, r) => ({ ...e, edge: { ...e.edge, node: { from_id: r(e.edge.node.from_id), to_id: r(e.edge.node.to_id) } } }),
    messages: () => ({ error: 'edgeCreateError' }),
  },
  setEdgeDesign: one('edges', 'elements', { error: 'edgeDesignError' }),
  setEdgeContent: one('edges', 'elements', { error: 'edgeContentError' }),
  setEdgeVisibility: one('edges', 'elements', { restored: 'edgeVisibilityRestored' }),
  removeEdges: many('edges', 'elements', (e) => ({ error: e.ids.length > 1 ? 'edgesRemoveError' : 'edgeRemoveError' })),
  // The server applies all_edges after a patch's edges: alone, it keeps its place.
  setAllEdges: none('edges', 'alone', (e) => ({ error: e.hidden !== undefined ? 'allEdgesHiddenError' : 'allEdgesLockedError' })),
  setLayerHidden: none('layers', 'elements', () => ({ error: 'layerHiddenError' })),
  setLayerLocked: none('layers', 'elements', () => ({ error: 'layerLockedError' })),
  // A layer delete renumbers what the rest would name; a failed one is only logged (§8).
  deleteLayer: none('layers', 'alone', () => ({})),
  setMapSettings: none('map', 'elements', () => ({ error: 'mapSettingsError' })),
  setGlobalDesign: none('global', 'global', () => ({ error: 'globalDesignError' })),
  applyTemplate: one('templates', 'alone', { error: 'templateApplyError' }),
  // Restoring clears what a design patch sets.
  restoreTemplate: one('templates', 'alone', { error: 'templateRestoreError' }),
  // What it names does not exist until it is done: it waits for nothing.
  restoreElements: {
    family: 'nodes',
    group: 'alone',
    ids: () => [],
    resolve: (e, r) => ({
      ...e,
      nodes: e.nodes.map((n) => ({ ...n, id: r(n.id) })),
      edges: e.edges.map((x) => ({ ...x, id: r(x.id), node: { from_id: r(x.node.from_id), to_id: r(x.node.to_id) } })),
      relinked: e.relinked.map((l) => ({ ...l, id: r(l.id) })),
    }),
    messages: () => ({ error: 'restoreError' }),
  },
};

/** The rule of an edit, typed for that edit. */
export function ruleOf<K extends EditType>(edit: EditOf<K>): EditRule<K> {
  return EDIT_RULES[edit.type];
}
