// Resizing a node by the handles at its selection's corners: the opposite corner stays where it
// is, a circle keeps width equal to height, Shift keeps the proportions; never below a minimum.
// Worked in the node's own (unrotated) frame, so a rotated rectangle resizes along its sides.
import type { Point } from '../../api/document';
import type { ShapeBox } from '../../map';

export type Corner = 'nw' | 'ne' | 'se' | 'sw';

/** The smallest width or height a drag leaves (world units). */
export const MIN_NODE_SIZE = 10;

const SIGNS: Record<Corner, readonly [number, number]> = { nw: [-1, -1], ne: [1, -1], se: [1, 1], sw: [-1, 1] };
const CORNERS: readonly Corner[] = ['nw', 'ne', 'se', 'sw'];

export interface ResizeStart {
  corner: Corner;
  box: ShapeBox;
  /** The pointer where the drag began, in the node's frame. */
  local: Point;
}

export interface Resized {
  center: Point;
  width: number;
  height: number;
}

function toLocal(box: ShapeBox, p: Point): Point {
  const dx = p.x - box.x;
  const dy = p.y - box.y;
  return { x: dx * box.cos + dy * box.sin, y: -dx * box.sin + dy * box.cos };
}

/** Where a corner's handle is (world), `pad` outside the shape as the selection draws it. */
export function handlePoint(box: ShapeBox, corner: Corner, pad: number): Point {
  const [sx, sy] = SIGNS[corner];
  const lx = sx * (box.width / 2 + pad);
  const ly = sy * (box.height / 2 + pad);
  return { x: box.x + lx * box.cos - ly * box.sin, y: box.y + lx * box.sin + ly * box.cos };
}

/** The corner whose handle is within `tolerance` of the point, if any. */
export function handleAt(box: ShapeBox, pad: number, p: Point, tolerance: number): Corner | null {
  for (const c of CORNERS) {
    const h = handlePoint(box, c, pad);
    if (Math.hypot(h.x - p.x, h.y - p.y) <= tolerance) return c;
  }
  return null;
}

export function startResize(box: ShapeBox, corner: Corner, pointer: Point): ResizeStart {
  return { corner, box, local: toLocal(box, pointer) };
}

/** The corner's place (world) once resized: where snapping looks. */
export function cornerOf(r: Resized, start: ResizeStart): Point {
  const [sx, sy] = SIGNS[start.corner];
  const lx = (sx * r.width) / 2;
  const ly = (sy * r.height) / 2;
  const { cos, sin } = start.box;
  return { x: r.center.x + lx * cos - ly * sin, y: r.center.y + lx * sin + ly * cos };
}

/** The node's size and centre with its handle dragged to `pointer`. */
export function resized(start: ResizeStart, pointer: Point, keepProportions: boolean): Resized {
  const { box, corner } = start;
  const [sx, sy] = SIGNS[corner];
  const p = toLocal(box, pointer);
  let width = Math.max(MIN_NODE_SIZE, box.width + sx * (p.x - start.local.x));
  let height = Math.max(MIN_NODE_SIZE, box.height + sy * (p.y - start.local.y));
  if (keepProportions || box.round) {
    // The axis dragged further decides; the other follows.
    const fw = width / box.width;
    const fh = height / box.height;
    const f = Math.abs(fw - 1) >= Math.abs(fh - 1) ? fw : fh;
    width = Math.max(MIN_NODE_SIZE, box.width * f);
    height = Math.max(MIN_NODE_SIZE, box.height * f);
    if (box.round) height = width = Math.max(width, height);
  }
  width = Math.round(width);
  height = Math.round(height);
  // The opposite corner stays: the centre is half the new size from it.
  const ax = (-sx * box.width) / 2;
  const ay = (-sy * box.height) / 2;
  const lx = ax + (sx * width) / 2;
  const ly = ay + (sy * height) / 2;
  return {
    center: { x: Math.round(box.x + lx * box.cos - ly * box.sin), y: Math.round(box.y + lx * box.sin + ly * box.cos) },
    width,
    height,
  };
}
