// The edits of edges: creating, designing, writing, ranging and deleting them, and the layers
// panel's toggles for all of them.
import type { ContentByLanguage, Edge, EdgeContentPatch, EdgeCreate, EdgeDesignPatch, VisibilityPatch } from '../../../api/document';
import { NO_TEMPLATE } from '../../../api/document';
import { intersect, mergeContent, mergeDesign, updateEdge } from '../state';
import type { Edit } from '../types';
import { edgeBefore, edgesExist, many, mergeByLanguage, nodesExist, none, one, withoutRevision, type EditDefinitions } from './definition';
import { contentBefore, designBefore } from './undoValues';

export type EdgeEdit =
  | { type: 'createEdge'; edge: EdgeCreate }
  | { type: 'setEdgeDesign'; id: number; design: EdgeDesignPatch }
  | { type: 'setEdgeContent'; id: number; content: ContentByLanguage<EdgeContentPatch> }
  | { type: 'setEdgeVisibility'; id: number; visibility: VisibilityPatch }
  | { type: 'removeEdges'; ids: number[] }
  /** The layers panel's toggles for every edge of the map (PATCH …/elements all_edges). */
  | { type: 'setAllEdges'; hidden?: boolean; locked?: boolean };

export const EDGE_EDITS: EditDefinitions<EdgeEdit['type']> = {
  createEdge: {
    creates: 'edge',
    family: 'edges',
    group: 'alone',
    ids: (e) => [e.edge.node.from_id, e.edge.node.to_id],
    resolve: (e, r) => ({ ...e, edge: { ...e.edge, node: { from_id: r(e.edge.node.from_id), to_id: r(e.edge.node.to_id) } } }),
    messages: () => ({ error: 'edgeCreateError' }),
    exists: (e, view, r) => nodesExist([e.edge.node.from_id, e.edge.node.to_id], view, r),
    apply(d, e, ctx) {
      if (ctx.answer) {
        d.putEdge(ctx.answer as Edge);
        return;
      }
      const from = d.s.nodes.get(ctx.resolve(e.edge.node.from_id));
      const to = d.s.nodes.get(ctx.resolve(e.edge.node.to_id));
      if (!from || !to) return;
      const visibility = e.edge.visibility ?? intersect(from.visibility, to.visibility);
      if (!visibility) return;
      const template = e.edge.design?.object_template ?? NO_TEMPLATE;
      d.putEdge({
        id: ctx.createdId ?? 0,
        node: { from_id: from.id, to_id: to.id },
        name: '',
        type: '',
        template,
        design: { object_template: template },
        content: {},
        visibility: { ...visibility, hidden: visibility.hidden || from.visibility.hidden || to.visibility.hidden },
        locked: false,
      });
    },
    async send({ api, mapId, answered }, e) {
      const res = await api.createEdge(mapId, e.edge);
      answered(withoutRevision(res.data));
      return res.revision;
    },
    inverse: (_, { createdId }) => (createdId === undefined ? [] : [{ type: 'removeEdges', ids: [createdId] }]),
  },
  setEdgeDesign: {
    ...one<'setEdgeDesign'>('edges', { error: 'edgeDesignError' }),
    group: 'elements',
    exists: (e, view, r) => edgesExist([e.id], view, r),
    apply(d, e, { resolve: r }) {
      updateEdge(d, r(e.id), (x) => ({ ...x, design: mergeDesign(x.design, e.design) }));
    },
    addTo(p, e) {
      const x = p.edge(e.id);
      x.design = { ...x.design, ...e.design };
    },
    inverse(e, c) {
      const { view, resolve: r } = c;
      const prev = edgeBefore(c, e.id);
      const cur = view.edges.get(r(e.id));
      if (!prev || !cur) return [];
      const design = designBefore(prev.design, cur.design);
      return Object.keys(design).length ? [{ type: 'setEdgeDesign', id: r(e.id), design }] : [];
    },
  },
  setEdgeContent: {
    ...one<'setEdgeContent'>('edges', { error: 'edgeContentError' }),
    group: 'elements',
    exists: (e, view, r) => edgesExist([e.id], view, r),
    apply(d, e, { resolve: r }) {
      updateEdge(d, r(e.id), (x) => ({ ...x, content: mergeContent(x.content, e.content) }));
    },
    addTo(p, e) {
      const x = p.edge(e.id);
      x.content = mergeByLanguage(x.content, e.content);
    },
    inverse(e, c) {
      const { resolve: r } = c;
      const prev = edgeBefore(c, e.id);
      return prev ? [{ type: 'setEdgeContent', id: r(e.id), content: contentBefore(prev.content, e.content) }] : [];
    },
  },
  setEdgeVisibility: {
    ...one<'setEdgeVisibility'>('edges', { restored: 'edgeVisibilityRestored' }),
    group: 'elements',
    exists: (e, view, r) => edgesExist([e.id], view, r),
    apply(d, e, { resolve: r }) {
      updateEdge(d, r(e.id), (x) => {
        const from = d.s.nodes.get(x.node.from_id);
        const to = d.s.nodes.get(x.node.to_id);
        const v = { ...x.visibility, ...e.visibility };
        v.hidden = v.hidden || (from?.visibility.hidden ?? false) || (to?.visibility.hidden ?? false);
        return { ...x, visibility: v };
      });
    },
    addTo(p, e) {
      const x = p.edge(e.id);
      x.visibility = { ...x.visibility, ...e.visibility };
    },
    inverse(e, c) {
      const { resolve: r } = c;
      const prev = edgeBefore(c, e.id);
      if (!prev) return [];
      const visibility: Record<string, unknown> = {};
      for (const k of Object.keys(e.visibility)) visibility[k] = prev.visibility[k as keyof typeof prev.visibility];
      return [{ type: 'setEdgeVisibility', id: r(e.id), visibility }];
    },
  },
  removeEdges: {
    ...many<'removeEdges'>('edges', (e) => ({ error: e.ids.length > 1 ? 'edgesRemoveError' : 'edgeRemoveError' })),
    group: 'elements',
    exists: (e, view, r) => edgesExist(e.ids, view, r),
    apply(d, e, { resolve: r }) {
      for (const id of e.ids) d.dropEdge(r(id));
    },
    addTo(p, e) {
      for (const id of e.ids) p.removeEdge(id);
    },
    inverse(e, { t, resolve: r }) {
      const edges = e.ids.flatMap((id) => t.edges.get(r(id)) ?? []);
      return edges.length ? [{ type: 'restoreElements', nodes: [], edges, relinked: [] } satisfies Edit] : [];
    },
  },
  // The server applies all_edges after a patch's edges: alone, it keeps its place.
  setAllEdges: {
    ...none<'setAllEdges'>('edges', (e) => ({ error: e.hidden !== undefined ? 'allEdgesHiddenError' : 'allEdgesLockedError' })),
    group: 'alone',
    exists: () => true,
    // As the server does (editing.patchAllEdges): the flags as given, whatever the nodes.
    apply(d, e) {
      for (const x of [...d.s.edges.values()]) {
        const hidden = e.hidden ?? x.visibility.hidden;
        const locked = e.locked ?? x.locked;
        if (hidden !== x.visibility.hidden || locked !== x.locked) {
          d.putEdge({ ...x, visibility: { ...x.visibility, hidden }, locked });
        }
      }
    },
    send: async ({ api, mapId }, e) =>
      (
        await api.patchElements(mapId, {
          all_edges: { ...(e.hidden !== undefined && { hidden: e.hidden }), ...(e.locked !== undefined && { locked: e.locked }) },
        })
      ).revision,
    inverse(e, { t, view }) {
      // Each edge gets back its own hidden flag: those hidden before stay hidden.
      const out: Edit[] = [];
      let relock = false;
      for (const [id, prev] of t.edges) {
        const cur = view.edges.get(id);
        if (!prev || !cur) continue;
        if (e.hidden !== undefined && cur.visibility.hidden !== prev.visibility.hidden) {
          out.push({ type: 'setEdgeVisibility', id, visibility: { hidden: prev.visibility.hidden } });
        }
        if (e.locked !== undefined && cur.locked !== prev.locked) relock = true;
      }
      // Edges have no lock edit of their own: undoing the toggle flips it back for all.
      if (e.locked !== undefined && relock) out.push({ type: 'setAllEdges', locked: !e.locked });
      return out;
    },
  },
};
