import { describe, expect, it } from 'vitest';
import { aligned, distributed, nudgeStep, nudged, type Placed } from './arrange';

/** A node of w × h centred at x, y. */
const box = (id: number, x: number, y: number, w: number, h: number): Placed => ({
  id,
  x,
  y,
  bounds: { minX: x - w / 2, maxX: x + w / 2, minY: y - h / 2, maxY: y + h / 2 },
});

describe('nudging', () => {
  it('steps by 1, or 10 with Shift, in the arrow’s direction', () => {
    expect(nudgeStep('ArrowLeft', false)).toEqual({ dx: -1, dy: 0 });
    expect(nudgeStep('ArrowDown', true)).toEqual({ dx: 0, dy: 10 });
    expect(nudgeStep('a', false)).toBeNull();
    expect(nudged([box(1, 5, 5, 10, 10)], 10, 0)).toEqual([{ id: 1, center: { x: 15, y: 5 } }]);
  });
});

describe('aligning', () => {
  const nodes = [box(1, 0, 0, 100, 40), box(2, 300, 100, 50, 20)];

  it('aligns edges and centres to the selection’s bounds', () => {
    expect(aligned(nodes, 'left')).toEqual([{ id: 2, center: { x: -25, y: 100 } }]);
    expect(aligned(nodes, 'right')).toEqual([{ id: 1, center: { x: 275, y: 0 } }]);
    expect(aligned(nodes, 'centre')).toEqual([
      { id: 1, center: { x: 137.5, y: 0 } },
      { id: 2, center: { x: 137.5, y: 100 } },
    ]);
    expect(aligned(nodes, 'top')).toEqual([{ id: 2, center: { x: 300, y: -10 } }]);
    expect(aligned(nodes, 'bottom')).toEqual([{ id: 1, center: { x: 0, y: 90 } }]);
    expect(aligned(nodes, 'middle')).toEqual([
      { id: 1, center: { x: 0, y: 45 } },
      { id: 2, center: { x: 300, y: 45 } },
    ]);
  });

  it('needs two nodes', () => {
    expect(aligned([box(1, 0, 0, 10, 10)], 'left')).toEqual([]);
  });
});

describe('distributing', () => {
  it('makes the gaps equal, the outer nodes staying', () => {
    // Widths 20, 40, 20: from 0..20 and 180..200 the gap is (200 − 80) / 2 = 60.
    const nodes = [box(1, 10, 0, 20, 10), box(3, 190, 5, 20, 10), box(2, 50, 9, 40, 10)];
    expect(distributed(nodes, 'horizontal')).toEqual([{ id: 2, center: { x: 100, y: 9 } }]);
    expect(distributed(nodes, 'vertical')).toEqual([{ id: 3, center: { x: 190, y: 4.5 } }]);
  });

  it('needs three nodes', () => {
    expect(distributed([box(1, 0, 0, 1, 1), box(2, 5, 0, 1, 1)], 'horizontal')).toEqual([]);
  });
});
