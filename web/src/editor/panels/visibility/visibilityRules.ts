// The rules of the visibility sidebars (map-editor.md §4, account-area.md §4): a node's new level
// range may leave some of its edges without a common level; those are deleted, after the user agrees.
import type { Edge, Node, Visibility } from '../../../api/document';

export interface LevelRange {
  min_level: number;
  max_level: number;
}

function overlaps(a: LevelRange, b: LevelRange): boolean {
  return Math.max(a.min_level, b.min_level) <= Math.min(a.max_level, b.max_level);
}

/** The edges of a node that would connect it to a node with no level in common, at this range. */
export function edgesLosingOverlap(
  nodeId: number,
  range: LevelRange,
  nodes: ReadonlyMap<number, Pick<Node, 'visibility'>>,
  edges: readonly Pick<Edge, 'id' | 'node'>[],
): number[] {
  const out: number[] = [];
  for (const e of edges) {
    const other = e.node.from_id === nodeId ? e.node.to_id : e.node.to_id === nodeId ? e.node.from_id : null;
    if (other === null) continue;
    // An edge from the node to itself follows its one node.
    if (other === nodeId) continue;
    const n = nodes.get(other);
    if (n && !overlaps(range, n.visibility)) out.push(e.id);
  }
  return out;
}

/**
 * A range with one end changed; the other end follows when they would cross, so that choosing a
 * level is always possible. Levels stay within 1 and the count.
 */
export function rangeWith(range: LevelRange, end: 'min_level' | 'max_level', level: number, levels: number): LevelRange {
  const l = Math.min(Math.max(Math.round(level), 1), Math.max(levels, 1));
  if (end === 'min_level') return { min_level: l, max_level: Math.max(range.max_level, l) };
  return { min_level: Math.min(range.min_level, l), max_level: l };
}

/** The levels an edge may show on: where both its nodes show (null when they share none). */
export function edgeBounds(
  from: Pick<Visibility, 'min_level' | 'max_level'>,
  to: Pick<Visibility, 'min_level' | 'max_level'>,
): LevelRange | null {
  const min = Math.max(from.min_level, to.min_level);
  const max = Math.min(from.max_level, to.max_level);
  return min <= max ? { min_level: min, max_level: max } : null;
}
