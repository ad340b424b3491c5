import { describe, expect, it } from 'vitest';
import { coveredSides, revealDelta } from './reveal';

const view = { minX: 0, minY: 0, maxX: 1000, maxY: 600 };

describe('revealing a node', () => {
  it('leaves the view where it is when the node shows within the margin', () => {
    expect(revealDelta(view, { minX: 100, minY: 100, maxX: 200, maxY: 150 }, 40)).toEqual({ dx: 0, dy: 0 });
  });

  it('moves the view the least that shows the node', () => {
    expect(revealDelta(view, { minX: 1100, minY: -50, maxX: 1200, maxY: 0 }, 40)).toEqual({ dx: 240, dy: -90 });
    expect(revealDelta(view, { minX: -300, minY: 700, maxX: -200, maxY: 800 }, 40)).toEqual({ dx: -340, dy: 240 });
  });

  it('centres a node larger than the view', () => {
    expect(revealDelta(view, { minX: -1000, minY: 0, maxX: 2000, maxY: 100 }, 40)).toEqual({ dx: 0, dy: -40 });
    expect(revealDelta(view, { minX: 0, minY: 0, maxX: 3000, maxY: 100 }, 40).dx).toBe(1000);
  });
});

describe('the sides panels cover', () => {
  const canvas = { left: 200, right: 1200, top: 100, bottom: 700 };
  it('counts a panel on either half, and nothing outside the canvas', () => {
    const left = { left: 200, right: 500, top: 100, bottom: 700 };
    const right = { left: 900, right: 1190, top: 110, bottom: 600 };
    const outside = { left: 0, right: 200, top: 100, bottom: 700 };
    expect(coveredSides(canvas, [left, right, outside])).toEqual({ left: 300, right: 300 });
    expect(coveredSides(canvas, [])).toEqual({ left: 0, right: 0 });
  });

  it('gives up when the panels cover it all', () => {
    expect(coveredSides(canvas, [{ left: 200, right: 1200, top: 100, bottom: 700 }])).toEqual({ left: 0, right: 0 });
  });
});
