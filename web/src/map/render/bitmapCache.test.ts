import { describe, expect, it } from 'vitest';
import { BitmapCache, decodedBytes, type DecodedImage } from './bitmapCache';

function image(width: number, height: number, closed: string[], name: string): DecodedImage {
  return {
    image: {} as CanvasImageSource,
    width,
    height,
    close: () => {
      closed.push(name);
    },
  };
}

describe('BitmapCache', () => {
  it('counts 4 bytes a pixel', () => {
    expect(decodedBytes({ width: 256, height: 128 })).toBe(256 * 128 * 4);
  });

  it('drops (and closes) the least recently used beyond its budget of bytes', () => {
    const closed: string[] = [];
    const cache = new BitmapCache(3 * 100 * 100 * 4);
    cache.set('a', image(100, 100, closed, 'a'));
    cache.set('b', image(100, 100, closed, 'b'));
    cache.set('c', image(100, 100, closed, 'c'));
    expect(cache.bytes).toBe(3 * 40_000);
    expect(closed).toEqual([]);
    // a is used again: b is now the oldest.
    expect(cache.get('a')).toBeDefined();
    cache.set('d', image(100, 100, closed, 'd'));
    expect(closed).toEqual(['b']);
    expect(cache.has('b')).toBe(false);
    expect(cache.has('a')).toBe(true);
    expect(cache.bytes).toBe(3 * 40_000);
  });

  it('drops as many as it takes for a large one, keeping the newest even alone past the budget', () => {
    const closed: string[] = [];
    const cache = new BitmapCache(2 * 100 * 100 * 4);
    cache.set('a', image(100, 100, closed, 'a'));
    cache.set('b', image(100, 100, closed, 'b'));
    cache.set('big', image(1000, 1000, closed, 'big'));
    expect(closed).toEqual(['a', 'b']);
    expect(cache.has('big')).toBe(true);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(4_000_000);
  });

  it('closes a replaced image of the same URL and everything on clear', () => {
    const closed: string[] = [];
    const cache = new BitmapCache();
    cache.set('a', image(10, 10, closed, 'a1'));
    cache.set('a', image(10, 10, closed, 'a2'));
    expect(closed).toEqual(['a1']);
    expect(cache.bytes).toBe(400);
    cache.clear();
    expect(closed).toEqual(['a1', 'a2']);
    expect(cache.bytes).toBe(0);
  });
});
