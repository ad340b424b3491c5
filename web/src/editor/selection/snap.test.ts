import { describe, expect, it } from 'vitest';
import { readSnapSetting, SnapTargets, unionBounds, writeSnapSetting } from './snap';

const box = (x: number, y: number, w: number, h: number) => ({ minX: x - w / 2, maxX: x + w / 2, minY: y - h / 2, maxY: y + h / 2 });

describe('snapping a moving box', () => {
  // A target centred at 300, 200, 100 × 40.
  const targets = new SnapTargets([box(300, 200, 100, 40)]);

  it('pulls its centre onto a centre line within the distance, and draws the guide', () => {
    const s = targets.snapBox(box(296, 500, 60, 60), 6);
    expect(s.dx).toBe(4);
    expect(s.dy).toBe(0);
    expect(s.guides).toEqual([{ axis: 'x', at: 300, from: 180, to: 530 }]);
  });

  it('pulls edges onto edges, on both axes', () => {
    // Left edge 352 near the target's right edge 350; top 223 near its bottom 220.
    const s = targets.snapBox({ minX: 352, maxX: 400, minY: 223, maxY: 260 }, 6);
    expect(s.dx).toBe(-2);
    expect(s.dy).toBe(-3);
    expect(s.guides.map((g) => [g.axis, g.at])).toEqual([
      ['x', 350],
      ['y', 220],
    ]);
  });

  it('leaves a box beyond the distance alone', () => {
    expect(targets.snapBox(box(320, 500, 20, 20), 6)).toEqual({ dx: 0, dy: 0, guides: [] });
  });

  it('takes the nearest of several targets', () => {
    const many = new SnapTargets(Array.from({ length: 1000 }, (_, i) => box(i * 10, 0, 2, 2)));
    expect(many.snapBox(box(5003, 400, 0, 0), 6).dx).toBe(-2);
  });

  it('snaps a resized corner', () => {
    const s = targets.snapPoint(347, 221, { minX: 200, minY: 100, maxX: 347, maxY: 221 }, 6);
    expect([s.dx, s.dy]).toEqual([3, -1]);
  });
});

describe('the snap setting', () => {
  it('is on unless turned off, and remembered', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    expect(readSnapSetting(storage)).toBe(true);
    writeSnapSetting(false, storage);
    expect(readSnapSetting(storage)).toBe(false);
    writeSnapSetting(true, storage);
    expect(readSnapSetting(storage)).toBe(true);
  });

  it('unites boxes', () => {
    expect(unionBounds([box(0, 0, 2, 2), box(10, 10, 2, 2)])).toEqual({ minX: -1, minY: -1, maxX: 11, maxY: 11 });
    expect(unionBounds([])).toBeNull();
  });
});
