// Moving a selection as a whole: arrow-key nudges, aligning its nodes' edges or centres, and
// distributing them evenly. Each answers the new centres (one moveNodes edit), computed from the
// nodes' shape boxes as drawn (a rotated node aligns by the box around it).
import type { NodePosition } from '../../api/document';
import type { Bounds } from '../../map';

/** A node as arranging sees it: its id, its centre and the bounds of its shape. */
export interface Placed {
  id: number;
  x: number;
  y: number;
  bounds: Bounds;
}

export type Alignment = 'left' | 'centre' | 'right' | 'top' | 'middle' | 'bottom';
export type Axis = 'horizontal' | 'vertical';

export const ALIGNMENTS: readonly Alignment[] = ['left', 'centre', 'right', 'top', 'middle', 'bottom'];
export const AXES: readonly Axis[] = ['horizontal', 'vertical'];

/** The arrow keys' step in world units: 1, or 10 with Shift. */
export function nudgeStep(key: string, shift: boolean): { dx: number; dy: number } | null {
  const d = shift ? 10 : 1;
  switch (key) {
    case 'ArrowLeft':
      return { dx: -d, dy: 0 };
    case 'ArrowRight':
      return { dx: d, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: -d };
    case 'ArrowDown':
      return { dx: 0, dy: d };
    default:
      return null;
  }
}

export function nudged(nodes: readonly Placed[], dx: number, dy: number): NodePosition[] {
  return nodes.map((n) => ({ id: n.id, center: { x: n.x + dx, y: n.y + dy } }));
}

const round = (v: number) => Math.round(v * 100) / 100;

/** Aligns the nodes to the selection's left, centre, right, top, middle or bottom; only those that move. */
export function aligned(nodes: readonly Placed[], how: Alignment): NodePosition[] {
  if (nodes.length < 2) return [];
  const minX = Math.min(...nodes.map((n) => n.bounds.minX));
  const maxX = Math.max(...nodes.map((n) => n.bounds.maxX));
  const minY = Math.min(...nodes.map((n) => n.bounds.minY));
  const maxY = Math.max(...nodes.map((n) => n.bounds.maxY));
  const out: NodePosition[] = [];
  for (const n of nodes) {
    const b = n.bounds;
    let dx = 0;
    let dy = 0;
    if (how === 'left') dx = minX - b.minX;
    else if (how === 'right') dx = maxX - b.maxX;
    else if (how === 'centre') dx = (minX + maxX) / 2 - (b.minX + b.maxX) / 2;
    else if (how === 'top') dy = minY - b.minY;
    else if (how === 'bottom') dy = maxY - b.maxY;
    else dy = (minY + maxY) / 2 - (b.minY + b.maxY) / 2;
    if (Math.abs(dx) > 1e-9 || Math.abs(dy) > 1e-9) out.push({ id: n.id, center: { x: round(n.x + dx), y: round(n.y + dy) } });
  }
  return out;
}

/**
 * Spreads the nodes so that the gaps between neighbours are equal along the axis; the first and
 * the last (by centre) stay where they are.
 */
export function distributed(nodes: readonly Placed[], axis: Axis): NodePosition[] {
  if (nodes.length < 3) return [];
  const lo = (n: Placed) => (axis === 'horizontal' ? n.bounds.minX : n.bounds.minY);
  const size = (n: Placed) => (axis === 'horizontal' ? n.bounds.maxX - n.bounds.minX : n.bounds.maxY - n.bounds.minY);
  const mid = (n: Placed) => lo(n) + size(n) / 2;
  const sorted = [...nodes].sort((a, b) => mid(a) - mid(b) || a.id - b.id);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last) return [];
  const span = lo(last) + size(last) - lo(first);
  const gap = (span - sorted.reduce((s, n) => s + size(n), 0)) / (sorted.length - 1);
  const out: NodePosition[] = [];
  let at = lo(first) + size(first) + gap;
  for (const n of sorted.slice(1, -1)) {
    const d = at - lo(n);
    if (Math.abs(d) > 1e-9) {
      out.push({ id: n.id, center: axis === 'horizontal' ? { x: round(n.x + d), y: n.y } : { x: n.x, y: round(n.y + d) } });
    }
    at += size(n) + gap;
  }
  return out;
}
