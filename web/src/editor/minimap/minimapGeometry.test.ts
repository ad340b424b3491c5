import { describe, expect, it } from 'vitest';
import { boxOnMinimap, minimapToWorld, minimapTransform, viewportOnMinimap, worldToMinimap } from './minimapGeometry';

describe('minimap geometry', () => {
  const world = { minX: 0, minY: 0, maxX: 1000, maxY: 500 };

  it('fits the map into the box at one scale, centred on the narrower axis', () => {
    const t = minimapTransform(world, 200, 140, 0);
    expect(t.scale).toBeCloseTo(0.2);
    // 1000 × 500 at 0.2 is 200 × 100: 20 pixels of slack above and below.
    expect(worldToMinimap(t, { x: 0, y: 0 })).toEqual({ x: 0, y: 20 });
    expect(worldToMinimap(t, { x: 1000, y: 500 })).toEqual({ x: 200, y: 120 });
  });

  it('keeps the padding around the map', () => {
    const t = minimapTransform(world, 212, 200, 6);
    const p = worldToMinimap(t, { x: 0, y: 250 });
    expect(p.x).toBeCloseTo(6);
    expect(p.y).toBeCloseTo(100);
  });

  it('goes back from the minimap to the world', () => {
    const t = minimapTransform({ minX: -300, minY: 40, maxX: 900, maxY: 700 }, 200, 140);
    const w = { x: 123.5, y: 456.25 };
    const back = minimapToWorld(t, worldToMinimap(t, w));
    expect(back.x).toBeCloseTo(w.x);
    expect(back.y).toBeCloseTo(w.y);
  });

  it('draws the view inside the minimap, clamped, and never smaller than a few pixels', () => {
    const t = minimapTransform(world, 200, 140, 0);
    expect(viewportOnMinimap(t, { minX: 250, minY: 0, maxX: 500, maxY: 250 })).toEqual({ minX: 50, minY: 20, maxX: 100, maxY: 70 });
    const off = viewportOnMinimap(t, { minX: 5000, minY: 100, maxX: 6000, maxY: 200 });
    expect(off.maxX).toBe(200);
    expect(off.maxX - off.minX).toBe(4);
    const tiny = viewportOnMinimap(t, { minX: 500, minY: 250, maxX: 501, maxY: 251 });
    expect(tiny.maxX - tiny.minX).toBe(4);
    expect(tiny.maxY - tiny.minY).toBe(4);
  });

  it('gives a small node at least a pixel', () => {
    const t = minimapTransform({ minX: 0, minY: 0, maxX: 100000, maxY: 100000 }, 200, 200, 0);
    const box = boxOnMinimap(t, { minX: 50000, minY: 50000, maxX: 50010, maxY: 50010 });
    expect(box.x).toBeCloseTo(100);
    expect(box.w).toBe(1);
    expect(box.h).toBe(1);
  });
});
