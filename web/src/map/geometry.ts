// Geometry of nodes and edges in world coordinates (y grows downwards, rotation in degrees
// clockwise on screen): bounds, hit-testing, where edges meet node borders, arrow heads, culling.
// Functions take numbers and write into `out` objects where they run per element per frame.
import type { ArrowEnd, Point } from '../api/document';
import { ARROW_HEIGHT_PER_WIDTH, DEFAULT_END_SIZE, DOT_RADIUS_PER_WIDTH } from './constants';
import type { Bounds } from './spatial';
import type { NodeStyle } from './style';

/** A node's outline: its centre, size and rotation. Shapes other than the circle are boxes. */
export interface ShapeBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly round: boolean;
  /** cos and sin of the rotation, kept so that per-frame tests do no trigonometry. */
  readonly cos: number;
  readonly sin: number;
}

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export function shapeBox(center: Point, style: Pick<NodeStyle, 'shape' | 'width' | 'height' | 'rotate'>): ShapeBox {
  const round = style.shape === 'circle';
  const rad = round ? 0 : (style.rotate * Math.PI) / 180;
  return {
    x: center.x,
    y: center.y,
    width: style.width,
    height: style.height,
    round,
    cos: Math.cos(rad),
    sin: Math.sin(rad),
  };
}

export function emptyBounds(): Bounds {
  return { minX: 0, minY: 0, maxX: 0, maxY: 0 };
}

/** The world bounds of the local box x0..x1, y0..y1 around (cx, cy), rotated by (cos, sin). */
export function rotatedBoxBounds(
  cx: number,
  cy: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  cos: number,
  sin: number,
  out: Bounds,
): Bounds {
  // The corners' extremes: each rotated coordinate is a sum of one term per axis.
  const ax = cos * x0,
    bx = cos * x1,
    cx2 = -sin * y0,
    dx = -sin * y1;
  const ay = sin * x0,
    by = sin * x1,
    cy2 = cos * y0,
    dy = cos * y1;
  out.minX = cx + Math.min(ax, bx) + Math.min(cx2, dx);
  out.maxX = cx + Math.max(ax, bx) + Math.max(cx2, dx);
  out.minY = cy + Math.min(ay, by) + Math.min(cy2, dy);
  out.maxY = cy + Math.max(ay, by) + Math.max(cy2, dy);
  return out;
}

/** The bounds of a node's shape (rotated), grown by pad on every side. */
export function nodeBounds(box: ShapeBox, pad = 0, out: Bounds = emptyBounds()): Bounds {
  const hw = box.width / 2 + pad;
  const hh = box.height / 2 + pad;
  return rotatedBoxBounds(box.x, box.y, -hw, -hh, hw, hh, box.cos, box.sin, out);
}

/** Whether (px, py) lies on the node's shape or within pad of it: exact for circles and rotated boxes. */
export function pointInShape(box: ShapeBox, px: number, py: number, pad = 0): boolean {
  const dx = px - box.x;
  const dy = py - box.y;
  if (box.round) {
    const r = box.width / 2 + pad;
    return dx * dx + dy * dy <= r * r;
  }
  const lx = box.cos * dx + box.sin * dy;
  const ly = -box.sin * dx + box.cos * dy;
  return Math.abs(lx) <= box.width / 2 + pad && Math.abs(ly) <= box.height / 2 + pad;
}

/** Where the ray from the node's centre towards (tx, ty) leaves its outline. */
export function borderPoint(box: ShapeBox, tx: number, ty: number, out: Point): Point {
  const dx = tx - box.x;
  const dy = ty - box.y;
  const len = Math.hypot(dx, dy);
  if (len === 0) {
    out.x = box.x;
    out.y = box.y;
    return out;
  }
  const ux = dx / len;
  const uy = dy / len;
  let t: number;
  if (box.round) {
    t = box.width / 2;
  } else {
    const lx = box.cos * ux + box.sin * uy;
    const ly = -box.sin * ux + box.cos * uy;
    const tx2 = lx === 0 ? Infinity : box.width / 2 / Math.abs(lx);
    const ty2 = ly === 0 ? Infinity : box.height / 2 / Math.abs(ly);
    t = Math.min(tx2, ty2);
  }
  out.x = box.x + ux * t;
  out.y = box.y + uy * t;
  return out;
}

const scratch: Point = { x: 0, y: 0 };

/**
 * The edge's line from the border of `from` to the border of `to`. False when the nodes overlap so
 * far that the borders cross (then nothing sensible can be drawn between them).
 */
export function edgeAttachPoints(from: ShapeBox, to: ShapeBox, out: Segment): boolean {
  borderPoint(from, to.x, to.y, scratch);
  out.x1 = scratch.x;
  out.y1 = scratch.y;
  borderPoint(to, from.x, from.y, scratch);
  out.x2 = scratch.x;
  out.y2 = scratch.y;
  const cdx = to.x - from.x;
  const cdy = to.y - from.y;
  return (out.x2 - out.x1) * cdx + (out.y2 - out.y1) * cdy > 0;
}

/** An arrow end's drawing: a polygon or a dot, and how far the line stops short of the tip. */
export interface ArrowGeometry {
  kind: ArrowEnd;
  /** Polygon corners as x, y pairs (empty for none and dot). */
  points: number[];
  /** The dot's centre and radius (r = 0 unless kind is dot). */
  dotX: number;
  dotY: number;
  r: number;
  /** The line ends this far before the tip, so that its end hides under the head. */
  inset: number;
  /** The head's length along the line (the dot's diameter). */
  length: number;
}

/** The base length of an arrow head (or a dot's radius) for a line width and a size in percent. */
export function arrowSize(kind: ArrowEnd, lineWidth: number, sizePercent: number = DEFAULT_END_SIZE): number {
  const k = sizePercent / 100;
  if (kind === 'none') return 0;
  if (kind === 'dot') return DOT_RADIUS_PER_WIDTH * lineWidth * k;
  return ARROW_HEIGHT_PER_WIDTH * lineWidth * k;
}

/**
 * The arrow end at tip (the point on the node border) for a line arriving in direction (dx, dy)
 * (unit vector, pointing at the tip). sharp: swept-back head with a notch; straight: a triangle
 * as wide as half its length; wide: a triangle twice as wide as long; dot: a disc touching the tip.
 */
export function arrowGeometry(
  kind: ArrowEnd,
  tipX: number,
  tipY: number,
  dx: number,
  dy: number,
  lineWidth: number,
  sizePercent: number = DEFAULT_END_SIZE,
): ArrowGeometry {
  const g: ArrowGeometry = { kind, points: [], dotX: 0, dotY: 0, r: 0, inset: 0, length: 0 };
  const h = arrowSize(kind, lineWidth, sizePercent);
  if (h <= 0) return g;
  const nx = -dy;
  const ny = dx;
  const backX = tipX - dx * h;
  const backY = tipY - dy * h;
  switch (kind) {
    case 'sharp': {
      const notch = h * 0.7;
      const w = h / 2;
      g.points = [tipX, tipY, backX + nx * w, backY + ny * w, tipX - dx * notch, tipY - dy * notch, backX - nx * w, backY - ny * w];
      g.inset = notch;
      g.length = h;
      break;
    }
    case 'straight':
    case 'wide': {
      const w = kind === 'wide' ? h : h / 2;
      g.points = [tipX, tipY, backX + nx * w, backY + ny * w, backX - nx * w, backY - ny * w];
      g.inset = h;
      g.length = h;
      break;
    }
    case 'dot':
      g.r = h;
      g.dotX = tipX - dx * h;
      g.dotY = tipY - dy * h;
      g.inset = h;
      g.length = 2 * h;
      break;
    case 'none':
      break;
  }
  return g;
}

export function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const vx = bx - ax;
  const vy = by - ay;
  const len2 = vx * vx + vy * vy;
  let t = len2 === 0 ? 0 : ((px - ax) * vx + (py - ay) * vy) / len2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return Math.hypot(px - (ax + t * vx), py - (ay + t * vy));
}

/** Whether (px, py) is within the hover band (tolerance on each side) of the segment. */
export function pointNearSegment(seg: Segment, px: number, py: number, tolerance: number): boolean {
  return distanceToSegment(px, py, seg.x1, seg.y1, seg.x2, seg.y2) <= tolerance;
}

// Liang–Barsky state, module-level so that culling thousands of edges allocates nothing.
let clipT0 = 0;
let clipT1 = 1;

function clipEdge(p: number, q: number): boolean {
  if (p === 0) return q >= 0;
  const r = q / p;
  if (p < 0) {
    if (r > clipT1) return false;
    if (r > clipT0) clipT0 = r;
  } else {
    if (r < clipT0) return false;
    if (r < clipT1) clipT1 = r;
  }
  return true;
}

/** Whether the segment passes through the box (grown by pad): exact, for culling long diagonals. */
export function segmentIntersectsBounds(seg: Segment, b: Bounds, pad = 0): boolean {
  const dx = seg.x2 - seg.x1;
  const dy = seg.y2 - seg.y1;
  clipT0 = 0;
  clipT1 = 1;
  return (
    clipEdge(-dx, seg.x1 - (b.minX - pad)) &&
    clipEdge(dx, b.maxX + pad - seg.x1) &&
    clipEdge(-dy, seg.y1 - (b.minY - pad)) &&
    clipEdge(dy, b.maxY + pad - seg.y1)
  );
}

/** The union of boxes a and b into out. */
export function unionBounds(a: Bounds, b: Bounds, out: Bounds): Bounds {
  out.minX = Math.min(a.minX, b.minX);
  out.minY = Math.min(a.minY, b.minY);
  out.maxX = Math.max(a.maxX, b.maxX);
  out.maxY = Math.max(a.maxY, b.maxY);
  return out;
}
