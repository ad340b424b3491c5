import { describe, expect, it } from 'vitest';
import { makeEdge, makeNode } from '../../../map/render/testing';
import { edgeBounds, edgesLosingOverlap, rangeWith } from './visibilityRules';

const at = (id: number, min: number, max: number) =>
  makeNode(id, 0, 0, {}, { visibility: { min_level: min, max_level: max, hidden: false } });

describe('edgesLosingOverlap', () => {
  const nodes = new Map([at(1, 1, 5), at(2, 1, 2), at(3, 4, 5), at(4, 1, 5)].map((n) => [n.id, n]));
  const edges = [makeEdge(10, 1, 2), makeEdge(11, 3, 1), makeEdge(12, 2, 3), makeEdge(13, 1, 4)];

  it('names the node’s edges whose other end shares no level with the new range', () => {
    expect(edgesLosingOverlap(1, { min_level: 3, max_level: 5 }, nodes, edges)).toEqual([10]);
    expect(edgesLosingOverlap(1, { min_level: 1, max_level: 1 }, nodes, edges)).toEqual([11]);
    expect(edgesLosingOverlap(1, { min_level: 3, max_level: 3 }, nodes, edges)).toEqual([10, 11]);
  });

  it('names none while every edge keeps a common level, and ignores other nodes’ edges', () => {
    expect(edgesLosingOverlap(1, { min_level: 2, max_level: 4 }, nodes, edges)).toEqual([]);
    expect(edgesLosingOverlap(4, { min_level: 5, max_level: 5 }, nodes, edges)).toEqual([]);
  });
});

describe('rangeWith', () => {
  it('moves the other end along when the ends would cross, within 1 and the count', () => {
    expect(rangeWith({ min_level: 1, max_level: 2 }, 'min_level', 4, 5)).toEqual({ min_level: 4, max_level: 4 });
    expect(rangeWith({ min_level: 3, max_level: 5 }, 'max_level', 2, 5)).toEqual({ min_level: 2, max_level: 2 });
    expect(rangeWith({ min_level: 1, max_level: 5 }, 'max_level', 9, 5)).toEqual({ min_level: 1, max_level: 5 });
    expect(rangeWith({ min_level: 2, max_level: 3 }, 'min_level', 0, 5)).toEqual({ min_level: 1, max_level: 3 });
  });
});

describe('edgeBounds', () => {
  it('is the overlap of the nodes’ ranges, or null', () => {
    expect(edgeBounds({ min_level: 1, max_level: 3 }, { min_level: 2, max_level: 6 })).toEqual({ min_level: 2, max_level: 3 });
    expect(edgeBounds({ min_level: 1, max_level: 1 }, { min_level: 2, max_level: 6 })).toBeNull();
  });
});
