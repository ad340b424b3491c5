// The edits of layers (zoom levels): hiding and locking one, deleting one, and putting a deleted
// one back (the undo of a deletion).
import type { Edge, Layer, LevelRange, Node, Visibility } from '../../../api/document';
import { deepEqual, followNodes, removeNodes, type Draft } from '../state';
import type { Edit } from '../types';
import { none, type EditDefinitions } from './definition';
import { restoreRemoved, restoredRequest, type NodeLinks } from './restore';

export type LayerEdit =
  | { type: 'setLayerHidden'; layer: number; hidden: boolean }
  | { type: 'setLayerLocked'; layer: number; locked: boolean }
  | { type: 'deleteLayer'; layer: number }
  /**
   * Puts a deleted layer back at its place with its flags (the undo of deleteLayer): the levels
   * above move up again, the listed ranges are set as they were, and the elements deleted with
   * it come back with their ids (as restoreElements does).
   */
  | {
      type: 'restoreLayer';
      layer: Layer;
      ranges: { nodes: LevelRange[]; edges: LevelRange[] };
      nodes: Node[];
      edges: Edge[];
      relinked: NodeLinks[];
    };

/** The range after level k is deleted; null when the element was only on k (domain.RangeAfterLayerDeleted). */
function rangeAfterDelete(v: Visibility, k: number): Visibility | null {
  if (v.min_level === k && v.max_level === k) return null;
  return {
    ...v,
    min_level: v.min_level > k ? v.min_level - 1 : v.min_level,
    max_level: v.max_level >= k ? v.max_level - 1 : v.max_level,
  };
}

/** The range after a level is put in at k: its exact inverse for what did not touch k. */
function rangeAfterInsert(v: Visibility, k: number): Visibility {
  return { ...v, min_level: v.min_level >= k ? v.min_level + 1 : v.min_level, max_level: v.max_level >= k ? v.max_level + 1 : v.max_level };
}

/** Sets layer k's flags and those of the nodes first seen on it (domain.OnLayer). */
function flagLayer(d: Draft, k: number, hidden: boolean | undefined, locked: boolean | undefined): void {
  if (!d.s.layers.some((l) => l.id === k)) return;
  d.setLayers(d.s.layers.map((l) => (l.id === k ? { ...l, hidden: hidden ?? l.hidden, locked: locked ?? l.locked } : l)));
  const changed = new Set<number>();
  for (const n of [...d.s.nodes.values()]) {
    if (n.visibility.min_level !== k) continue;
    const next: Node = {
      ...n,
      visibility: { ...n.visibility, hidden: hidden ?? n.visibility.hidden },
      editing: { ...n.editing, locked: locked ?? n.editing.locked },
    };
    if (!deepEqual(next, n)) {
      d.putNode(next);
      changed.add(n.id);
    }
  }
  if (hidden !== undefined) followNodes(d, changed);
}

const layerThere = (e: { layer: number }, view: { layers: Layer[] }) => view.layers.some((l) => l.id === e.layer);

export const LAYER_EDITS: EditDefinitions<LayerEdit['type']> = {
  setLayerHidden: {
    ...none<'setLayerHidden'>('layers', () => ({ error: 'layerHiddenError' })),
    group: 'elements',
    exists: layerThere,
    apply: (d, e) => {
      flagLayer(d, e.layer, e.hidden, undefined);
    },
    addTo(p, e) {
      p.level(e.layer).hidden = e.hidden;
    },
    inverse(e, { t, view }) {
      const prev = (t.layers ?? view.layers).find((l) => l.id === e.layer);
      return prev && prev.hidden !== e.hidden ? [{ type: 'setLayerHidden', layer: e.layer, hidden: prev.hidden }] : [];
    },
  },
  setLayerLocked: {
    ...none<'setLayerLocked'>('layers', () => ({ error: 'layerLockedError' })),
    group: 'elements',
    exists: layerThere,
    apply: (d, e) => {
      flagLayer(d, e.layer, undefined, e.locked);
    },
    addTo(p, e) {
      p.level(e.layer).locked = e.locked;
    },
    inverse(e, { t, view }) {
      const prev = (t.layers ?? view.layers).find((l) => l.id === e.layer);
      return prev && prev.locked !== e.locked ? [{ type: 'setLayerLocked', layer: e.layer, locked: prev.locked }] : [];
    },
  },
  // A layer delete renumbers what the rest would name; a failed one is only logged (§8).
  deleteLayer: {
    ...none<'deleteLayer'>('layers', () => ({})),
    group: 'alone',
    exists: layerThere,
    apply(d, e) {
      const k = e.layer;
      if (d.s.map.visibility_levels <= 1 || !d.s.layers.some((l) => l.id === k)) return;
      const gone: number[] = [];
      for (const n of [...d.s.nodes.values()]) {
        const v = rangeAfterDelete(n.visibility, k);
        if (!v) gone.push(n.id);
        else if (!deepEqual(v, n.visibility)) d.putNode({ ...n, visibility: v });
      }
      for (const x of [...d.s.edges.values()]) {
        const v = rangeAfterDelete(x.visibility, k);
        if (!v) d.dropEdge(x.id);
        else if (!deepEqual(v, x.visibility)) d.putEdge({ ...x, visibility: v });
      }
      removeNodes(d, gone);
      d.setLayers(d.s.layers.filter((l) => l.id !== k).map((l) => (l.id > k ? { ...l, id: l.id - 1 } : l)));
      d.setMap({ ...d.s.map, visibility_levels: d.s.map.visibility_levels - 1 });
    },
    send: async ({ api, mapId }, e) => (await api.patchElements(mapId, { levels: [{ id: e.layer, delete: true }] })).revision,
    inverse(e, { t, view }) {
      const layer = t.layers?.find((l) => l.id === e.layer);
      if (!layer) return [];
      const nodes: Node[] = [];
      const ranges: { nodes: LevelRange[]; edges: LevelRange[] } = { nodes: [], edges: [] };
      const relinked: NodeLinks[] = [];
      const range = (id: number, v: Visibility): LevelRange => ({ id, min_level: v.min_level, max_level: v.max_level });
      for (const [id, was] of t.nodes) {
        const now = view.nodes.get(id);
        if (!was) continue;
        if (!now) nodes.push(was);
        else {
          if (!deepEqual(was.visibility, now.visibility)) ranges.nodes.push(range(id, was.visibility));
          relinked.push({ id, next_id: was.next_id, previous_id: was.previous_id });
        }
      }
      const edges: Edge[] = [];
      for (const [id, was] of t.edges) {
        const now = view.edges.get(id);
        if (!was) continue;
        if (!now) edges.push(was);
        else if (!deepEqual(was.visibility, now.visibility)) ranges.edges.push(range(id, was.visibility));
      }
      return [{ type: 'restoreLayer', layer, ranges, nodes, edges, relinked } satisfies Edit];
    },
  },
  restoreLayer: {
    family: 'layers',
    group: 'alone',
    ids: () => [],
    resolve: (e, r) => {
      const ranged = (x: LevelRange) => ({ ...x, id: r(x.id) });
      const back = restoredRequest.resolve(e, r);
      return { ...e, ...back, ranges: { nodes: e.ranges.nodes.map(ranged), edges: e.ranges.edges.map(ranged) } };
    },
    messages: () => ({ error: 'restoreError' }),
    // The map must have room for the level; elements the ranges name may be gone (they are skipped).
    exists: (e, view) => e.layer.id >= 1 && e.layer.id <= view.map.visibility_levels + 1,
    apply(d, e, { resolve: r }) {
      const k = e.layer.id;
      for (const n of [...d.s.nodes.values()]) {
        const v = rangeAfterInsert(n.visibility, k);
        if (!deepEqual(v, n.visibility)) d.putNode({ ...n, visibility: v });
      }
      for (const x of [...d.s.edges.values()]) {
        const v = rangeAfterInsert(x.visibility, k);
        if (!deepEqual(v, x.visibility)) d.putEdge({ ...x, visibility: v });
      }
      for (const g of e.ranges.nodes) {
        const n = d.s.nodes.get(r(g.id));
        if (n) d.putNode({ ...n, visibility: { ...n.visibility, min_level: g.min_level, max_level: g.max_level } });
      }
      for (const g of e.ranges.edges) {
        const x = d.s.edges.get(r(g.id));
        if (x) d.putEdge({ ...x, visibility: { ...x.visibility, min_level: g.min_level, max_level: g.max_level } });
      }
      const layers = d.s.layers.map((l) => (l.id >= k ? { ...l, id: l.id + 1 } : l));
      layers.splice(k - 1, 0, { ...e.layer });
      d.setLayers(layers);
      d.setMap({ ...d.s.map, visibility_levels: d.s.map.visibility_levels + 1 });
      restoreRemoved(d, e, r);
    },
    async send({ api, mapId }, e) {
      const { layer, ranges } = e;
      const level = { id: layer.id, hidden: layer.hidden, locked: layer.locked, nodes: ranges.nodes, edges: ranges.edges };
      return (await api.restoreElements(mapId, { ...restoredRequest.body(e), level })).revision;
    },
    inverse: (e) => [{ type: 'deleteLayer', layer: e.layer.id }],
  },
};
