import { describe, expect, it } from 'vitest';
import type { Edge } from '../api/document';
import { countRemoval } from './removal';

const edge = (id: number, from: number, to: number) => ({ id, node: { from_id: from, to_id: to } }) as Edge;

describe('countRemoval', () => {
  const edges = [edge(10, 1, 2), edge(11, 2, 3), edge(12, 3, 4), edge(13, 4, 5)];

  it('counts the edges of deleted nodes once, with the selected ones', () => {
    expect(countRemoval([2], [10, 13], edges)).toEqual({ nodes: 1, edges: 3 });
  });

  it('counts selected edges alone when no node goes', () => {
    expect(countRemoval([], [12], edges)).toEqual({ nodes: 0, edges: 1 });
  });

  it('counts an edge between two deleted nodes once', () => {
    expect(countRemoval([3, 4], [], edges)).toEqual({ nodes: 2, edges: 3 });
  });
});
