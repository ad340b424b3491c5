// The save state in each of its states, and edits kept in the browser's storage until the
// server has them (a reload or a closed tab loses none).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import type { Node } from '../../api/document';
import { keptEditsKey, readKeptEdits, type EditStorage } from './keptEdits';
import type { SaveState } from './saveState';
import { ME, node, setup, tick } from './storeFixtures';

class MemoryStorage implements EditStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const unreachable = () => new ApiError(0, 'network_error', 'Failed to fetch');
const KEY = keptEditsKey(1, ME);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the save state', () => {
  it('goes saving, offline with the count, and saved again', async () => {
    const { store, api } = setup();
    const states: SaveState[] = [];
    store.onSaveState((s) => states.push(s));
    api.patchElements.mockRejectedValueOnce(unreachable());
    store.apply({ type: 'moveNodes', positions: [{ id: 1, center: { x: 5, y: 5 } }] });
    expect(store.saveState).toEqual({ kind: 'saving', count: 1 });
    await vi.advanceTimersByTimeAsync(100);
    expect(store.saveState).toEqual({ kind: 'offline', count: 1 });
    store.apply({ type: 'setNodeDesign', id: 2, design: { bg_color: '#ff0000' } });
    expect(store.saveState).toEqual({ kind: 'offline', count: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.saveState).toEqual({ kind: 'saved' });
    expect(states.map((s) => s.kind)).toEqual(['saving', 'offline', 'offline', 'saved']);
  });
});

describe('kept edits', () => {
  it('are written while offline and cleared once saved', async () => {
    const storage = new MemoryStorage();
    const { store, api } = setup(10, { storage });
    api.patchElements.mockRejectedValueOnce(unreachable());
    store.apply({ type: 'moveNodes', positions: [{ id: 1, center: { x: 5, y: 5 } }] });
    await vi.advanceTimersByTimeAsync(100);
    expect(readKeptEdits(storage, KEY)).toEqual([{ edit: { type: 'moveNodes', positions: [{ id: 1, center: { x: 5, y: 5 } }] } }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.saveState).toEqual({ kind: 'saved' });
    expect(storage.items.has(KEY)).toBe(false);
  });

  it('are taken up by the next page: shown, sent, a created node and its later edit alike', async () => {
    const storage = new MemoryStorage();
    const first = setup(10, { storage });
    first.api.createNode.mockRejectedValue(unreachable());
    const made = first.store.apply({
      type: 'createNode',
      node: {
        geometry: { shape: 'circle', center: { x: 300, y: 300 } },
        design: { shape: 'circle' },
        visibility: { min_level: 1, max_level: 3 },
      },
    } as never);
    expect(made.ok && made.id).toBeLessThan(0);
    const temp = made.ok ? (made.id ?? 0) : 0;
    await tick();
    first.store.apply({ type: 'setNodeContent', id: temp, content: { en: { title: 'Offline' } } });
    expect(first.store.saveState).toEqual({ kind: 'offline', count: 2 });
    // The tab is closed: the page goes without saving.
    first.store.keepNow();
    first.store.dispose();

    const second = setup(10, { storage });
    const created: Node = node(42);
    second.api.createNode.mockResolvedValue({ data: { ...created, revision: 11 }, revision: 11 });
    // Shown at once, before any answer.
    expect(second.store.getNode(temp)).toBeDefined();
    expect(second.store.getNode(temp)?.content.en?.title).toBe('Offline');
    expect(second.store.saveState).toEqual({ kind: 'saving', count: 2 });
    await vi.advanceTimersByTimeAsync(700);
    expect(second.api.createNode).toHaveBeenCalledTimes(1);
    expect(second.api.patchElements).toHaveBeenCalledWith(1, { nodes: [{ id: 42, content: { en: { title: 'Offline' } } }] });
    expect(second.store.saveState).toEqual({ kind: 'saved' });
    expect(storage.items.has(KEY)).toBe(false);
    // A node the new page makes does not take the kept one's temporary id.
    const next = second.store.apply({
      type: 'createNode',
      node: {
        geometry: { shape: 'circle', center: { x: 10, y: 10 } },
        design: { shape: 'circle' },
        visibility: { min_level: 1, max_level: 3 },
      },
    } as never);
    expect(next.ok && next.id).toBeLessThan(temp);
  });

  it('leave out what cannot be read, without failing the page', () => {
    const storage = new MemoryStorage();
    storage.setItem(KEY, '{not json');
    const { store } = setup(10, { storage });
    expect(store.saveState).toEqual({ kind: 'saved' });
    storage.setItem(KEY, JSON.stringify({ version: 1, edits: [{ edit: { type: 42 } }, null] }));
    expect(readKeptEdits(storage, KEY)).toEqual([]);
    // A kind another version of the app kept, or a name every object has, is no edit.
    const moved = { edit: { type: 'moveNodes', positions: [] } };
    storage.setItem(
      KEY,
      JSON.stringify({ version: 1, edits: [{ edit: { type: 'teleportNodes' } }, { edit: { type: 'toString' } }, moved] }),
    );
    expect(readKeptEdits(storage, KEY)).toEqual([moved]);
  });
});
