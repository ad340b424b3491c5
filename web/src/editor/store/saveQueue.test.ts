import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setup } from './storeFixtures';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const type = (store: ReturnType<typeof setup>['store'], title: string) => {
  store.apply({ type: 'setNodeContent', id: 1, content: { en: { title } } });
};

describe('the save queue’s longest wait', () => {
  it('saves continuous typing at least every 3 s, what was typed by then', async () => {
    const { store, api } = setup();
    // A key every 400 ms: never the 700 ms of quiet the queue waits for.
    let text = '';
    for (let t = 0; t < 2_800; t += 400) {
      text += 'a';
      type(store, text);
      await vi.advanceTimersByTimeAsync(400);
    }
    // 2.8 s after the first key: nothing yet, as the quiet time was never reached.
    expect(api.patchElements).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(api.patchElements).toHaveBeenCalledTimes(1);
    expect(api.patchElements).toHaveBeenLastCalledWith(1, { nodes: [{ id: 1, content: { en: { title: 'aaaaaaa' } } }] });

    // Typing on (from 3 s to 9 s): no key waits longer than 3 s to be saved, the first one after
    // a save (at 3 s) being saved at 6 s, the next one (6.2 s) at 9.2 s.
    for (let t = 0; t < 6_000; t += 400) {
      text += 'b';
      type(store, text);
      await vi.advanceTimersByTimeAsync(400);
    }
    expect(api.patchElements).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(api.patchElements).toHaveBeenCalledTimes(3);
    expect(api.patchElements).toHaveBeenLastCalledWith(1, { nodes: [{ id: 1, content: { en: { title: text } } }] });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.patchElements).toHaveBeenCalledTimes(3);
    expect(store.saveState).toEqual({ kind: 'saved' });
  });

  it('still merges the edits of a short burst after the quiet time', async () => {
    const { store, api } = setup();
    type(store, 'a');
    await vi.advanceTimersByTimeAsync(300);
    type(store, 'ab');
    await vi.advanceTimersByTimeAsync(699);
    expect(api.patchElements).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.patchElements).toHaveBeenCalledExactlyOnceWith(1, { nodes: [{ id: 1, content: { en: { title: 'ab' } } }] });
  });
});
