// Putting deleted nodes and edges back as they were shown (the undo of a deletion): the server
// restores them with their ids, content and links (POST /maps/{id}/restorations).
import type { Edge, Node, Restoration } from '../../../api/document';
import { updateNode, type Draft } from '../state';
import type { Edit } from '../types';
import { type EditDefinitions, type Resolve } from './definition';

/** A node's navigation to put back after a restore. */
export interface NodeLinks {
  id: number;
  next_id: number | null;
  previous_id: number | null;
}

/** What a restore brings back: nodes (with the edges deleted with them), edges, links. */
export interface Restored {
  nodes: Node[];
  edges: Edge[];
  /** Other nodes' navigation to put back where it is still empty. */
  relinked: NodeLinks[];
}

/** Nodes bring back the edges deleted with them; `edges` lists those too. */
export type RestoreEdit = { type: 'restoreElements' } & Restored;

/** The edges a restore names itself: those not coming back with a restored node. */
export function loneEdges(r: Restored): number[] {
  const nodes = new Set(r.nodes.map((n) => n.id));
  return r.edges.filter((e) => !nodes.has(e.node.from_id) && !nodes.has(e.node.to_id)).map((e) => e.id);
}

/** As the server restores (editing.RestoreElements): links put back only where still empty. */
export function restoreRemoved(d: Draft, e: Restored, r: Resolve): void {
  for (const n of e.nodes) {
    const id = r(n.id);
    if (!d.s.nodes.has(id)) d.putNode({ ...n, id });
  }
  for (const x of e.edges) {
    const id = r(x.id);
    const node = { from_id: r(x.node.from_id), to_id: r(x.node.to_id) };
    if (!d.s.edges.has(id) && d.s.nodes.has(node.from_id) && d.s.nodes.has(node.to_id)) d.putEdge({ ...x, id, node });
  }
  for (const l of e.relinked) {
    updateNode(d, r(l.id), (n) => ({
      ...n,
      next_id: n.next_id ?? (l.next_id === null ? null : r(l.next_id)),
      previous_id: n.previous_id ?? (l.previous_id === null ? null : r(l.previous_id)),
    }));
  }
}

/** The request and id resolution of what a restore brings back, shared by the edits that restore. */
export const restoredRequest = {
  resolve<R extends Restored>(e: R, r: Resolve): R {
    return {
      ...e,
      nodes: e.nodes.map((n) => ({ ...n, id: r(n.id) })),
      edges: e.edges.map((x) => ({ ...x, id: r(x.id), node: { from_id: r(x.node.from_id), to_id: r(x.node.to_id) } })),
      relinked: e.relinked.map((l) => ({ ...l, id: r(l.id) })),
    };
  },
  body(e: Restored): Restoration {
    const nodes = e.nodes.map((n) => n.id);
    const edges = loneEdges(e);
    return { ...(nodes.length && { nodes }), ...(edges.length && { edges }) };
  },
};

export const RESTORE_EDITS: EditDefinitions<RestoreEdit['type']> = {
  // What it names does not exist until it is done: it waits for nothing.
  restoreElements: {
    family: 'nodes',
    group: 'alone',
    ids: () => [],
    resolve: (e, r) => restoredRequest.resolve(e, r),
    messages: () => ({ error: 'restoreError' }),
    exists(e, view, r) {
      // Each edge's ends must be there, or come back with it.
      const back = new Set(e.nodes.map((n) => r(n.id)));
      const there = (id: number) => back.has(r(id)) || view.nodes.has(r(id));
      return e.edges.every((x) => there(x.node.from_id) && there(x.node.to_id));
    },
    apply: (d, e, { resolve }) => {
      restoreRemoved(d, e, resolve);
    },
    send: async ({ api, mapId }, e) => (await api.restoreElements(mapId, restoredRequest.body(e))).revision,
    inverse(e, { resolve: r }) {
      const out: Edit[] = [];
      const edges = loneEdges(e).map(r);
      if (edges.length) out.push({ type: 'removeEdges', ids: edges });
      if (e.nodes.length) out.push({ type: 'removeNodes', ids: e.nodes.map((n) => r(n.id)) });
      return out;
    },
  },
};
