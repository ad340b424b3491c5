// The edits of the map as a whole: its settings (the level count among them) and its global design.
import type { GlobalDesign, GlobalDesignPatch, MapPatch, MapSettings } from '../../../api/document';
import { applyMapPatch, clampLevels, deepEqual, mergeDesign, resizeLayers } from '../state';
import type { Edit } from '../types';
import { none, type EditDefinitions } from './definition';

export type MapEdit = { type: 'setMapSettings'; patch: MapPatch } | { type: 'setGlobalDesign'; patch: GlobalDesignPatch };

export const MAP_EDITS: EditDefinitions<MapEdit['type']> = {
  setMapSettings: {
    ...none<'setMapSettings'>('map', () => ({ error: 'mapSettingsError' })),
    group: 'elements',
    exists: () => true,
    apply(d, e) {
      const map = applyMapPatch(d.s.map, e.patch);
      d.setMap(map);
      if (e.patch.visibility_levels === undefined) return;
      const n = map.visibility_levels;
      for (const node of [...d.s.nodes.values()]) {
        const v = clampLevels(node.visibility, n);
        if (v !== node.visibility) d.putNode({ ...node, visibility: v });
      }
      for (const x of [...d.s.edges.values()]) {
        const v = clampLevels(x.visibility, n);
        if (v !== x.visibility) d.putEdge({ ...x, visibility: v });
      }
      d.setLayers(resizeLayers(d.s.layers, n));
    },
    addTo(p, e) {
      p.map(e.patch);
    },
    inverse(e, { t, view }) {
      const prev = t.map ?? view.map;
      const patch: Record<string, unknown> = {};
      for (const k of Object.keys(e.patch)) {
        if (k === 'design') {
          const design: Record<string, unknown> = {};
          // The map's media fields take "" to clear them.
          for (const f of Object.keys(e.patch.design ?? {})) design[f] = prev.design[f as keyof typeof prev.design] ?? '';
          patch.design = design;
        } else {
          patch[k] = prev[k as keyof MapSettings];
        }
      }
      const out: Edit[] = [{ type: 'setMapSettings', patch }];
      if (e.patch.visibility_levels !== undefined) {
        // Fewer levels squeezed ranges onto the last one: the levels come back first, then the
        // ranges as they were (one elements patch: the server sets the map before the nodes).
        for (const [id, was] of t.nodes) {
          const now = view.nodes.get(id);
          if (!was || !now || deepEqual(was.visibility, now.visibility)) continue;
          out.push({
            type: 'setNodeVisibility',
            id,
            visibility: { min_level: was.visibility.min_level, max_level: was.visibility.max_level },
          });
        }
        for (const [id, was] of t.edges) {
          const now = view.edges.get(id);
          if (!was || !now || deepEqual(was.visibility, now.visibility)) continue;
          out.push({
            type: 'setEdgeVisibility',
            id,
            visibility: { min_level: was.visibility.min_level, max_level: was.visibility.max_level },
          });
        }
      }
      return out;
    },
  },
  setGlobalDesign: {
    ...none<'setGlobalDesign'>('global', () => ({ error: 'globalDesignError' })),
    group: 'global',
    exists: () => true,
    apply(d, e) {
      const { nodes, edges, ...sections } = e.patch;
      const g: GlobalDesign = { ...d.s.global };
      if (nodes) g.nodes = mergeDesign(g.nodes, nodes);
      if (edges) g.edges = mergeDesign(g.edges, edges);
      d.setGlobal({ ...g, ...sections });
    },
    addTo(p, e) {
      p.global(e.patch);
    },
    inverse(e, { t, view }) {
      const prev = t.global ?? view.global;
      const patch: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(e.patch)) {
        if (k === 'nodes' || k === 'edges') {
          const was = prev[k] as Record<string, unknown>;
          const section: Record<string, unknown> = {};
          for (const f of Object.keys(v)) section[f] = was[f] ?? null;
          patch[k] = section;
        } else {
          patch[k] = prev[k as keyof GlobalDesign];
        }
      }
      return [{ type: 'setGlobalDesign', patch }];
    },
  },
};
