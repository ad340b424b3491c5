// What a deletion takes away, counted for the dialog that asks first: the nodes, and the edges
// (those selected and those of the deleted nodes, which go with them).
import type { Edge } from '../api/document';

export interface RemovalCount {
  nodes: number;
  edges: number;
}

export function countRemoval(nodeIds: readonly number[], edgeIds: readonly number[], edges: Iterable<Edge>): RemovalCount {
  const nodes = new Set(nodeIds);
  const gone = new Set(edgeIds);
  for (const e of edges) {
    if (nodes.has(e.node.from_id) || nodes.has(e.node.to_id)) gone.add(e.id);
  }
  return { nodes: nodes.size, edges: gone.size };
}
