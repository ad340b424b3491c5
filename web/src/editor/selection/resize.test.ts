import { describe, expect, it } from 'vitest';
import { shapeBox } from '../../map';
import { handleAt, MIN_NODE_SIZE, resized, startResize } from './resize';

const rect = shapeBox({ x: 100, y: 100 }, { shape: 'rectangle', width: 100, height: 40, rotate: 0 });
const circle = shapeBox({ x: 0, y: 0 }, { shape: 'circle', width: 60, height: 60, rotate: 0 });

describe('resize handles', () => {
  it('finds the corner under the pointer', () => {
    expect(handleAt(rect, 2, { x: 152, y: 122 }, 4)).toBe('se');
    expect(handleAt(rect, 2, { x: 48, y: 78 }, 4)).toBe('nw');
    expect(handleAt(rect, 2, { x: 100, y: 100 }, 4)).toBeNull();
  });

  it('keeps the opposite corner where it is', () => {
    const s = startResize(rect, 'se', { x: 150, y: 120 });
    expect(resized(s, { x: 170, y: 130 }, false)).toEqual({ center: { x: 110, y: 105 }, width: 120, height: 50 });
    const n = startResize(rect, 'nw', { x: 50, y: 80 });
    expect(resized(n, { x: 60, y: 70 }, false)).toEqual({ center: { x: 105, y: 95 }, width: 90, height: 50 });
  });

  it('keeps a circle round and, with Shift, the proportions', () => {
    const c = startResize(circle, 'se', { x: 30, y: 30 });
    const r = resized(c, { x: 60, y: 35 }, false);
    expect(r.width).toBe(r.height);
    expect(r.width).toBe(90);
    const s = startResize(rect, 'se', { x: 150, y: 120 });
    expect(resized(s, { x: 250, y: 125 }, true)).toMatchObject({ width: 200, height: 80 });
  });

  it('goes no smaller than the minimum', () => {
    const s = startResize(rect, 'se', { x: 150, y: 120 });
    expect(resized(s, { x: -500, y: -500 }, false)).toMatchObject({ width: MIN_NODE_SIZE, height: MIN_NODE_SIZE });
  });

  it('resizes a rotated rectangle along its own sides', () => {
    const turned = shapeBox({ x: 0, y: 0 }, { shape: 'rectangle', width: 100, height: 40, rotate: 90 });
    // Turned by 90°, its local +x points down the screen: dragging the se handle down widens it.
    const s = startResize(turned, 'se', { x: -20, y: 50 });
    const r = resized(s, { x: -20, y: 70 }, false);
    expect(r.width).toBe(120);
    expect(r.height).toBe(40);
    expect(r.center).toEqual({ x: 0, y: 10 });
  });
});
