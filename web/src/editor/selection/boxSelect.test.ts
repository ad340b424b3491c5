import { describe, expect, it } from 'vitest';
import { edgesAmong, nodesInRect, rectBetween, unionIds } from './boxSelect';
import { makeEdge, makeNode, sceneOf } from './sceneFixture';

const all = () => true;

describe('box selection', () => {
  // Three 100×40 rectangles at x = 0, 200, 400 and a 60 circle below.
  const scene = sceneOf(
    [
      makeNode(1, 0, 0, { width: 100, height: 40 }),
      makeNode(2, 200, 0, { width: 100, height: 40 }),
      makeNode(3, 400, 0, { width: 100, height: 40 }),
      makeNode(4, 200, 200, { shape: 'circle', width: 60, height: 60 }),
    ],
    [makeEdge(10, 1, 2), makeEdge(11, 2, 3), makeEdge(12, 2, 4)],
  );

  it('takes the nodes wholly inside the rectangle, dragged either way', () => {
    expect(nodesInRect(scene, rectBetween({ x: -60, y: -30 }, { x: 260, y: 30 }), all)).toEqual([1, 2]);
    expect(nodesInRect(scene, rectBetween({ x: 260, y: 30 }, { x: -60, y: -30 }), all)).toEqual([1, 2]);
    // Node 3 is only partly inside (its left half).
    expect(nodesInRect(scene, rectBetween({ x: -60, y: -30 }, { x: 420, y: 30 }), all)).toEqual([1, 2]);
    expect(nodesInRect(scene, rectBetween({ x: 160, y: 160 }, { x: 240, y: 240 }), all)).toEqual([4]);
  });

  it('leaves out the nodes not shown', () => {
    expect(nodesInRect(scene, rectBetween({ x: -60, y: -30 }, { x: 260, y: 30 }), (e) => e.id !== 1)).toEqual([2]);
  });

  it('takes the edges whose two ends are selected', () => {
    expect(edgesAmong(scene, [1, 2], all)).toEqual([10]);
    expect(edgesAmong(scene, [1, 2, 3], all)).toEqual([10, 11]);
    expect(edgesAmong(scene, [1, 2, 3], (id) => id !== 11)).toEqual([10]);
    expect(edgesAmong(scene, [1], all)).toEqual([]);
  });

  it('adds to a selection without repeating', () => {
    expect(unionIds([3, 1], [1, 2])).toEqual([3, 1, 2]);
  });

  it('finds the few inside a small rectangle of a 20,000-node map', () => {
    const nodes = Array.from({ length: 20_000 }, (_, i) =>
      makeNode(i + 1, (i % 200) * 150, Math.floor(i / 200) * 100, { width: 100, height: 40 }, { content: {} }),
    );
    const big = sceneOf(nodes);
    // Columns 0–1 of rows 0–2.
    expect(nodesInRect(big, rectBetween({ x: -60, y: -30 }, { x: 210, y: 230 }), all)).toEqual([1, 2, 201, 202, 401, 402]);
  });
});
