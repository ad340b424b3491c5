import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import type { MediaAsset, MediaLimits } from '../../api/media';
import { checkBeforeSending, guessMediaType, UploadQueue, uploadErrorOf, type SendFile, type UploadProgress } from './uploadQueue';

const LIMITS: MediaLimits = { image: 1000, vector: 100, video: 10_000, audio: 5000, other: 2000 };

const file = (name: string, size: number, type = '') => new File([new Uint8Array(size)], name, { type });
const asset = (key: string) => ({ key }) as MediaAsset;

/** A send whose calls the test settles one by one. */
function controlledSend() {
  const calls: {
    file: File;
    template: number | null;
    progress: (p: UploadProgress) => void;
    signal: AbortSignal;
    resolve: (a: MediaAsset) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const send: SendFile = (f, template, progress, signal) =>
    new Promise((resolve, reject) => {
      calls.push({ file: f, template, progress, signal, resolve, reject });
    });
  return { send, calls };
}

function call<T>(calls: readonly T[], i: number): T {
  const c = calls[i];
  if (c === undefined) throw new Error(`no call ${i}`);
  return c;
}
function item(q: UploadQueue, i: number) {
  const it = q.items[i];
  if (it === undefined) throw new Error(`no item ${i}`);
  return it;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('guessMediaType', () => {
  it.each([
    [{ name: 'a.png', type: 'image/png' }, 'image'],
    [{ name: 'photo.JPG', type: '' }, 'image'],
    [{ name: 'logo.svg', type: 'image/svg+xml' }, 'vector'],
    [{ name: 'drawing.svg', type: '' }, 'vector'],
    [{ name: 'clip.mp4', type: 'video/mp4' }, 'video'],
    [{ name: 'clip.webm', type: '' }, 'video'],
    [{ name: 'song.mp3', type: 'audio/mpeg' }, 'audio'],
    [{ name: 'report.pdf', type: 'application/pdf' }, 'other'],
    [{ name: 'no-extension', type: '' }, 'other'],
  ] as const)('%o is %s', (f, type) => {
    expect(guessMediaType(f)).toBe(type);
  });
});

describe('checkBeforeSending', () => {
  it('refuses a file past its type’s limit, naming the type and the limit', () => {
    expect(checkBeforeSending({ name: 'big.png', type: 'image/png', size: 1001 }, LIMITS)).toEqual({
      code: 'file_too_large',
      type: 'image',
      max: 1000,
    });
    expect(checkBeforeSending({ name: 'logo.svg', type: 'image/svg+xml', size: 101 }, LIMITS)).toEqual({
      code: 'file_too_large',
      type: 'vector',
      max: 100,
    });
  });
  it('lets a file at its limit go, and any file when the limits are not known', () => {
    expect(checkBeforeSending({ name: 'ok.png', type: 'image/png', size: 1000 }, LIMITS)).toBeNull();
    expect(checkBeforeSending({ name: 'huge.png', type: 'image/png', size: 1e12 }, null)).toBeNull();
  });
});

describe('uploadErrorOf', () => {
  it('keeps the limit a file_too_large answer names', () => {
    const err = new ApiError(413, 'file_too_large', 'too big', { type: 'video', max: 524288000 });
    expect(uploadErrorOf(err)).toEqual({ code: 'file_too_large', type: 'video', max: 524288000 });
  });
  it('reads the limit from the file’s problem, or from the details as text', () => {
    const problem = new ApiError(
      413,
      'file_too_large',
      'too big',
      { file: 'too large' },
      { file: { code: 'too_large', params: { type: 'image', max: 1000 } } },
    );
    expect(uploadErrorOf(problem)).toEqual({ code: 'file_too_large', type: 'image', max: 1000 });
    const text = new ApiError(413, 'file_too_large', 'too big', { type: 'audio', max: '52428800' });
    expect(uploadErrorOf(text)).toEqual({ code: 'file_too_large', type: 'audio', max: 52428800 });
  });
  it('keeps other codes as they are, and calls anything else a network error', () => {
    expect(uploadErrorOf(new ApiError(409, 'quota_exceeded', 'full'))).toEqual({ code: 'quota_exceeded' });
    expect(uploadErrorOf(new TypeError('boom'))).toEqual({ code: 'network_error' });
  });
});

describe('UploadQueue', () => {
  it('fails a file too big at once and never sends it', () => {
    const { send, calls } = controlledSend();
    const q = new UploadQueue(send);
    q.add([file('big.png', 2000, 'image/png')], LIMITS);
    expect(calls).toHaveLength(0);
    expect(q.items[0]).toMatchObject({ state: 'failed', error: { code: 'file_too_large', type: 'image', max: 1000 } });
  });

  it('sends at most `parallel` files at once, the next when one ends', async () => {
    const { send, calls } = controlledSend();
    const q = new UploadQueue(send, 2);
    q.add([file('a.png', 10), file('b.png', 10), file('c.png', 10)], LIMITS);
    expect(calls.map((c) => c.file.name)).toEqual(['a.png', 'b.png']);
    expect(q.items.map((i) => i.state)).toEqual(['uploading', 'uploading', 'waiting']);
    call(calls, 0).resolve(asset('k1'));
    await settle();
    expect(calls.map((c) => c.file.name)).toEqual(['a.png', 'b.png', 'c.png']);
    expect(q.items[0]).toMatchObject({ state: 'done', asset: { key: 'k1' }, loaded: 10 });
  });

  it('reports progress, and each file its own error', async () => {
    const { send, calls } = controlledSend();
    const done = vi.fn();
    const q = new UploadQueue(send, 2);
    q.onDone(done);
    const listener = vi.fn();
    q.subscribe(listener);
    q.add([file('a.png', 100), file('b.png', 100)], LIMITS);
    call(calls, 0).progress({ loaded: 40, total: 100 });
    expect(item(q, 0).loaded).toBe(40);
    call(calls, 0).reject(new ApiError(409, 'quota_exceeded', 'full'));
    call(calls, 1).resolve(asset('k2'));
    await settle();
    expect(q.items.map((i) => [i.state, i.error?.code])).toEqual([
      ['failed', 'quota_exceeded'],
      ['done', undefined],
    ]);
    expect(done).toHaveBeenCalledExactlyOnceWith({ key: 'k2' });
    expect(listener).toHaveBeenCalled();
    expect(q.busy).toBe(false);
  });

  it('cancels an upload: its request is aborted and it leaves the list without failing', async () => {
    const { send, calls } = controlledSend();
    const q = new UploadQueue(send, 1);
    q.add([file('a.png', 10), file('b.png', 10)], LIMITS);
    const first = item(q, 0).id;
    q.cancel(first);
    expect(call(calls, 0).signal.aborted).toBe(true);
    call(calls, 0).reject(new DOMException('cancelled', 'AbortError'));
    await settle();
    expect(q.items.map((i) => i.name)).toEqual(['b.png']);
    expect(calls.map((c) => c.file.name)).toEqual(['a.png', 'b.png']);
  });

  it('sends each file with the template chosen when it was added', () => {
    const { send, calls } = controlledSend();
    const q = new UploadQueue(send, 3);
    q.add([file('a.png', 10)], LIMITS, 7);
    q.add([file('b.png', 10)], LIMITS);
    expect(calls.map((c) => [c.file.name, c.template])).toEqual([
      ['a.png', 7],
      ['b.png', null],
    ]);
  });

  it('clears the finished items and keeps the failed ones', async () => {
    const { send, calls } = controlledSend();
    const q = new UploadQueue(send, 2);
    q.add([file('a.png', 10), file('huge.png', 5000)], LIMITS);
    call(calls, 0).resolve(asset('k'));
    await settle();
    q.clearDone();
    expect(q.items.map((i) => i.name)).toEqual(['huge.png']);
  });
});
