import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import type { Edge, MapDocument, Node, RevisionAnswer } from '../../api/document';
import type { LiveConnection, SyncMapEdit } from '../../api/live';
import type { Revised } from '../../api/maps';
import { change, deferred, doc, edge, ME, node, OTHER, setup, sync, tick } from './storeFixtures';
import type { LiveSource, PublishingSync, StoreApi } from './types';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('saving', () => {
  it('merges edits within 700 ms of quiet into one elements patch', async () => {
    const { store, api, toasts } = setup();
    store.apply({ type: 'setNodeDesign', id: 1, design: { bg_color: '#ff0000' } });
    await vi.advanceTimersByTimeAsync(300);
    store.apply({ type: 'setNodeContent', id: 1, content: { en: { title: 'A' } } });
    await vi.advanceTimersByTimeAsync(300);
    store.apply({ type: 'setNodeDesign', id: 1, design: { bg_color: '#00ff00', border_width: 2 } });
    store.apply({ type: 'setEdgeContent', id: 10, content: { en: { middle: 'x' } } });
    store.apply({ type: 'setLayerHidden', layer: 3, hidden: true });
    await vi.advanceTimersByTimeAsync(699);
    expect(api.patchElements).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.patchElements).toHaveBeenCalledTimes(1);
    expect(api.patchElements).toHaveBeenCalledWith(1, {
      levels: [{ id: 3, hidden: true }],
      nodes: [{ id: 1, design: { bg_color: '#00ff00', border_width: 2 }, content: { en: { title: 'A' } } }],
      edges: [{ id: 10, content: { en: { middle: 'x' } } }],
    });
    expect(store.getNode(1)?.design.bg_color).toBe('#00ff00');
    expect(store.getNode(1)?.content.en?.title).toBe('A');
    // Saving says nothing when it works: the save state shows it.
    expect(toasts).toEqual([]);
    expect(store.saveState).toEqual({ kind: 'saved' });
  });

  it('saves positions after 100 ms, merged per node, the last position winning', async () => {
    const { store, api, toasts } = setup();
    store.apply({ type: 'moveNodes', positions: [{ id: 1, center: { x: 5, y: 5 } }] });
    await vi.advanceTimersByTimeAsync(50);
    store.apply({
      type: 'moveNodes',
      positions: [
        { id: 1, center: { x: 9, y: 9 } },
        { id: 2, center: { x: 1, y: 2 } },
      ],
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(api.patchElements).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.patchElements).toHaveBeenCalledExactlyOnceWith(1, {
      nodes: [
        { id: 1, geometry: { center: { x: 9, y: 9 } } },
        { id: 2, geometry: { center: { x: 1, y: 2 } } },
      ],
    });
    expect(toasts).toEqual([]);
  });

  it('waits the longer quiet time when positions are pending with other edits', async () => {
    const { store, api } = setup();
    store.apply({ type: 'setNodeHidden', ids: [2], hidden: true });
    store.apply({ type: 'moveNodes', positions: [{ id: 1, center: { x: 5, y: 5 } }] });
    await vi.advanceTimersByTimeAsync(100);
    expect(api.patchElements).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(600);
    expect(api.patchElements).toHaveBeenCalledExactlyOnceWith(1, {
      nodes: [
        { id: 2, visibility: { hidden: true } },
        { id: 1, geometry: { center: { x: 5, y: 5 } } },
      ],
    });
  });

  it('sends creates at once on their own endpoint, in order, and later edits with the new id', async () => {
    const { store, api } = setup();
    const created = deferred<Revised<Node & RevisionAnswer>>();
    api.createNode.mockReturnValue(created.promise);
    store.apply({ type: 'setNodeDesign', id: 2, design: { bg_color: '#123456' } });
    const res = store.apply({
      type: 'createNode',
      node: { design: { shape: 'circle' }, geometry: { center: { x: 1, y: 1 } } },
    });
    if (!res.ok || res.id === undefined) throw new Error('no temporary id');
    const temp = res.id;
    expect(temp).toBeLessThan(0);
    expect(store.getNode(temp)?.geometry.center).toEqual({ x: 1, y: 1 });
    store.apply({ type: 'setNodeContent', id: temp, content: { en: { title: 'New' } } });
    await tick();
    // The edit before the create went first; the create waits for its answer.
    expect(api.patchElements).toHaveBeenCalledExactlyOnceWith(1, { nodes: [{ id: 2, design: { bg_color: '#123456' } }] });
    expect(api.createNode).toHaveBeenCalledWith(1, { design: { shape: 'circle' }, geometry: { center: { x: 1, y: 1 } } });
    created.resolve({ data: { ...node(42), revision: 12 }, revision: 12 });
    await tick();
    expect(store.resolveId(temp)).toBe(42);
    expect(store.getNode(temp)?.id).toBe(42);
    await vi.advanceTimersByTimeAsync(700);
    expect(api.patchElements).toHaveBeenLastCalledWith(1, { nodes: [{ id: 42, content: { en: { title: 'New' } } }] });
  });

  it('forces a circle’s sides equal at once', () => {
    const { store } = setup();
    store.apply({ type: 'setNodeDesign', id: 1, design: { shape: 'circle', width: 50 } });
    const n = store.getNode(1);
    expect(n?.design).toMatchObject({ shape: 'circle', width: 50, height: 50 });
    expect(n?.geometry.shape).toBe('circle');
  });

  it('notifies which elements an edit touched', () => {
    const { store, changes } = setup();
    store.apply({ type: 'setNodeVisibility', id: 2, visibility: { min_level: 3 } });
    expect(changes).toHaveLength(1);
    // The edge follows its node's range: 1–3 ∩ 3–3.
    expect([...(changes[0]?.nodes ?? [])]).toEqual([2]);
    expect([...(changes[0]?.edges ?? [])]).toEqual([10]);
    expect(changes[0]?.layers).toBe(false);
    expect(store.getEdge(10)?.visibility).toEqual({ min_level: 3, max_level: 3, hidden: false });
  });
});

describe('node navigation and popup type', () => {
  it('saves previous, next and popup type with the content in one patch, and undoes them', async () => {
    const { store, api, toasts } = setup();
    store.apply({ type: 'setNodeContent', id: 1, content: { de: { title: 'Eins' } } });
    store.apply({ type: 'setNodeNavigation', id: 1, navigation: { next_id: 2, popup_type: 'side-panel-large' } });
    expect(store.getNode(1)).toMatchObject({ next_id: 2, previous_id: null, popup_type: 'side-panel-large' });
    await vi.advanceTimersByTimeAsync(700);
    expect(api.patchElements).toHaveBeenCalledExactlyOnceWith(1, {
      nodes: [{ id: 1, content: { de: { title: 'Eins' } }, next_id: 2, popup_type: 'side-panel-large' }],
    });
    expect(toasts).toEqual([]);
    expect(store.undo()).toBe(true);
    expect(store.getNode(1)).toMatchObject({ next_id: null, popup_type: 'popup-small' });
  });

  it('reverts them when the save fails, with the content error', async () => {
    const { store, api, toasts } = setup();
    api.patchElements.mockRejectedValueOnce(new ApiError(400, 'validation_failed', 'bad'));
    store.apply({ type: 'setNodeNavigation', id: 2, navigation: { previous_id: 1 } });
    await vi.advanceTimersByTimeAsync(700);
    expect(store.getNode(2)?.previous_id).toBeNull();
    expect(toasts).toEqual([{ type: 'error', key: 'nodeContentError' }]);
  });
});

describe('templates', () => {
  it('saves a design value equal to what the node’s template computes as null (inherited)', async () => {
    const { store, api } = setup();
    store.receiveSync(
      sync(11, 'object_templates', {
        templates: [{ id: 5, name: 'Topic', type: 'node', design: { bg_color: '#111111' } }],
        nodes: [node(1, { template: '5', design: { shape: 'rectangle', object_template: '5', bg_color: '#999999' } })],
      }),
    );
    store.receiveSync(sync(12, 'global_design', { global_design: { ...doc().global_design, nodes: { border_width: 3 } } }));
    store.apply({ type: 'setNodeDesign', id: 1, design: { bg_color: '#111111', border_width: 3, font_size: 20 } });
    expect(store.getNode(1)?.design).not.toHaveProperty('bg_color');
    await vi.advanceTimersByTimeAsync(700);
    expect(api.patchElements).toHaveBeenCalledExactlyOnceWith(1, {
      nodes: [{ id: 1, design: { bg_color: null, border_width: null, font_size: 20 } }],
    });
    // Without a template every value is the node's own.
    store.apply({ type: 'setNodeDesign', id: 2, design: { bg_color: '#111111' } });
    await vi.advanceTimersByTimeAsync(700);
    expect(api.patchElements).toHaveBeenLastCalledWith(1, { nodes: [{ id: 2, design: { bg_color: '#111111' } }] });
  });
});

describe('the default templates of the global design', () => {
  it('gives new nodes and edges the template the global design names, while it exists', async () => {
    const { store, api } = setup();
    api.createNode.mockResolvedValue({ data: { ...node(50, { template: '5' }), revision: 13 }, revision: 13 });
    api.createEdge.mockResolvedValue({ data: { ...edge(60, 1, 2), template: '6', revision: 14 }, revision: 14 });
    store.receiveSync(
      sync(11, 'object_templates', {
        templates: [
          { id: 5, name: 'Topic', type: 'node', design: { bg_color: '#111111' } },
          { id: 6, name: 'Link', type: 'edge', design: {} },
        ],
      }),
    );
    const templates = { node_template: '5', edge_template: '6' };
    store.receiveSync(sync(12, 'global_design', { global_design: { ...doc().global_design, templates } }));

    const made = store.apply({ type: 'createNode', node: { design: { shape: 'circle' }, geometry: { center: { x: 1, y: 1 } } } });
    expect(made.ok && made.id !== undefined ? store.getNode(made.id)?.template : null).toBe('5');
    store.apply({ type: 'createEdge', edge: { node: { from_id: 1, to_id: 2 } } });
    await tick();
    expect(api.createNode.mock.calls[0]?.[1].design.object_template).toBe('5');
    expect(api.createEdge.mock.calls[0]?.[1].design?.object_template).toBe('6');

    // One chosen by hand wins; a default whose template is gone is not used.
    store.apply({ type: 'createNode', node: { design: { shape: 'circle', object_template: '0' }, geometry: { center: { x: 2, y: 2 } } } });
    store.receiveSync(sync(13, 'global_design', { global_design: { ...doc().global_design, templates: { node_template: '99' } } }));
    store.apply({ type: 'createNode', node: { design: { shape: 'circle' }, geometry: { center: { x: 3, y: 3 } } } });
    await tick();
    expect(api.createNode.mock.calls.map((c) => c[1].design.object_template)).toEqual(['5', '0', undefined]);
  });
});

describe('all edges', () => {
  it('hides and locks every edge at once, alone in a request, and undoes to each edge’s own flag', async () => {
    const { store, api, toasts } = setup();
    // Another editor adds a hidden edge between nodes 2 and 3.
    const hiddenEdge: Edge = { ...edge(11, 2, 3), visibility: { min_level: 2, max_level: 3, hidden: true } };
    store.receiveSync(sync(11, 'edge_created', { edges: [hiddenEdge] }));

    store.apply({ type: 'setAllEdges', hidden: true });
    expect(store.getEdge(10)?.visibility.hidden).toBe(true);
    expect(store.getEdge(11)?.visibility.hidden).toBe(true);
    await tick();
    expect(api.patchElements).toHaveBeenCalledExactlyOnceWith(1, { all_edges: { hidden: true } });
    expect(toasts).toEqual([]);

    // Undo shows again only the edge that was shown before.
    expect(store.undo()).toBe(true);
    expect(store.getEdge(10)?.visibility.hidden).toBe(false);
    expect(store.getEdge(11)?.visibility.hidden).toBe(true);

    store.apply({ type: 'setAllEdges', locked: true });
    expect([store.getEdge(10)?.locked, store.getEdge(11)?.locked]).toEqual([true, true]);
    await tick();
    expect(api.patchElements).toHaveBeenLastCalledWith(1, { all_edges: { locked: true } });
  });

  it('reverts the toggle when its save fails, with its own error', async () => {
    const { store, api, toasts } = setup();
    api.patchElements.mockRejectedValueOnce(new ApiError(400, 'validation_failed', 'bad'));
    store.apply({ type: 'setAllEdges', locked: true });
    expect(store.getEdge(10)?.locked).toBe(true);
    await tick();
    expect(store.getEdge(10)?.locked).toBe(false);
    expect(toasts).toEqual([{ type: 'error', key: 'allEdgesLockedError' }]);
  });
});

describe('while the server cannot be reached', () => {
  const unreachable = () => new ApiError(0, 'network_error', 'Failed to fetch');

  it('keeps the edits, in order, without a toast, and saves them on a later attempt', async () => {
    const { store, api, toasts } = setup();
    api.patchElements.mockRejectedValueOnce(unreachable()).mockRejectedValueOnce(unreachable());
    store.apply({ type: 'moveNodes', positions: [{ id: 1, center: { x: 5, y: 5 } }] });
    await vi.advanceTimersByTimeAsync(100);
    expect(api.patchElements).toHaveBeenCalledTimes(1);
    // Shown as moved, waiting; no revert, no toast.
    expect(store.getNode(1)?.geometry.center).toEqual({ x: 5, y: 5 });
    expect(store.hasUnsavedChanges).toBe(true);
    expect(toasts).toEqual([]);
    // An edit made meanwhile waits behind it; the debounce does not hammer the server.
    store.apply({ type: 'setNodeDesign', id: 2, design: { bg_color: '#ff0000' } });
    await vi.advanceTimersByTimeAsync(900);
    expect(api.patchElements).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100); // the first retry, after 1 s: still away
    expect(api.patchElements).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1900);
    expect(api.patchElements).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(100); // the second, after 2 s: saved, both
    expect(api.patchElements).toHaveBeenCalledTimes(3);
    const sent = api.patchElements.mock.calls[2]?.[1];
    expect(sent?.nodes?.map((n) => n.id)).toEqual([1, 2]);
    expect(store.getNode(1)?.geometry.center).toEqual({ x: 5, y: 5 });
    expect(toasts.filter((t) => t.type === 'error')).toEqual([]);
  });

  it('sends what waits as soon as the live channel is back', async () => {
    const { store, api } = setup();
    api.patchElements.mockRejectedValueOnce(unreachable());
    store.apply({ type: 'moveNodes', positions: [{ id: 2, center: { x: 9, y: 9 } }] });
    await vi.advanceTimersByTimeAsync(100);
    expect(api.patchElements).toHaveBeenCalledTimes(1);
    api.getChanges.mockResolvedValue({ data: { changes: [], revision: 10 }, revision: 10 } as never);
    store.connected(10);
    await tick();
    expect(api.patchElements).toHaveBeenCalledTimes(2);
    expect(store.hasUnsavedChanges).toBe(false);
  });

  it('still reverts what the server refuses', async () => {
    const { store, api, toasts } = setup();
    api.patchElements.mockRejectedValueOnce(new ApiError(500, 'internal', 'broken'));
    store.apply({ type: 'moveNodes', positions: [{ id: 1, center: { x: 5, y: 5 } }] });
    await vi.advanceTimersByTimeAsync(100);
    expect(store.getNode(1)?.geometry.center).toEqual({ x: 100, y: 0 });
    expect(toasts).toEqual([{ type: 'error', key: 'nodePositionError' }]);
    expect(store.saveState).toEqual({ kind: 'saved' });
  });

  it('keeps and retries what a busy server put off, saying what failed', async () => {
    const { store, api, toasts } = setup();
    api.patchElements.mockRejectedValueOnce(new ApiError(503, 'busy', 'busy'));
    store.apply({ type: 'moveNodes', positions: [{ id: 1, center: { x: 5, y: 5 } }] });
    await vi.advanceTimersByTimeAsync(100);
    expect(store.getNode(1)?.geometry.center).toEqual({ x: 5, y: 5 });
    expect(store.saveState).toEqual({ kind: 'failing', count: 1, failed: 'moveNodes', status: 503 });
    expect(toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.patchElements).toHaveBeenCalledTimes(2);
    expect(store.saveState).toEqual({ kind: 'saved' });
    expect(store.getNode(1)?.geometry.center).toEqual({ x: 5, y: 5 });
  });
});

describe('failures', () => {
  it('reverts positions and names the plural error', async () => {
    const { store, api, toasts } = setup();
    api.patchElements.mockRejectedValueOnce(new ApiError(400, 'validation_failed', 'bad'));
    store.apply({
      type: 'moveNodes',
      positions: [
        { id: 1, center: { x: 5, y: 5 } },
        { id: 2, center: { x: 6, y: 6 } },
      ],
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(store.getNode(1)?.geometry.center).toEqual({ x: 100, y: 0 });
    expect(store.getNode(2)?.geometry.center).toEqual({ x: 200, y: 0 });
    expect(toasts).toEqual([{ type: 'error', key: 'nodePositionsError' }]);
    expect(store.hasUnsavedChanges).toBe(false);
  });

  it('restores visibility with a warning, for nodes and for edges', async () => {
    const { store, api, toasts } = setup();
    api.patchElements.mockRejectedValue(new ApiError(400, 'validation_failed', 'bad'));
    store.apply({ type: 'setNodeVisibility', id: 2, visibility: { min_level: 3 } });
    await vi.advanceTimersByTimeAsync(700);
    expect(store.getNode(2)?.visibility).toEqual({ min_level: 1, max_level: 3, hidden: false });
    expect(store.getEdge(10)?.visibility).toEqual({ min_level: 1, max_level: 3, hidden: false });
    store.apply({ type: 'setEdgeVisibility', id: 10, visibility: { max_level: 2 } });
    await vi.advanceTimersByTimeAsync(700);
    expect(store.getEdge(10)?.visibility.max_level).toBe(3);
    expect(toasts).toEqual([
      { type: 'warning', key: 'nodeVisibilityRestored' },
      { type: 'warning', key: 'edgeVisibilityRestored' },
    ]);
  });

  it('reverts only the failed edits: a later edit of the same node stays', async () => {
    const { store, api, toasts } = setup();
    const answer = deferred<Revised<RevisionAnswer>>();
    api.patchElements.mockReturnValueOnce(answer.promise);
    store.apply({ type: 'setNodeDesign', id: 1, design: { bg_color: '#ff0000' } });
    await vi.advanceTimersByTimeAsync(700);
    store.apply({ type: 'setNodeContent', id: 1, content: { en: { title: 'kept' } } });
    answer.reject(new ApiError(500, 'invalid_response', 'boom'));
    await tick();
    expect(store.getNode(1)?.design.bg_color).toBeUndefined();
    expect(store.getNode(1)?.content.en?.title).toBe('kept');
    expect(toasts).toEqual([{ type: 'error', key: 'nodeDesignError' }]);
    await vi.advanceTimersByTimeAsync(700);
    expect(api.patchElements).toHaveBeenLastCalledWith(1, { nodes: [{ id: 1, content: { en: { title: 'kept' } } }] });
  });

  it('gives each kind its key: order, edge create, element_locked; a layer delete is only logged', async () => {
    const { store, api, toasts, log } = setup();
    api.patchElements.mockRejectedValueOnce(new ApiError(400, 'validation_failed', 'bad'));
    store.apply({ type: 'reorderNodes', ids: [3, 1] });
    expect(store.getNode(3)?.order).toBe(1);
    await vi.advanceTimersByTimeAsync(700);
    expect(api.patchElements).toHaveBeenCalledWith(1, { nodes: [{ id: 3 }, { id: 1 }] });
    expect(store.getNode(3)?.order).toBe(3);

    api.createEdge.mockRejectedValueOnce(new ApiError(409, 'conflict', 'no overlap'));
    const res = store.apply({ type: 'createEdge', edge: { node: { from_id: 2, to_id: 3 } } });
    expect(res.ok && res.id !== undefined && store.getEdge(res.id)?.visibility).toEqual({
      min_level: 2,
      max_level: 3,
      hidden: false,
    });
    await tick();
    expect(store.document.edges.map((e) => e.id)).toEqual([10]);

    api.patchElements.mockRejectedValueOnce(new ApiError(409, 'element_locked', 'busy'));
    store.apply({ type: 'setNodeDesign', id: 2, design: { bg_color: '#000000' } });
    await vi.advanceTimersByTimeAsync(700);
    expect(store.getNode(2)?.design.bg_color).toBeUndefined();

    const err = new ApiError(409, 'conflict', 'last level');
    api.patchElements.mockRejectedValueOnce(err);
    store.apply({ type: 'deleteLayer', layer: 1 });
    expect(store.map.visibility_levels).toBe(2);
    expect(store.getNode(3)?.visibility).toEqual({ min_level: 1, max_level: 2, hidden: false });
    await tick();
    expect(api.patchElements).toHaveBeenLastCalledWith(1, { levels: [{ id: 1, delete: true }] });
    expect(store.map.visibility_levels).toBe(3);
    expect(store.getNode(3)?.visibility).toEqual({ min_level: 2, max_level: 3, hidden: false });
    expect(log).toHaveBeenCalledWith('deleting a layer failed', err);

    expect(toasts).toEqual([
      { type: 'error', key: 'nodesOrderError' },
      { type: 'error', key: 'edgeCreateError' },
      { type: 'error', key: 'elementLocked' },
    ]);
  });

  it('drops edits of a node whose create failed, with the create’s error only', async () => {
    const { store, api, toasts } = setup();
    api.createNode.mockRejectedValueOnce(new ApiError(400, 'validation_failed', 'bad'));
    const res = store.apply({ type: 'createNode', node: { design: { shape: 'rectangle' }, geometry: { center: { x: 0, y: 0 } } } });
    if (!res.ok || res.id === undefined) throw new Error('no id');
    store.apply({ type: 'setNodeDesign', id: res.id, design: { bg_color: '#010101' } });
    await vi.advanceTimersByTimeAsync(700);
    expect(store.document.nodes.map((n) => n.id)).toEqual([1, 2, 3]);
    expect(api.patchElements).not.toHaveBeenCalled();
    expect(toasts).toEqual([{ type: 'error', key: 'nodeCreateError' }]);
  });
});

describe('server changes', () => {
  const red = node(1, { design: { ...node(1).design, bg_color: '#ff0000' } });
  const blue = node(1, { design: { ...node(1).design, bg_color: '#0000ff' } });

  it('applies out-of-order syncs in revision order', () => {
    const { store, api } = setup();
    store.receiveSync(sync(12, 'node_design', { nodes: [blue] }));
    expect(store.revision).toBe(10);
    expect(store.getNode(1)?.design.bg_color).toBeUndefined();
    store.receiveSync(sync(11, 'node_design', { nodes: [red] }));
    expect(store.revision).toBe(12);
    expect(store.getNode(1)?.design.bg_color).toBe('#0000ff');
    store.receiveSync(sync(11, 'node_design', { nodes: [red] }));
    expect(store.getNode(1)?.design.bg_color).toBe('#0000ff');
    expect(api.getChanges).not.toHaveBeenCalled();
  });

  it('catches up on a gap that does not fill', async () => {
    const { store, api } = setup();
    api.getChanges.mockResolvedValue({
      revision: 13,
      changes: [
        change(11, 'node_position', { positions: [{ id: 2, center: { x: 7, y: 7 } }] }),
        change(12, 'node_removed', { removed_node_ids: [3] }),
        change(13, 'node_design', { nodes: [blue] }),
      ],
    });
    store.receiveSync(sync(13, 'node_design', { nodes: [blue] }));
    await vi.advanceTimersByTimeAsync(299);
    expect(api.getChanges).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.getChanges).toHaveBeenCalledExactlyOnceWith(1, 10);
    expect(store.revision).toBe(13);
    expect(store.getNode(2)?.geometry.center).toEqual({ x: 7, y: 7 });
    expect(store.getNode(3)).toBeUndefined();
    expect(store.getNode(1)?.design.bg_color).toBe('#0000ff');
  });

  it('catches up after a reconnect through the live connection', async () => {
    const { store, api } = setup();
    const handlers: { sync?: (d: SyncMapEdit) => void; connected?: (d: { revision?: number }) => void } = {};
    const live: LiveSource = {
      on(event, handler) {
        if (event === 'sync_map_edit') handlers.sync = handler as (d: SyncMapEdit) => void;
        else handlers.connected = handler as (d: { revision?: number }) => void;
        return () => undefined;
      },
    };
    store.attach(live);
    handlers.connected?.({ revision: 10 });
    await tick();
    expect(api.getChanges).not.toHaveBeenCalled();
    api.getChanges.mockResolvedValue({ revision: 11, changes: [change(11, 'node_design', { nodes: [red] })] });
    handlers.connected?.({ revision: 11 });
    await tick();
    expect(api.getChanges).toHaveBeenCalledExactlyOnceWith(1, 10);
    expect(store.getNode(1)?.design.bg_color).toBe('#ff0000');
    handlers.sync?.(sync(12, 'node_design', { nodes: [blue] }));
    expect(store.getNode(1)?.design.bg_color).toBe('#0000ff');
  });

  it('reloads the map on 410, keeping pending local edits on top', async () => {
    const { store, api, changes } = setup();
    api.getChanges.mockRejectedValue(new ApiError(410, 'gone', 'too old'));
    const fresh = doc(50);
    fresh.nodes = [node(1), node(4)];
    fresh.edges = [];
    api.getMap.mockResolvedValue({ data: fresh, revision: 50 });
    store.apply({ type: 'setNodeContent', id: 1, content: { en: { title: 'mine' } } });
    store.connected(49);
    await tick();
    expect(api.getMap).toHaveBeenCalledWith(1);
    expect(store.revision).toBe(50);
    expect(store.document.nodes.map((n) => n.id)).toEqual([1, 4]);
    expect(store.getNode(1)?.content.en?.title).toBe('mine');
    expect(changes.at(-1)?.reloaded).toBe(true);
    expect(store.canUndo).toBe(false);
  });

  it('does not apply its own create twice when the sync comes before the answer', async () => {
    const { store, api } = setup();
    const created = deferred<Revised<Node & RevisionAnswer>>();
    api.createNode.mockReturnValue(created.promise);
    const res = store.apply({ type: 'createNode', node: { design: { shape: 'rectangle' }, geometry: { center: { x: 3, y: 3 } } } });
    await tick();
    const n42 = node(42, { geometry: { shape: 'rectangle', center: { x: 3, y: 3 } } });
    store.receiveSync(sync(11, 'node_created', { nodes: [n42] }, ME));
    // Held until the answer says which temporary node it is.
    expect(store.document.nodes.map((n) => n.id)).toEqual([1, 2, 3, res.ok ? res.id : 0]);
    created.resolve({ data: { ...n42, revision: 11 }, revision: 11 });
    await tick();
    expect(store.revision).toBe(11);
    expect(store.document.nodes.map((n) => n.id)).toEqual([1, 2, 3, 42]);
    expect(store.hasUnsavedChanges).toBe(false);
  });

  it('own sync after the answer changes nothing and ends the pending edit', async () => {
    const { store, changes } = setup();
    store.apply({ type: 'moveNodes', positions: [{ id: 1, center: { x: 5, y: 5 } }] });
    await vi.advanceTimersByTimeAsync(100);
    const before = store.getNode(1);
    const seen = changes.length;
    store.receiveSync(sync(11, 'node_position', { positions: [{ id: 1, center: { x: 5, y: 5 } }] }, ME));
    expect(store.revision).toBe(11);
    expect(store.getNode(1)).toBe(before);
    expect(changes.length).toBe(seen);
    expect(store.hasUnsavedChanges).toBe(false);
  });

  it('keeps a remote change to another field of a node with a pending local edit, and the local one', async () => {
    const { store, api } = setup();
    store.apply({ type: 'setNodeDesign', id: 1, design: { bg_color: '#ff0000' } });
    const theirs = node(1, { design: { ...node(1).design, border_width: 5 }, content: { en: { title: 'T' } } });
    store.receiveSync(sync(11, 'node_design', { nodes: [theirs] }));
    expect(store.getNode(1)?.design).toMatchObject({ bg_color: '#ff0000', border_width: 5 });
    expect(store.getNode(1)?.content.en?.title).toBe('T');
    // A remote change of the same field does not clobber the newer local edit either.
    store.receiveSync(sync(12, 'node_design', { nodes: [{ ...theirs, design: { ...theirs.design, bg_color: '#0000ff' } }] }));
    expect(store.getNode(1)?.design.bg_color).toBe('#ff0000');
    await vi.advanceTimersByTimeAsync(700);
    expect(api.patchElements).toHaveBeenCalledExactlyOnceWith(1, { nodes: [{ id: 1, design: { bg_color: '#ff0000' } }] });
    store.receiveSync(sync(13, 'node_design', { nodes: [{ ...theirs, design: { ...theirs.design, bg_color: '#ff0000' } }] }, ME));
    expect(store.getNode(1)?.design).toMatchObject({ bg_color: '#ff0000', border_width: 5 });
    expect(store.hasUnsavedChanges).toBe(false);
  });

  it('tells subscribers only what a remote change touched', () => {
    const { store, changes } = setup();
    const n2 = store.getNode(2);
    store.receiveSync(sync(11, 'node_design', { nodes: [red] }));
    expect([...(changes.at(-1)?.nodes ?? [])]).toEqual([1]);
    expect(store.getNode(2)).toBe(n2);
  });
});

describe('undo and redo', () => {
  it('undoes and redoes one’s own edits, saving them like any other', async () => {
    const { store, api } = setup();
    store.apply({ type: 'setNodeDesign', id: 1, design: { bg_color: '#ff0000' } });
    await vi.advanceTimersByTimeAsync(700);
    expect(store.undo()).toBe(true);
    expect(store.getNode(1)?.design.bg_color).toBeUndefined();
    await vi.advanceTimersByTimeAsync(700);
    expect(api.patchElements).toHaveBeenLastCalledWith(1, { nodes: [{ id: 1, design: { bg_color: null } }] });
    expect(store.redo()).toBe(true);
    expect(store.getNode(1)?.design.bg_color).toBe('#ff0000');
    await vi.advanceTimersByTimeAsync(700);
    expect(api.patchElements).toHaveBeenLastCalledWith(1, { nodes: [{ id: 1, design: { bg_color: '#ff0000' } }] });
    expect(store.canRedo).toBe(false);
    expect(store.canUndo).toBe(true);
  });

  it('undoes a move and a hide to the values before', () => {
    const { store } = setup();
    store.apply({ type: 'moveNodes', positions: [{ id: 2, center: { x: 1, y: 1 } }] });
    store.apply({ type: 'setNodeHidden', ids: [1, 2], hidden: true });
    expect(store.getEdge(10)?.visibility.hidden).toBe(true);
    store.undo();
    expect(store.getNode(1)?.visibility.hidden).toBe(false);
    expect(store.getEdge(10)?.visibility.hidden).toBe(false);
    store.undo();
    expect(store.getNode(2)?.geometry.center).toEqual({ x: 200, y: 0 });
    expect(store.undo()).toBe(false);
  });

  it('undoes a create by removing what was created, with the server’s id', async () => {
    const { store, api } = setup();
    api.createNode.mockResolvedValue({ data: { ...node(42), revision: 11 }, revision: 11 });
    store.apply({ type: 'createNode', node: { design: { shape: 'rectangle' }, geometry: { center: { x: 0, y: 0 } } } });
    await tick();
    store.undo();
    expect(store.getNode(42)).toBeUndefined();
    await tick();
    expect(api.deleteNode).toHaveBeenCalledExactlyOnceWith(1, 42);
  });

  it('keeps a step whose field another editor changed since as stale: undoing it says so', async () => {
    const { store, toasts } = setup();
    store.apply({ type: 'moveNodes', positions: [{ id: 1, center: { x: 5, y: 5 } }] });
    store.apply({ type: 'setNodeDesign', id: 2, design: { bg_color: '#ff0000' } });
    await vi.advanceTimersByTimeAsync(700);
    store.receiveSync(sync(11, 'node_position', { positions: [{ id: 1, center: { x: 5, y: 5 } }] }, ME));
    store.receiveSync(sync(12, 'node_design', { nodes: [node(2, { design: { ...node(2).design, bg_color: '#ff0000' } })] }, ME));
    // Another editor changes node 2's border (not our field) and moves node 1 (our field).
    store.receiveSync(
      sync(13, 'node_design', { nodes: [node(2, { design: { ...node(2).design, bg_color: '#ff0000', border_width: 3 } })] }),
    );
    store.receiveSync(sync(14, 'node_position', { positions: [{ id: 1, center: { x: 50, y: 50 } }] }));
    expect(store.undo()).toBe(true);
    expect(store.getNode(2)?.design).toMatchObject({ border_width: 3 });
    expect(store.getNode(2)?.design.bg_color).toBeUndefined();
    // The move's step is stale: undoing it would overwrite the other editor's move, so it says so.
    expect(store.undo()).toBe(true);
    expect(store.getNode(1)?.geometry.center).toEqual({ x: 50, y: 50 });
    expect(toasts).toEqual([{ type: 'warning', key: 'undoStale' }]);
    expect(store.undo()).toBe(false);
  });
});

describe('publishing changes', () => {
  const restored = (revision: number, user_id: number | null = OTHER) =>
    sync(
      revision,
      'state_restored',
      { publication: { live_version_id: 4, synced_revision: 9, version: { id: 3, name: 'Spring' } } },
      user_id,
    );

  /** The map as version 3 holds it: node 2 is back, node 3 was never there. */
  function versionDoc(revision: number): MapDocument {
    const d = doc(revision);
    d.nodes = [node(1), node(2, { geometry: { shape: 'rectangle', center: { x: 1, y: 1 } } })];
    d.edges = [];
    return d;
  }

  it('reads the whole map again on a restore, clears undo and tells once it is shown', async () => {
    const { store, api, changes } = setup();
    const told: unknown[] = [];
    store.onPublishing((p) => told.push({ ...p, nodes: store.document.nodes.map((n) => n.id) }));
    store.apply({ type: 'moveNodes', positions: [{ id: 1, center: { x: 5, y: 5 } }] });
    await vi.advanceTimersByTimeAsync(100);
    store.receiveSync(sync(11, 'node_position', { positions: [{ id: 1, center: { x: 5, y: 5 } }] }, ME));
    expect(store.canUndo).toBe(true);
    const read = deferred<Awaited<ReturnType<StoreApi['getMap']>>>();
    api.getMap.mockReturnValue(read.promise);
    store.receiveSync(restored(12));
    expect(api.getMap).toHaveBeenCalledExactlyOnceWith(1);
    expect(told).toEqual([]);
    read.resolve({ data: versionDoc(12), revision: 12 });
    await tick();
    expect(store.revision).toBe(12);
    expect(store.document.nodes.map((n) => n.id)).toEqual([1, 2]);
    expect(store.getNode(2)?.geometry.center).toEqual({ x: 1, y: 1 });
    expect(store.canUndo).toBe(false);
    expect(changes.at(-1)?.reloaded).toBe(true);
    expect(told).toEqual([
      {
        type: 'state_restored',
        revision: 12,
        user_id: OTHER,
        publication: { live_version_id: 4, synced_revision: 9, version: { id: 3, name: 'Spring' } },
        nodes: [1, 2],
      },
    ]);
  });

  it('applies the syncs after a reset in order, once the map is read', async () => {
    const { store, api } = setup();
    const read = deferred<Awaited<ReturnType<StoreApi['getMap']>>>();
    api.getMap.mockReturnValue(read.promise);
    store.receiveSync(sync(11, 'map_reset', { publication: { live_version_id: 4, synced_revision: 11 } }));
    // Arrives while the map is read: it must land on the reset map, not before it.
    store.receiveSync(sync(12, 'node_design', { nodes: [node(2, { design: { ...node(2).design, bg_color: '#00ff00' } })] }));
    expect(store.getNode(2)?.design.bg_color).toBeUndefined();
    expect(store.revision).toBe(10);
    read.resolve({ data: versionDoc(11), revision: 11 });
    await tick();
    expect(store.revision).toBe(12);
    expect(store.getNode(2)?.design.bg_color).toBe('#00ff00');
    expect(store.getNode(3)).toBeUndefined();
    expect(api.getChanges).not.toHaveBeenCalled();
  });

  it('keeps waiting edits of elements that are still there and fails those of elements that are gone', async () => {
    const { store, api, toasts } = setup();
    api.getMap.mockResolvedValue({ data: versionDoc(11), revision: 11 });
    store.apply({ type: 'setNodeDesign', id: 3, design: { bg_color: '#ff0000' } });
    store.apply({ type: 'setNodeContent', id: 1, content: { en: { title: 'mine' } } });
    store.receiveSync(restored(11));
    await tick();
    expect(store.getNode(3)).toBeUndefined();
    expect(store.getNode(1)?.content.en?.title).toBe('mine');
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'error', key: 'nodeDesignError' }));
    await vi.advanceTimersByTimeAsync(700);
    expect(api.patchElements).toHaveBeenCalledExactlyOnceWith(1, { nodes: [{ id: 1, content: { en: { title: 'mine' } } }] });
  });

  it('applies a publish like any change, and tells it', () => {
    const { store, api } = setup();
    const told: PublishingSync[] = [];
    store.onPublishing((p) => told.push(p));
    store.receiveSync(
      sync(11, 'map_published', { publication: { live_version_id: 5, synced_revision: 11, version: { id: 5, name: '' } } }, ME),
    );
    expect(store.revision).toBe(11);
    expect(api.getMap).not.toHaveBeenCalled();
    expect(told).toEqual([
      {
        type: 'map_published',
        revision: 11,
        user_id: ME,
        publication: { live_version_id: 5, synced_revision: 11, version: { id: 5, name: '' } },
      },
    ]);
  });

  it('reads the map again later when it could not be read, and tells the restore only then', async () => {
    const { store, api, log } = setup();
    const told: PublishingSync[] = [];
    store.onPublishing((p) => told.push(p));
    api.getMap.mockRejectedValueOnce(new ApiError(0, 'network_error', 'offline'));
    api.getChanges.mockResolvedValue({ revision: 11, changes: [change(11, 'state_restored', restored(11).data)] });
    store.receiveSync(restored(11));
    await tick();
    expect(store.revision).toBe(10);
    expect(told).toEqual([]);
    expect(log).toHaveBeenCalled();
    api.getMap.mockResolvedValue({ data: versionDoc(11), revision: 11 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(store.revision).toBe(11);
    expect(store.document.nodes.map((n) => n.id)).toEqual([1, 2]);
    expect(told.map((p) => p.type)).toEqual(['state_restored']);
  });
});

// LiveConnection is a LiveSource.
export const liveIsSource: (c: LiveConnection) => LiveSource = (c) => c;
