// Every edit family can be undone: applying an edit and then undoing it leaves the document as it
// was, and redoing it brings the edit back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapDocument, Node, ObjectTemplate } from '../../api/document';
import { doc, edge, node, setup, tick } from './storeFixtures';
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

const template: ObjectTemplate = { id: 70, name: 'Harbour', type: 'node', design: { bg_color: '#0000ff' } };

// One edit of each kind; the template edits act on a map with a template (see withTemplate).
const EDITS: [string, Edit][] = [
  ['moveNodes', { type: 'moveNodes', positions: [{ id: 1, center: { x: 7, y: 9 } }] }],
  ['setNodeDesign', { type: 'setNodeDesign', id: 1, design: { bg_color: '#ff0000', border_width: 3 } }],
  ['setNodeContent', { type: 'setNodeContent', id: 1, content: { en: { title: 'A title' } } }],
  ['setNodeNavigation', { type: 'setNodeNavigation', id: 1, navigation: { next_id: 2, popup_type: 'side-panel-large' } }],
  ['setNodeVisibility', { type: 'setNodeVisibility', id: 2, visibility: { min_level: 2 } }],
  ['setNodeHidden', { type: 'setNodeHidden', ids: [1, 2], hidden: true }],
  ['setNodeLocked', { type: 'setNodeLocked', ids: [1], locked: true }],
  ['reorderNodes', { type: 'reorderNodes', ids: [3, 1, 2] }],
  [
    'createNode',
    { type: 'createNode', node: { geometry: { shape: 'circle', center: { x: 5, y: 5 } }, design: { shape: 'circle' } } } as Edit,
  ],
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
  ['deleteLayer', { type: 'deleteLayer', layer: 2 }],
  ['createTemplate', { type: 'createTemplate', template: { name: 'From node', type: 'node', from_node_id: 1 } }],
  ['createTemplate (design)', { type: 'createTemplate', template: { name: 'Blank', type: 'node', design: { bg_color: '#00ff00' } } }],
  ['updateTemplate', { type: 'updateTemplate', id: 70, patch: { name: 'Port', design: { bg_color: '#ffff00' } } }],
  ['deleteTemplate', { type: 'deleteTemplate', id: 70 }],
];

/** The fixture's map with template 70, followed by node 2. */
function withTemplate(): MapDocument {
  const d = doc();
  d.object_templates = [template];
  d.nodes = d.nodes.map((n) => (n.id === 2 ? node(2, { template: '70', design: { shape: 'rectangle', object_template: '70' } }) : n));
  return d;
}

describe('every edit family is undone and redone', () => {
  it.each(EDITS)('%s', async (_, edit) => {
    const { store, api } = setup(10, {}, withTemplate());
    api.createNode.mockResolvedValue({ data: { ...created, revision: 11 }, revision: 11 });
    api.cloneNode.mockResolvedValue({ data: { ...node(51), revision: 11 }, revision: 11 });
    api.createEdge.mockResolvedValue({ data: { ...edge(60, 2, 3), revision: 11 }, revision: 11 });
    let templateId = 80;
    api.createTemplate.mockImplementation((_, body) =>
      Promise.resolve({
        data: { id: templateId, name: body.name, type: 'node', design: { bg_color: '#00ff00' }, revision: 11 },
        revision: 11,
      }),
    );
    api.updateTemplate.mockImplementation((_, id) => Promise.resolve({ data: { ...template, id, revision: 11 }, revision: 11 }));
    const before = shape(store.document);
    expect(store.apply(edit).ok).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    const after = shape(store.document);
    expect(after).not.toEqual(before);

    expect(store.undo()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(shape(store.document)).toEqual(before);

    templateId = 81;
    expect(store.redo()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    const redone = shape(store.document);
    // A node or edge created again gets the server's new id; everything else is as after the edit.
    expect(redone.nodes.length).toBe(after.nodes.length);
    expect(redone.edges.length).toBe(after.edges.length);
    expect(redone.object_templates.length).toBe(after.object_templates.length);
    const createsAgain = ['createNode', 'cloneNode', 'createEdge', 'createTemplate'].includes(edit.type);
    if (!createsAgain) expect(redone).toEqual(after);
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
    store.receiveSync({
      revision: 11,
      user_id: 7,
      type: 'node_design',
      data: { nodes: [node(1, { design: { shape: 'rectangle', object_template: '0', width: 100, height: 40, bg_color: '#ff0000' } })] },
    });
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

describe('undoing the deletion of a level', () => {
  it('puts the level back with its flags, the ranges as they were and what lay only on it', async () => {
    const d = doc();
    // Node 4 lies only on level 2, with an edge to node 1; node 3 lies on 2–3.
    d.nodes.push(node(4, { visibility: { min_level: 2, max_level: 2, hidden: false } }));
    d.edges.push({ ...edge(11, 1, 4), visibility: { min_level: 2, max_level: 2, hidden: false } });
    d.layers = d.layers.map((l) => (l.id === 2 ? { ...l, locked: true } : l));
    const { store, api } = setup(10, {}, d);
    const before = shape(store.document);
    store.apply({ type: 'deleteLayer', layer: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.map.visibility_levels).toBe(2);
    expect(store.getNode(4)).toBeUndefined();
    expect(store.getNode(3)?.visibility).toMatchObject({ min_level: 2, max_level: 2 });

    expect(store.undo()).toBe(true);
    expect(shape(store.document)).toEqual(before);
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.restoreElements.mock.calls).toEqual([
      [
        1,
        {
          nodes: [4],
          level: {
            id: 2,
            hidden: false,
            locked: true,
            nodes: [
              { id: 1, min_level: 1, max_level: 3 },
              { id: 2, min_level: 1, max_level: 3 },
              { id: 3, min_level: 2, max_level: 3 },
            ],
            edges: [{ id: 10, min_level: 1, max_level: 3 }],
          },
        },
      ],
    ]);
    expect(shape(store.document)).toEqual(before);

    // Redo deletes it again.
    expect(store.redo()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.map.visibility_levels).toBe(2);
    expect(api.patchElements.mock.calls.at(-1)?.[1]).toEqual({ levels: [{ id: 2, delete: true }] });
  });
});

describe('undoing template changes', () => {
  it('a deleted template comes back under its id, and its objects follow it again', async () => {
    const { store, api } = setup(10, {}, withTemplate());
    const before = shape(store.document);
    store.apply({ type: 'deleteTemplate', id: 70 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.deleteTemplate).toHaveBeenCalledWith(1, 70);
    expect(store.getTemplate(70)).toBeUndefined();
    expect(store.getNode(2)?.template).toBe('0');
    store.undo();
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.restoreElements).toHaveBeenCalledWith(1, { templates: [70] });
    expect(shape(store.document)).toEqual(before);
  });

  it('a template made from a node is deleted again, and the node looks as before', async () => {
    const { store, api } = setup();
    store.apply({ type: 'setNodeDesign', id: 1, design: { bg_color: '#ff0000' } });
    await vi.advanceTimersByTimeAsync(1000);
    const before = shape(store.document);
    api.createTemplate.mockResolvedValueOnce({
      data: { id: 90, name: 'Red', type: 'node', design: { bg_color: '#ff0000', width: 100, height: 40 }, revision: 12 },
      revision: 12,
    });
    const res = store.apply({ type: 'createTemplate', template: { name: 'Red', type: 'node', from_node_id: 1 } });
    expect(res.ok && res.id !== undefined && res.id < 0).toBe(true);
    // Shown at once: the template, and the node following it with its own values cleared.
    expect(store.document.object_templates.map((t) => t.name)).toEqual(['Red']);
    expect(store.getNode(1)?.design).toEqual({ shape: 'rectangle', object_template: String(res.ok ? res.id : 0) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getTemplate(90)?.name).toBe('Red');
    expect(store.getNode(1)?.template).toBe('90');
    store.undo();
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.deleteTemplate).toHaveBeenCalledWith(1, 90);
    expect(shape(store.document)).toEqual(before);
  });

  it('a refused template name says why', async () => {
    const { store, api, toasts } = setup();
    const { ApiError } = await import('../../api/http');
    api.createTemplate.mockRejectedValueOnce(new ApiError(400, 'validation_failed', 'name is taken'));
    store.apply({ type: 'createTemplate', template: { name: 'Dup', type: 'node', design: {} } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.document.object_templates).toEqual([]);
    expect(toasts).toContainEqual({ type: 'error', key: 'templateCreateError', params: { reason: 'name is taken' } });
  });
});
