import { describe, expect, it } from 'vitest';
import type { MapDocument } from './document';
import type { Revised } from './maps';
import { MapPrefetch } from './prefetch';

function fakeFetch() {
  const calls: number[] = [];
  const fetch = (id: number) => {
    calls.push(id);
    return id < 0
      ? Promise.reject(new Error('gone'))
      : Promise.resolve({ data: { map: { id } }, revision: calls.length } as unknown as Revised<MapDocument>);
  };
  return { calls, fetch };
}

describe('MapPrefetch', () => {
  it('answers the prefetched request once, then asks again', async () => {
    const { calls, fetch } = fakeFetch();
    const p = new MapPrefetch(fetch, () => 0);
    p.start(3);
    p.start(3);
    expect(calls).toEqual([3]);
    expect((await p.take(3)).revision).toBe(1);
    expect((await p.take(3)).revision).toBe(2);
    expect(calls).toEqual([3, 3]);
  });

  it('does not hand out an answer prefetched too long ago', async () => {
    const { calls, fetch } = fakeFetch();
    let now = 0;
    const p = new MapPrefetch(fetch, () => now);
    p.start(5);
    now = 60_000;
    await p.take(5);
    expect(calls).toEqual([5, 5]);
  });

  it('hands a failure to the taker', async () => {
    const { fetch } = fakeFetch();
    const p = new MapPrefetch(fetch, () => 0);
    p.start(-1);
    await expect(p.take(-1)).rejects.toThrow('gone');
  });
});
