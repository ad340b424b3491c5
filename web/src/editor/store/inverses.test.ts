// Every edit family can be undone: applying an edit and then undoing it leaves the document as it
// was, and redoing it brings the edit back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapDocument, Node } from '../../api/document';
import { edge, node, setup, tick } from './storeFixtures';
import type { Edit } from './types';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The document as a reader sees it: elements sorted by id (a replay may reorder them), and a
 * language whose fields are all empty counted as no content (undoing a first text empties it).
 */
function shape(d: MapDocument) {
  const byId = <T extends { id: number }>(xs: T[]) => [...xs].sort((a, b) => a.id - b.id);
  const content = <T extends { content: object }>(x: T): T => {
    const kept = Object.entries(x.content).filter(([, fields]) =>
      Object.values(fields as object).some((v) => v !== '' && v !== false && v !== null),
    );
    return { ...x, content: Object.fromEntries(kept) };
  };
  return {
    ...d,
    nodes: byId(d.nodes).map(content),
    edges: byId(d.edges).map(content),
    object_templates: byId(d.object_templates),
    revision: 0,
  };
}

const created: Node = node(50, { geometry: { shape: 'circle', center: { x: 5, y: 5 } } });

// One edit of each family (deleting a layer is not undone yet: see the note).
const EDITS: [string, Edit][] = [
  ['moveNodes', { type: 'moveNodes', positions: [{ id: 1, center: { x: 7, y: 9 } }] }],
  ['setNodeDesign', { type: 'setNodeDesign', id: 1, design: { bg_color: '#ff0000', border_width: 3 } }],
  ['setNodeContent', { type: 'setNodeContent', id: 1, content: { en: { title: 'A title' } } }],
  ['setNodeNavigation', { type: 'setNodeNavigation', id: 1, navigation: { next_id: 2, popup_type: 'side-panel-large' } }],
  ['setNodeVisibility', { type: 'setNodeVisibility', id: 2, visibility: { min_level: 2 } }],
  ['setNodeHidden', { type: 'setNodeHidden', ids: [1, 2], hidden: true }],
  ['setNodeLocked', { type: 'setNodeLocked', ids: [1], locked: true }],
  ['reorderNodes', { type: 'reorderNodes', ids: [3, 1, 2] }],
  ['createNode', { type: 'createNode', node: { geometry: { shape: 'circle', center: { x: 5, y: 5 } }, design: { shape: 'circle' } } } as Edit],
  ['cloneNode', { type: 'cloneNode', id: 1, offset: { x: 30, y: 30 } }],
  ['removeNodes', { type: 'removeNodes', ids: [2] }],
  ['createEdge', { type: 'createEdge', edge: { node: { from_id: 2, to_id: 3 } } }],
  ['setEdgeDesign', { type: 'setEdgeDesign', id: 10, design: { border_color: '#00ff00' } }],
  ['setEdgeContent', { type: 'setEdgeContent', id: 10, content: { en: { middle: 'via' } } }],
  ['setEdgeVisibility', { type: 'setEdgeVisibility', id: 10, visibility: { max_level: 2 } }],
  ['removeEdges', { type: 'removeEdges', ids: [10] }],
  ['setAllEdges', { type: 'setAllEdges', hidden: true }],
  ['setLayerHidden', { type: 'setLayerHidden', layer: 2, hidden: true }],
  ['setLayerLocked', { type: 'setLayerLocked', layer: 2, locked: true }],
  ['setMapSettings', { type: 'setMapSettings', patch: { name: 'Renamed', design: { bg_color: '#000000' } } }],
  ['setGlobalDesign', { type: 'setGlobalDesign', patch: { nodes: { bg_color: '#123456' } } }],
  ['restoreTemplate', { type: 'restoreTemplate', target: 'node', id: 1 }],
];

describe('every edit family is undone and redone', () => {
  it.each(EDITS)('%s', async (_, edit) => {
    const { store, api } = setup();
    api.createNode.mockResolvedValue({ data: { ...created, revision: 11 }, revision: 11 });
    api.cloneNode.mockResolvedValue({ data: { ...node(51), revision: 11 }, revision: 11 });
    api.createEdge.mockResolvedValue({ data: { ...edge(60, 2, 3), revision: 11 }, revision: 11 });
    const before = shape(store.document);
    expect(store.apply(edit).ok).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    const after = shape(store.document);
    expect(after).not.toEqual(before);

    expect(store.undo()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(shape(store.document)).toEqual(before);

    expect(store.redo()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    const redone = shape(store.document);
    // A node or edge created again gets the server's new id; everything else is as after the edit.
    expect(redone.nodes.length).toBe(after.nodes.length);
    expect(redone.edges.length).toBe(after.edges.length);
    if (edit.type !== 'createNode' && edit.type !== 'cloneNode' && edit.type !== 'createEdge') expect(redone).toEqual(after);
    await tick();
  });
});

describe('undoing a deletion', () => {
  it('restores the nodes with their ids, edges and links, as one step', async () => {
    const { store, api } = setup();
    store.apply({ type: 'setNodeNavigation', id: 1, navigation: { next_id: 2 } });
    await vi.advanceTimersByTimeAsync(1000);
    const before = shape(store.document);
    store.applyAll([
      { type: 'removeEdges', ids: [10] },
      { type: 'removeNodes', ids: [2] },
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getNode(2)).toBeUndefined();
    expect(store.getNode(1)?.next_id).toBeNull();
    store.undo();
    expect(shape(store.document)).toEqual(before);
    await vi.advanceTimersByTimeAsync(1000);
    // The node (with what went with it), then the edge deleted on its own before it.
    expect(api.restoreElements.mock.calls).toEqual([
      [1, { nodes: [2] }],
      [1, { edges: [10] }],
    ]);
    expect(shape(store.document)).toEqual(before);
  });

  it('says so and changes nothing when the server cannot restore it', async () => {
    const { store, api, toasts } = setup();
    const { ApiError } = await import('../../api/http');
    api.restoreElements.mockRejectedValueOnce(new ApiError(409, 'conflict', 'gone'));
    store.apply({ type: 'removeNodes', ids: [3] });
    await vi.advanceTimersByTimeAsync(1000);
    store.undo();
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getNode(3)).toBeUndefined();
    expect(toasts.map((t) => t.key)).toContain('restoreError');
  });

  it('a step another editor made stale says so and changes nothing', async () => {
    const { store, toasts } = setup();
    store.apply({ type: 'setNodeDesign', id: 1, design: { bg_color: '#ff0000' } });
    await vi.advanceTimersByTimeAsync(1000);
    store.receiveSync({
      revision: 12,
      user_id: 8,
      type: 'node_design',
      data: { nodes: [node(1, { design: { shape: 'rectangle', object_template: '0', width: 100, height: 40, bg_color: '#0000ff' } })] },
    });
    store.receiveSync({ revision: 11, user_id: 7, type: 'node_design', data: { nodes: [node(1, { design: { shape: 'rectangle', object_template: '0', width: 100, height: 40, bg_color: '#ff0000' } })] } });
    await tick();
    expect(store.getNode(1)?.design.bg_color).toBe('#0000ff');
    expect(store.undo()).toBe(true);
    expect(store.getNode(1)?.design.bg_color).toBe('#0000ff');
    expect(toasts.map((t) => t.key)).toEqual(['undoStale']);
  });
});

describe('the number of levels', () => {
  it('lowered and undone: the levels and every squeezed range come back, in one patch', async () => {
    const { store, api } = setup();
    const before = shape(store.document);
    expect(store.preview({ type: 'setMapSettings', patch: { visibility_levels: 1 } })).toEqual({
      removedNodes: 0,
      removedEdges: 0,
      rangedNodes: 3,
      rangedEdges: 1,
    });
    store.apply({ type: 'setMapSettings', patch: { visibility_levels: 1 } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getNode(3)?.visibility).toMatchObject({ min_level: 1, max_level: 1 });
    store.undo();
    expect(shape(store.document)).toEqual(before);
    await vi.advanceTimersByTimeAsync(1000);
    const sent = api.patchElements.mock.calls.at(-1)?.[1];
    expect(sent?.map).toEqual({ visibility_levels: 3 });
    expect(sent?.nodes).toEqual([
      { id: 1, visibility: { min_level: 1, max_level: 3 } },
      { id: 2, visibility: { min_level: 1, max_level: 3 } },
      { id: 3, visibility: { min_level: 2, max_level: 3 } },
    ]);
    expect(sent?.edges).toEqual([{ id: 10, visibility: { min_level: 1, max_level: 3 } }]);
  });

  it('deleting a level is previewed with what exists only on it', () => {
    const { store } = setup();
    // Node 3 lies on levels 2–3; nodes 1 and 2 (and their edge) on 1–3.
    expect(store.preview({ type: 'deleteLayer', layer: 1 })).toEqual({ removedNodes: 0, removedEdges: 0, rangedNodes: 3, rangedEdges: 1 });
    store.apply({ type: 'setNodeVisibility', id: 1, visibility: { min_level: 1, max_level: 1 } });
    expect(store.preview({ type: 'deleteLayer', layer: 1 })).toEqual({ removedNodes: 1, removedEdges: 1, rangedNodes: 2, rangedEdges: 0 });
  });
});

describe('what a deletion takes away (the delete dialog counts with it)', () => {
  const withEdges = () => {
    const { store } = setup();
    // Edges 10 (1→2, from the fixture), 11 (2→3) and 12 (1→3).
    store.receiveSync({ revision: 11, user_id: 8, type: 'edge_created', data: { edges: [edge(11, 2, 3), edge(12, 1, 3)] } });
    return store;
  };
  const removal = (nodes: number[], edges: number[]): Edit[] => [
    ...(edges.length ? [{ type: 'removeEdges', ids: edges } as Edit] : []),
    ...(nodes.length ? [{ type: 'removeNodes', ids: nodes } as Edit] : []),
  ];

  it('counts the edges of deleted nodes once, with the selected ones', () => {
    expect(withEdges().preview(removal([2], [10, 12]))).toMatchObject({ removedNodes: 1, removedEdges: 3 });
  });

  it('counts selected edges alone when no node goes', () => {
    expect(withEdges().preview(removal([], [12]))).toMatchObject({ removedNodes: 0, removedEdges: 1 });
  });

  it('counts an edge between two deleted nodes once', () => {
    expect(withEdges().preview(removal([1, 2], []))).toMatchObject({ removedNodes: 2, removedEdges: 3 });
  });
});
