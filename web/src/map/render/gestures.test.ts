import { describe, expect, it } from 'vitest';
import { Pinch, wheelZoomFactor } from './gestures';

describe('wheelZoomFactor', () => {
  it('zooms in for a wheel turned away, out for one turned back, more for a touchpad pinch', () => {
    expect(wheelZoomFactor({ deltaY: -100, deltaMode: 0, ctrlKey: false })).toBeGreaterThan(1);
    expect(wheelZoomFactor({ deltaY: 100, deltaMode: 0, ctrlKey: false })).toBeLessThan(1);
    const wheel = wheelZoomFactor({ deltaY: -10, deltaMode: 0, ctrlKey: false });
    const pinch = wheelZoomFactor({ deltaY: -10, deltaMode: 0, ctrlKey: true });
    expect(pinch).toBeGreaterThan(wheel);
    // Line-based wheels count 16 px a line.
    expect(wheelZoomFactor({ deltaY: -1, deltaMode: 1, ctrlKey: false })).toBeCloseTo(
      wheelZoomFactor({ deltaY: -16, deltaMode: 0, ctrlKey: false }),
    );
  });
});

describe('Pinch', () => {
  it('starts with the second finger, zooms by the change of distance and pans with the midpoint', () => {
    const p = new Pinch();
    expect(p.down(1, { x: 100, y: 100 })).toBe(false);
    expect(p.move(1, { x: 90, y: 100 })).toBeNull();
    expect(p.down(2, { x: 200, y: 100 })).toBe(true);
    expect(p.active).toBe(true);
    const step = p.move(2, { x: 290, y: 100 });
    // Distance 110 → 200; midpoint 145 → 190.
    expect(step?.factor).toBeCloseTo(200 / 110);
    expect(step?.dx).toBeCloseTo(45);
    expect(step?.dy).toBe(0);
    expect(step?.mid).toEqual({ x: 190, y: 100 });
  });

  it('ends when a finger lifts; the other does nothing until it lifts too', () => {
    const p = new Pinch();
    p.down(1, { x: 0, y: 0 });
    p.down(2, { x: 100, y: 0 });
    expect(p.up(2)).toBe(true);
    expect(p.active).toBe(false);
    expect(p.move(1, { x: 50, y: 0 })).toBeNull();
    // Not a pinch's any more: the caller handles it.
    expect(p.up(1)).toBe(false);
    expect(p.up(7)).toBe(false);
  });
});
