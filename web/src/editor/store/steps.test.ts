// One undo step from several edits: a paste (nodes, then edges between their temporary ids) and
// arrow-key nudges recorded under one key.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setup } from './storeFixtures';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('applyStep', () => {
  it('lets later edits name what earlier ones created, and undoes them all at once', () => {
    const { store } = setup();
    let a = 0;
    let b = 0;
    store.applyStep((apply) => {
      const ra = apply({
        type: 'createNode',
        node: { design: { shape: 'circle', object_template: '0' }, geometry: { center: { x: 1, y: 1 } } },
      });
      const rb = apply({
        type: 'createNode',
        node: { design: { shape: 'circle', object_template: '0' }, geometry: { center: { x: 9, y: 9 } } },
      });
      a = ra.ok ? (ra.id ?? 0) : 0;
      b = rb.ok ? (rb.id ?? 0) : 0;
      apply({ type: 'setNodeContent', id: a, content: { en: { title: 'A' } } });
      apply({ type: 'createEdge', edge: { node: { from_id: a, to_id: b } } });
    });
    expect(a).toBeLessThan(0);
    expect(store.getNode(a)?.content.en?.title).toBe('A');
    expect(store.document.edges.some((e) => e.node.from_id === a && e.node.to_id === b)).toBe(true);
    expect(store.document.nodes).toHaveLength(5);
    store.undo();
    expect(store.document.nodes).toHaveLength(3);
    expect(store.document.edges).toHaveLength(1);
    expect(store.canUndo).toBe(false);
  });
});

describe('steps under one key', () => {
  it('are one undo step while they come one after another', () => {
    const { store } = setup();
    const x0 = store.getNode(1)?.geometry.center.x ?? 0;
    for (let i = 1; i <= 3; i++) {
      store.applyAll([{ type: 'moveNodes', positions: [{ id: 1, center: { x: x0 + i, y: 0 } }] }], { key: 'nudge-1' });
    }
    store.applyAll([{ type: 'moveNodes', positions: [{ id: 1, center: { x: x0 + 13, y: 0 } }] }], { key: 'nudge-2' });
    store.undo();
    expect(store.getNode(1)?.geometry.center.x).toBe(x0 + 3);
    store.undo();
    expect(store.getNode(1)?.geometry.center.x).toBe(x0);
    expect(store.canUndo).toBe(false);
    store.redo();
    expect(store.getNode(1)?.geometry.center.x).toBe(x0 + 3);
  });

  it('start a new step after another edit', () => {
    const { store } = setup();
    store.applyAll([{ type: 'moveNodes', positions: [{ id: 1, center: { x: 1, y: 0 } }] }], { key: 'k' });
    store.apply({ type: 'setNodeDesign', id: 2, design: { bg_color: '#ff0000' } });
    store.applyAll([{ type: 'moveNodes', positions: [{ id: 1, center: { x: 2, y: 0 } }] }], { key: 'k' });
    store.undo();
    expect(store.getNode(1)?.geometry.center.x).toBe(1);
  });
});
