import { describe, expect, it } from 'vitest';
import {
  arrowGeometry,
  borderPoint,
  distanceToSegment,
  edgeAttachPoints,
  nodeBounds,
  pointInShape,
  pointNearSegment,
  segmentIntersectsBounds,
  shapeBox,
} from './geometry';
import { SpatialIndex } from './spatial';

const rect = (x: number, y: number, w: number, h: number, rotate = 0) =>
  shapeBox({ x, y }, { shape: 'rectangle', width: w, height: h, rotate });
const circle = (x: number, y: number, d: number) => shapeBox({ x, y }, { shape: 'circle', width: d, height: d, rotate: 30 });

describe('hit-testing nodes', () => {
  it('tests rectangles exactly, with a border pad', () => {
    const b = rect(100, 100, 40, 20);
    expect(pointInShape(b, 119, 109)).toBe(true);
    expect(pointInShape(b, 121, 100)).toBe(false);
    expect(pointInShape(b, 121, 100, 2)).toBe(true);
  });

  it('tests rotated rectangles in their own frame', () => {
    const b = rect(0, 0, 100, 10, 90);
    // Rotated a quarter turn the long side stands upright.
    expect(pointInShape(b, 0, 45)).toBe(true);
    expect(pointInShape(b, 45, 0)).toBe(false);
    const d = rect(0, 0, 20, 20, 45);
    // The unrotated corner (9, 9) lies outside the diamond; (13, 0) lies inside it.
    expect(pointInShape(d, 9, 9)).toBe(false);
    expect(pointInShape(d, 13, 0)).toBe(true);
  });

  it('tests circles by distance, ignoring rotation', () => {
    const c = circle(0, 0, 20);
    expect(pointInShape(c, 7, 7)).toBe(true);
    expect(pointInShape(c, 8, 8)).toBe(false);
  });

  it('bounds a rotated node by its rotated corners', () => {
    const b = nodeBounds(rect(0, 0, 100, 10, 90));
    expect(b.minX).toBeCloseTo(-5);
    expect(b.maxY).toBeCloseTo(50);
    const d = nodeBounds(rect(0, 0, 20, 20, 45));
    expect(d.maxX).toBeCloseTo(Math.SQRT2 * 10);
  });
});

describe('edges between node borders', () => {
  it('attaches to a circle at its radius and to a rectangle at its side', () => {
    const p = borderPoint(circle(0, 0, 20), 100, 100, { x: 0, y: 0 });
    expect(Math.hypot(p.x, p.y)).toBeCloseTo(10);
    const q = borderPoint(rect(0, 0, 40, 20), 100, 10, { x: 0, y: 0 });
    expect(q.x).toBeCloseTo(20);
    expect(q.y).toBeCloseTo(2);
    // Rotated a quarter turn, the box is 20 wide: the ray to the right leaves at x = 10.
    const r = borderPoint(rect(0, 0, 40, 20, 90), 100, 0, { x: 0, y: 0 });
    expect(r.x).toBeCloseTo(10);
  });

  it('runs from border to border, and refuses nodes that overlap', () => {
    const seg = { x1: 0, y1: 0, x2: 0, y2: 0 };
    expect(edgeAttachPoints(rect(0, 0, 40, 20), circle(100, 0, 20), seg)).toBe(true);
    expect(seg).toEqual({ x1: 20, y1: 0, x2: 90, y2: 0 });
    expect(edgeAttachPoints(rect(0, 0, 40, 20), rect(10, 0, 40, 20), seg)).toBe(false);
  });
});

describe('arrow ends', () => {
  it('sizes arrows at 12 and dots at 6 per unit of line width, times the size percent', () => {
    const sharp = arrowGeometry('sharp', 100, 0, 1, 0, 2);
    expect(sharp.length).toBe(24);
    expect(sharp.points).toEqual([100, 0, 76, 12, 100 - 24 * 0.7, 0, 76, -12]);
    expect(sharp.inset).toBeCloseTo(24 * 0.7);

    const straight = arrowGeometry('straight', 100, 0, 1, 0, 2, 50);
    expect(straight.points).toEqual([100, 0, 88, 6, 88, -6]);
    expect(straight.inset).toBe(12);

    const wide = arrowGeometry('wide', 0, 0, 0, 1, 1);
    expect(wide.points).toEqual([0, 0, -12, -12, 12, -12]);

    const dot = arrowGeometry('dot', 100, 0, 1, 0, 2, 200);
    expect(dot.r).toBe(24);
    expect([dot.dotX, dot.dotY]).toEqual([76, 0]);
    expect(dot.points).toEqual([]);

    const none = arrowGeometry('none', 100, 0, 1, 0, 2);
    expect(none.length).toBe(0);
    expect(none.inset).toBe(0);
  });
});

describe('edge hit-testing and culling', () => {
  it('measures the distance to a segment', () => {
    expect(distanceToSegment(5, 3, 0, 0, 10, 0)).toBe(3);
    expect(distanceToSegment(13, 4, 0, 0, 10, 0)).toBe(5);
    expect(pointNearSegment({ x1: 0, y1: 0, x2: 10, y2: 0 }, 5, 9, 10)).toBe(true);
    expect(pointNearSegment({ x1: 0, y1: 0, x2: 10, y2: 0 }, 5, 11, 10)).toBe(false);
  });

  it('culls a long diagonal whose box covers the view but whose line misses it', () => {
    const view = { minX: 0, minY: 80, maxX: 20, maxY: 100 };
    expect(segmentIntersectsBounds({ x1: 0, y1: 0, x2: 100, y2: 100 }, view)).toBe(false);
    expect(segmentIntersectsBounds({ x1: 0, y1: 100, x2: 100, y2: 0 }, view)).toBe(true);
    expect(segmentIntersectsBounds({ x1: 30, y1: 0, x2: 30, y2: 200 }, view, 12)).toBe(true);
  });

  it('finds items by viewport rectangle and by point through the index', () => {
    const index = new SpatialIndex<{ id: number; minX: number; minY: number; maxX: number; maxY: number }>();
    const items = Array.from({ length: 1000 }, (_, i) => {
      const x = (i % 40) * 100;
      const y = Math.floor(i / 40) * 100;
      return { id: i, minX: x, minY: y, maxX: x + 50, maxY: y + 50 };
    });
    index.load(items);
    const inView = index.search({ minX: 0, minY: 0, maxX: 299, maxY: 199 });
    expect(inView.map((i) => i.id).sort((a, b) => a - b)).toEqual([0, 1, 2, 40, 41, 42]);
    expect(index.searchPoint(125, 125).map((i) => i.id)).toEqual([41]);
    expect(index.searchPoint(160, 125)).toEqual([]);
    expect(index.searchPoint(160, 125, 12).map((i) => i.id)).toEqual([41]);
    const moved = items[41];
    if (!moved) throw new Error('no item');
    index.update(moved, (m) => {
      m.minX += 10_000;
      m.maxX += 10_000;
    });
    expect(index.searchPoint(125, 125)).toEqual([]);
    expect(index.searchPoint(10_125, 125)).toEqual([moved]);
    expect(index.size).toBe(1000);
  });
});
