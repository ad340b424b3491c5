import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteDrags } from './remoteDrags';

describe('RemoteDrags', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows accepted, well-formed positions and drops them once they go stale', () => {
    const dropped: number[][] = [];
    const drags = new RemoteDrags((ids) => dropped.push(ids), 2000);
    const bad = { id: 3, center: { x: 'x', y: 1 } } as unknown as { id: number; center: { x: number; y: number } };
    const ids = drags.show([{ id: 1, center: { x: 10, y: 20 } }, { id: 2, center: { x: 5, y: 5 } }, bad], (id) => id !== 2);
    expect(ids).toEqual([1]);
    expect(drags.center(1)).toEqual({ x: 10, y: 20 });
    expect(drags.center(2)).toBeUndefined();
    vi.advanceTimersByTime(1000);
    drags.show([{ id: 4, center: { x: 0, y: 0 } }], () => true);
    vi.advanceTimersByTime(1000);
    // Node 1 is stale; node 4 moved a second ago and stays until its own time is up.
    expect(dropped).toEqual([[1]]);
    expect(drags.center(4)).toEqual({ x: 0, y: 0 });
    vi.advanceTimersByTime(2000);
    expect(dropped).toEqual([[1], [4]]);
    expect(drags.center(4)).toBeUndefined();
  });

  it('forgets a node whose move was stored, and stops its timer when disposed', () => {
    const dropped: number[][] = [];
    const drags = new RemoteDrags((ids) => dropped.push(ids), 2000);
    drags.show([{ id: 1, center: { x: 1, y: 1 } }], () => true);
    drags.forget(1);
    expect(drags.center(1)).toBeUndefined();
    drags.show([{ id: 2, center: { x: 1, y: 1 } }], () => true);
    drags.dispose();
    vi.advanceTimersByTime(5000);
    expect(dropped).toEqual([]);
  });
});
