// Box selection: the nodes whose shape lies wholly inside a rectangle dragged on the canvas, and
// the edges whose two ends are among them. Candidates come from the scene's spatial index, so a
// drag over a map of 20,000 nodes looks at those near the rectangle only.
import type { Point } from '../../api/document';
import { nodeBounds, type Bounds, type NodeEntry, type Scene } from '../../map';

/** The world rectangle between two corners, in any order. */
export function rectBetween(a: Point, b: Point): Bounds {
  return { minX: Math.min(a.x, b.x), minY: Math.min(a.y, b.y), maxX: Math.max(a.x, b.x), maxY: Math.max(a.y, b.y) };
}

function inside(inner: Bounds, outer: Bounds): boolean {
  return inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY && inner.maxY <= outer.maxY;
}

/** The nodes shown whose shape (rotated box, without title or shadow) is inside the rectangle. */
export function nodesInRect(scene: Scene, rect: Bounds, shown: (e: NodeEntry) => boolean): number[] {
  const out: number[] = [];
  const b: Bounds = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  for (const e of scene.nodeIndex.search(rect)) {
    if (shown(e) && inside(nodeBounds(e.box, 0, b), rect)) out.push(e.id);
  }
  return out.sort((x, y) => x - y);
}

/** The edges (shown) whose both ends are among the nodes. */
export function edgesAmong(scene: Scene, nodes: Iterable<number>, shown: (id: number) => boolean): number[] {
  const set = new Set(nodes);
  const out = new Set<number>();
  for (const id of set) {
    for (const e of scene.node(id)?.edges ?? []) {
      if (e.from && e.to && set.has(e.from.id) && set.has(e.to.id) && shown(e.id)) out.add(e.id);
    }
  }
  return [...out].sort((x, y) => x - y);
}

/** The ids of `base` followed by those of `more` not in it (Shift adds to a selection). */
export function unionIds(base: readonly number[], more: readonly number[]): number[] {
  const seen = new Set(base);
  return [...base, ...more.filter((id) => !seen.has(id))];
}
