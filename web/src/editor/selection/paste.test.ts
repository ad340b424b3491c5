import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ObjectTemplate } from '../../api/document';
import { doc, edge, node, setup } from '../store/storeFixtures';
import { clipOf } from './clipboard';
import { duplicateIn, pasteInto, pasteShift } from './paste';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const station = (id: number) => ({ id, name: 'Station', type: 'node', design: {}, occupied: false }) as unknown as ObjectTemplate;

function payload() {
  const nodes = new Map([
    [
      1,
      node(1, {
        content: { en: { title: 'A' }, fr: { title: 'A-fr' } },
        template: '5',
        geometry: { shape: 'rectangle', center: { x: 0, y: 0 } },
      }),
    ],
    [
      2,
      node(2, { visibility: { min_level: 2, max_level: 9, hidden: false }, geometry: { shape: 'rectangle', center: { x: 200, y: 100 } } }),
    ],
  ]);
  return clipOf(99, [1, 2], { node: (id) => nodes.get(id), edges: [edge(10, 1, 2)], templates: new Map([[5, station(5)]]) });
}

describe('pasting', () => {
  it('makes new nodes and edges centred at the point, fitted to the map, as one undo step', () => {
    const d = doc();
    d.map.languages = ['en', 'de'];
    d.object_templates = [station(8)];
    const { store } = setup(10, {}, d);
    const made = pasteInto(store, payload(), { x: 1000, y: 500 });
    expect(made.nodes).toHaveLength(2);
    expect(made.edges).toHaveLength(1);
    const [a, b] = made.nodes.map((id) => store.getNode(id));
    expect(a?.geometry.center).toEqual({ x: 900, y: 450 });
    expect(b?.geometry.center).toEqual({ x: 1100, y: 550 });
    // French is not one of the map's languages; the template is matched by name.
    expect(a?.content).toEqual({ en: { title: 'A' } });
    expect(a?.template).toBe('8');
    expect(a?.design.width).toBe(100);
    // Levels 2–9 on a map of 3.
    expect(b?.visibility).toEqual({ min_level: 2, max_level: 3, hidden: false });
    const e = store.getEdge(made.edges[0] ?? 0);
    expect(e?.node).toEqual({ from_id: made.nodes[0], to_id: made.nodes[1] });
    store.undo();
    expect(store.document.nodes).toHaveLength(3);
    expect(store.document.edges).toHaveLength(1);
  });

  it('drops a template the map does not have', () => {
    const { store } = setup();
    const made = pasteInto(store, payload(), { x: 0, y: 0 });
    expect(store.getNode(made.nodes[0] ?? 0)?.template).toBe('0');
  });
});

describe('pasting where the original is', () => {
  it('offsets the copy from the original, and cascades further pastes', () => {
    const { store } = setup();
    const original = store.getNode(1);
    if (!original) throw new Error('no node 1');
    const clip = clipOf(1, [1], { node: (id) => store.getNode(id), edges: [], templates: new Map() });
    const at = original.geometry.center;
    const first = pasteInto(store, clip, at).nodes[0] ?? 0;
    const second = pasteInto(store, clip, at).nodes[0] ?? 0;
    const third = pasteInto(store, clip, { x: at.x + 4, y: at.y - 3 }).nodes[0] ?? 0;
    expect(store.getNode(first)?.geometry.center).toEqual({ x: at.x + 30, y: at.y + 30 });
    expect(store.getNode(second)?.geometry.center).toEqual({ x: at.x + 60, y: at.y + 60 });
    // A pointer moved by a few pixels is still on the original: the cascade goes on.
    expect(store.getNode(third)?.geometry.center).toEqual({ x: at.x + 94, y: at.y + 87 });
  });

  it('lands exactly at the point where nothing lies', () => {
    expect(pasteShift([{ x: 500, y: 500 }], [{ x: 0, y: 0 }])).toEqual({ x: 0, y: 0 });
    expect(pasteShift([{ x: 0, y: 0 }], [{ x: 0, y: 0 }])).toEqual({ x: 30, y: 30 });
  });
});

describe('duplicating', () => {
  it('clones the nodes with the edges between them, offset, as one step', () => {
    const { store } = setup();
    const made = duplicateIn(store, [1, 2], store.document.edges);
    expect(made.nodes).toHaveLength(2);
    expect(store.getNode(made.nodes[0] ?? 0)?.geometry.center).toEqual({ x: 130, y: 30 });
    expect(store.getEdge(made.edges[0] ?? 0)?.node).toEqual({ from_id: made.nodes[0], to_id: made.nodes[1] });
    store.undo();
    expect(store.document.nodes).toHaveLength(3);
    expect(store.document.edges).toHaveLength(1);
  });
});
