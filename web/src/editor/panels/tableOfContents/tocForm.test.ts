import { describe, expect, it } from 'vitest';
import type { Node } from '../../../api/document';
import { makeNode } from '../../../map/render/testing';
import {
  depthProblem,
  fitDepths,
  indent,
  maxDepthAt,
  moveEntry,
  newEntry,
  nodeChoices,
  outdent,
  removeEntry,
  setDepth,
  type TocEntry,
} from './tocForm';

const entry = (depth: number, node_id = 1): TocEntry => ({ title: { en: `N${node_id}` }, depth, node_id, zoom_level: 1 });
const depths = (entries: readonly TocEntry[] | null) => entries?.map((e) => e.depth);

describe('table of contents depths', () => {
  it('allows at most one level below the entry before, four at most', () => {
    const entries = [entry(1), entry(2), entry(3), entry(4)];
    expect(maxDepthAt(entries, 0)).toBe(1);
    expect(maxDepthAt(entries, 2)).toBe(3);
    expect(maxDepthAt([...entries, entry(4)], 4)).toBe(4);
    expect(depthProblem(entries, 1, 3)).toEqual({ max: 2 });
    expect(depthProblem(entries, 1, 2)).toBeNull();
  });

  it('refuses a depth deeper than allowed and lifts the sub-entries with a lowered one', () => {
    const entries = [entry(1), entry(2), entry(3), entry(2)];
    expect(setDepth(entries, 1, 3)).toBeNull();
    expect(setDepth(entries, 0, 2)).toBeNull();
    expect(depths(setDepth(entries, 1, 1))).toEqual([1, 1, 2, 2]);
  });

  it('indents and outdents an entry with its sub-entries', () => {
    const entries = [entry(1), entry(1), entry(2), entry(1)];
    expect(depths(indent(entries, 1))).toEqual([1, 2, 3, 1]);
    expect(indent(entries, 0)).toBeNull();
    expect(indent([entry(1), entry(2), entry(3), entry(4)], 3)).toBeNull();
    expect(indent([entry(1), entry(1), entry(2), entry(3), entry(4)], 1)).toBeNull();
    expect(depths(outdent([entry(1), entry(2), entry(3)], 1))).toEqual([1, 1, 2]);
    expect(outdent(entries, 0)).toBeNull();
  });

  it('fits depths after a move or removal', () => {
    const entries = [entry(1, 1), entry(2, 2), entry(3, 3), entry(1, 4)];
    const moved = moveEntry(entries, 0, 3);
    expect(moved.map((e) => e.node_id)).toEqual([2, 3, 4, 1]);
    expect(depths(moved)).toEqual([1, 2, 1, 1]);
    expect(depths(moveEntry(entries, 3, 1))).toEqual([1, 1, 2, 3]);
    expect(depths(removeEntry(entries, 1))).toEqual([1, 2, 1]);
    expect(depths(fitDepths([entry(3), entry(4), entry(4), entry(9)]))).toEqual([1, 2, 3, 4]);
    expect(moveEntry(entries, 0, 9)).toEqual(entries);
  });
});

describe('choosing a node', () => {
  const eclair = makeNode(1, 0, 0, {}, { content: { en: { title: 'Éclair' }, de: { title: 'Liebesknochen' } } });
  const apple = makeNode(2, 0, 0, {}, { content: { en: { title: 'Apple' } } });
  const nodes: Node[] = [
    eclair,
    apple,
    makeNode(3, 0, 0, {}, { content: {} }),
    makeNode(-4, 0, 0, {}, { content: { en: { title: 'Unsaved' } } }),
  ];

  it('finds stored nodes by title, any case and accents, sorted', () => {
    expect(nodeChoices(nodes, 'en', '')).toEqual([
      { id: 2, title: 'Apple' },
      { id: 1, title: 'Éclair' },
    ]);
    expect(nodeChoices(nodes, 'en', 'ECL')).toEqual([{ id: 1, title: 'Éclair' }]);
    expect(nodeChoices(nodes, 'de', 'liebes')).toEqual([{ id: 1, title: 'Liebesknochen' }]);
    expect(nodeChoices(nodes, 'fr', 'app')).toEqual([{ id: 2, title: 'Apple' }]);
  });

  it('makes a new entry titled as the node, at the depth of the last entry', () => {
    expect(newEntry([entry(1), entry(2)], eclair, ['en', 'de'], 2)).toEqual({
      title: { en: 'Éclair', de: 'Liebesknochen' },
      depth: 2,
      node_id: 1,
      zoom_level: 2,
    });
    expect(newEntry([], apple, ['en'], 1).depth).toBe(1);
  });
});
