import { describe, expect, it } from 'vitest';
import { revealDelta } from './reveal';

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
