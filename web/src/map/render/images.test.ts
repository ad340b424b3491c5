import { describe, expect, it } from 'vitest';
import type { DecodedImage } from './bitmapCache';
import { MediaImages, NotAnImage, type Decode } from './images';
import type { MediaSource } from './media';

interface Call {
  url: string;
  width: number | null;
  remote: boolean;
  resolve: (img: { width: number; height: number }) => void;
  reject: () => void;
}

/** A decoder whose answers the test gives, one by one. */
function fakeDecoder() {
  const calls: Call[] = [];
  const closed: string[] = [];
  const decode: Decode = (url, width, remote) =>
    new Promise<DecodedImage>((resolve, reject) => {
      calls.push({
        url,
        width,
        remote,
        resolve: ({ width: w, height: h }) => {
          resolve({
            image: { url } as unknown as CanvasImageSource,
            width: w,
            height: h,
            close: () => {
              closed.push(url);
            },
          });
        },
        reject: () => {
          reject(new Error('broken'));
        },
      });
    });
  return { decode, calls, closed };
}

const source: MediaSource = { assetUrl: (key, w) => `/m/${key}${w === null ? '' : `?w=${w}`}` };
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('MediaImages', () => {
  it('asks for the variant the drawn width needs, answers nothing until it is decoded, then names the media', async () => {
    const d = fakeDecoder();
    const images = new MediaImages(source, { decode: d.decode });
    const ready: string[] = [];
    images.onReady = (id) => ready.push(id);
    expect(images.get({ kind: 'asset', key: 'A' }, 120)).toBeNull();
    // Asked again before it arrives: one fetch.
    expect(images.get({ kind: 'asset', key: 'A' }, 120)).toBeNull();
    expect(d.calls.map((c) => c.url)).toEqual(['/m/A?w=256']);
    d.calls[0]?.resolve({ width: 256, height: 128 });
    await flush();
    expect(ready).toEqual(['k:A']);
    expect(images.get({ kind: 'asset', key: 'A' }, 120)?.width).toBe(256);
  });

  it('draws a smaller variant already decoded while a sharper one loads, and a sharper one when zoomed out', async () => {
    const d = fakeDecoder();
    const images = new MediaImages(source, { decode: d.decode });
    images.get({ kind: 'asset', key: 'A' }, 100);
    d.calls[0]?.resolve({ width: 256, height: 256 });
    await flush();
    // Zoomed in: 1024 is wanted; the 256 stands in meanwhile.
    expect(images.get({ kind: 'asset', key: 'A' }, 900)?.width).toBe(256);
    expect(d.calls[1]?.url).toBe('/m/A?w=1024');
    d.calls[1]?.resolve({ width: 1024, height: 1024 });
    await flush();
    expect(images.get({ kind: 'asset', key: 'A' }, 900)?.width).toBe(1024);
    // Zoomed back out: the 256 is still decoded and is the one wanted.
    expect(images.get({ kind: 'asset', key: 'A' }, 100)?.width).toBe(256);
    expect(d.calls).toHaveLength(2);
  });

  it('asks for the original past 2048 device pixels', () => {
    const d = fakeDecoder();
    const images = new MediaImages(source, { decode: d.decode });
    images.get({ kind: 'asset', key: 'A' }, 3000);
    expect(d.calls[0]).toMatchObject({ url: '/m/A', width: null });
  });

  it('does not fetch wider variants of an image the server had nothing wider of', async () => {
    const d = fakeDecoder();
    const images = new MediaImages(source, { decode: d.decode });
    images.get({ kind: 'asset', key: 'S' }, 600);
    // A 300-pixel original: the answer to w=1024 is narrower than asked.
    d.calls[0]?.resolve({ width: 300, height: 200 });
    await flush();
    expect(images.get({ kind: 'asset', key: 'S' }, 1800)?.width).toBe(300);
    expect(images.get({ kind: 'asset', key: 'S' }, 5000)?.width).toBe(300);
    expect(d.calls).toHaveLength(1);
  });

  it('asks again for an image that failed only after a while, a few times, redrawing its nodes then', async () => {
    const d = fakeDecoder();
    const images = new MediaImages(source, { decode: d.decode, retryMs: 5 });
    const ready: string[] = [];
    images.onReady = (id) => ready.push(id);
    const ref = { kind: 'asset', key: 'B' } as const;
    images.get(ref, 10);
    d.calls[0]?.reject();
    await flush();
    expect(images.get(ref, 10)).toBeNull();
    expect(d.calls).toHaveLength(1);
    for (let i = 1; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 5 * 2 ** i));
      expect(ready).toHaveLength(i);
      images.get(ref, 10);
      expect(d.calls).toHaveLength(i + 1);
      d.calls[i]?.reject();
      await flush();
    }
    // Four tries: no more.
    await new Promise((r) => setTimeout(r, 100));
    images.get(ref, 10);
    expect(d.calls).toHaveLength(4);
  });

  it('does not ask again for a film or a sound', async () => {
    const calls: string[] = [];
    const images = new MediaImages(source, {
      retryMs: 1,
      decode: (url) => {
        calls.push(url);
        return Promise.reject(new NotAnImage(url));
      },
    });
    images.get({ kind: 'asset', key: 'V' }, 10);
    await new Promise((r) => setTimeout(r, 20));
    images.get({ kind: 'asset', key: 'V' }, 10);
    expect(calls).toHaveLength(1);
  });

  it('loads a few at once, the latest asked first', async () => {
    const d = fakeDecoder();
    const images = new MediaImages(source, { decode: d.decode, maxInFlight: 2 });
    for (const key of ['a', 'b', 'c', 'd']) images.get({ kind: 'asset', key }, 10);
    expect(d.calls.map((c) => c.url)).toEqual(['/m/a?w=256', '/m/b?w=256']);
    d.calls[0]?.resolve({ width: 256, height: 256 });
    await flush();
    expect(d.calls[2]?.url).toBe('/m/d?w=256');
  });

  it('keeps decoded images within its budget, closing those it drops', async () => {
    const d = fakeDecoder();
    const images = new MediaImages(source, { decode: d.decode, budgetBytes: 256 * 256 * 4 * 2 });
    for (const key of ['a', 'b', 'c']) {
      images.get({ kind: 'asset', key }, 10);
      d.calls.at(-1)?.resolve({ width: 256, height: 256 });
      await flush();
    }
    expect(d.closed).toEqual(['/m/a?w=256']);
    expect(images.cache.bytes).toBe(2 * 256 * 256 * 4);
  });

  it('loads a link to another site only while the source allows it', () => {
    const d = fakeDecoder();
    let allowed = false;
    const images = new MediaImages({ ...source, remoteAllowed: () => allowed }, { decode: d.decode });
    const ref = { kind: 'remote', url: 'https://elsewhere.test/a.png' } as const;
    expect(images.get(ref, 100)).toBeNull();
    expect(d.calls).toHaveLength(0);
    allowed = true;
    images.get(ref, 100);
    expect(d.calls[0]).toMatchObject({ url: 'https://elsewhere.test/a.png', remote: true });
  });

  it('draws no asset when the host gives no URLs for keys', () => {
    const d = fakeDecoder();
    const images = new MediaImages({ assetUrl: () => null }, { decode: d.decode });
    expect(images.get({ kind: 'asset', key: 'A' }, 10)).toBeNull();
    expect(d.calls).toHaveLength(0);
  });

  it('closes what arrives after it was disposed', async () => {
    const d = fakeDecoder();
    const images = new MediaImages(source, { decode: d.decode });
    images.get({ kind: 'asset', key: 'A' }, 10);
    images.dispose();
    d.calls[0]?.resolve({ width: 256, height: 256 });
    await flush();
    expect(d.closed).toEqual(['/m/A?w=256']);
  });
});
