import { describe, expect, it } from 'vitest';
import type { Edge, Node } from '../api/document';
import { Scene } from '../map/render/scene';
import { fakeMeasure, makeEdge, makeNode } from '../map/render/testing';
import { levelKey, nodeKey, outlineEntries, outlineGroups, outlineKey, outlineRows } from './outline';

function scene(nodes: Node[], edges: Edge[] = []): Scene {
  const s = new Scene({ measure: fakeMeasure, languages: ['de', 'en'] });
  s.setDocument({
    nodes: new Map(nodes.map((n) => [n.id, n])),
    edges: new Map(edges.map((e) => [e.id, e])),
    templates: new Map(),
    globalDesign: null,
  });
  return s;
}

const at = (n: Node, min: number, extra: Partial<Node> = {}): Node => ({
  ...n,
  visibility: { min_level: min, max_level: 3, hidden: false },
  ...extra,
});

describe('the outline', () => {
  const nodes = [
    makeNode(1, 300, 0),
    at(makeNode(2, 0, 0), 2, { content: { en: { title: 'Two' }, de: { title: 'Zwei' } } }),
    makeNode(3, 100, 0),
    at(makeNode(4, 0, 0), 1, { visibility: { min_level: 1, max_level: 3, hidden: true } }),
  ];
  const edges = [makeEdge(10, 1, 3), makeEdge(11, 2, 1)];

  it('groups the nodes by the level they first show on, in the canvas’s language', () => {
    const groups = outlineGroups(outlineEntries(scene(nodes, edges), 3, false));
    expect(groups.map((g) => [g.level, g.entries.map((e) => e.id).sort()])).toEqual([
      [1, [1, 3]],
      [2, [2]],
    ]);
    expect(groups[1]?.entries[0]?.title).toBe('Zwei');
    // The editor lists hidden nodes too.
    expect(outlineEntries(scene(nodes, edges), 3, true)).toHaveLength(4);
  });

  it('shows only the expanded groups and nodes, nodes in reading order, edges to and from', () => {
    const groups = outlineGroups(outlineEntries(scene(nodes, edges), 3, false));
    expect(outlineRows(groups, new Set()).map((r) => r.key)).toEqual(['L1', 'L2']);
    const rows = outlineRows(groups, new Set([levelKey(1), nodeKey(1)]));
    expect(rows.map((r) => r.key)).toEqual(['L1', 'N3', 'N1', 'E10:1', 'E11:1', 'L2']);
    const [l1, n3, n1, out, into] = rows;
    expect(l1).toMatchObject({ kind: 'level', count: 2, expanded: true, depth: 1, setSize: 2, posInSet: 1 });
    expect(n3).toMatchObject({ kind: 'node', expanded: false, depth: 2, setSize: 2, posInSet: 1, parent: 'L1' });
    expect(n1).toMatchObject({ kind: 'node', expanded: true, posInSet: 2 });
    expect(out).toMatchObject({ kind: 'edge', out: true, other: 3, title: 'Node 3', depth: 3, parent: 'N1' });
    expect(into).toMatchObject({ kind: 'edge', out: false, other: 2, title: 'Zwei' });
  });

  it('moves through the tree with the keys of the WAI-ARIA tree pattern', () => {
    const groups = outlineGroups(outlineEntries(scene(nodes, edges), 3, false));
    const rows = outlineRows(groups, new Set([levelKey(1), nodeKey(1)]));
    expect(outlineKey(rows, 0, 'ArrowDown')).toEqual({ to: 1 });
    expect(outlineKey(rows, 0, 'ArrowUp')).toBeNull();
    expect(outlineKey(rows, 3, 'End')).toEqual({ to: 5 });
    expect(outlineKey(rows, 3, 'Home')).toEqual({ to: 0 });
    // Right: opens a closed row, goes into an open one; left: closes an open one, else to the parent.
    expect(outlineKey(rows, 5, 'ArrowRight')).toEqual({ toggle: 'L2' });
    expect(outlineKey(rows, 0, 'ArrowRight')).toEqual({ to: 1 });
    expect(outlineKey(rows, 1, 'ArrowRight')).toEqual({ toggle: 'N3' });
    expect(outlineKey(rows, 2, 'ArrowLeft')).toEqual({ toggle: 'N1' });
    expect(outlineKey(rows, 4, 'ArrowLeft')).toEqual({ to: 2 });
    expect(outlineKey(rows, 1, 'ArrowLeft')).toEqual({ to: 0 });
    expect(outlineKey(rows, 0, 'ArrowLeft')).toEqual({ toggle: 'L1' });
  });

  it('lists 20,000 nodes quickly, drawing rows only for what is open', { timeout: 30_000 }, () => {
    const many = Array.from({ length: 20000 }, (_, i) => makeNode(i + 1, (i % 200) * 150, Math.floor(i / 200) * 80));
    const s = scene(many);
    const t0 = performance.now();
    const groups = outlineGroups(outlineEntries(s, 3, false));
    expect(outlineRows(groups, new Set())).toHaveLength(1);
    expect(outlineRows(groups, new Set([levelKey(1)]))).toHaveLength(20001);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
