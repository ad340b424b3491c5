import { describe, expect, it } from 'vitest';
import { MAX_ZOOM_SCALE } from '../constants';
import { Camera } from './camera';

function camera(): Camera {
  const c = new Camera();
  c.setViewport(800, 600);
  return c;
}

describe('Camera', () => {
  it('maps world to screen and back', () => {
    const c = camera();
    c.x = 100;
    c.y = 50;
    c.scale = 0.5;
    expect(c.worldToScreen(300, 250)).toEqual({ x: 100, y: 100 });
    expect(c.screenToWorld(100, 100)).toEqual({ x: 300, y: 250 });
    expect(c.viewport()).toEqual({ minX: 100, minY: 50, maxX: 1700, maxY: 1250 });
  });

  it('pans with the pointer', () => {
    const c = camera();
    c.scale = 0.5;
    c.panBy(10, -20);
    expect([c.x, c.y]).toEqual([-20, 40]);
  });

  it('zooms around a point, which stays under the pointer, within the scale limits', () => {
    const c = camera();
    c.scale = 0.5;
    const before = c.screenToWorld(200, 150);
    c.zoomAt(1.5, 200, 150);
    expect(c.scale).toBeCloseTo(0.75);
    const after = c.screenToWorld(200, 150);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    c.zoomAt(100, 0, 0);
    expect(c.scale).toBe(MAX_ZOOM_SCALE);
  });

  it('fits bounds with padding, centred', () => {
    const c = camera();
    c.fitBounds({ minX: 0, minY: 0, maxX: 7200, maxY: 1000 }, 40);
    expect(c.scale).toBeCloseTo(0.1);
    const centre = c.screenToWorld(400, 300);
    expect(centre.x).toBeCloseTo(3600);
    expect(centre.y).toBeCloseTo(500);
  });
});
