import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './http';
import {
  createMediaTemplate,
  deleteMedia,
  deleteMediaTemplate,
  getMedia,
  getMediaStats,
  listMedia,
  listMediaTemplates,
  mediaDownloadUrl,
  mediaFileUrl,
  mediaUses,
  patchMedia,
  replaceMediaFile,
  updateMediaTemplate,
  uploadMedia,
} from './media';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockFetch(response: Response) {
  const fn = vi.fn<typeof fetch>(() => Promise.resolve(response));
  vi.stubGlobal('fetch', fn);
  return fn;
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
}

/** An XMLHttpRequest the test answers: what was sent, and the progress and answer it gives. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
}

const ASSET = {
  key: 'abc',
  type: 'image',
  url: '/api/v1/clients/demo/media/abc/file?v=2',
  variants: [
    { width: 1024, url: '/api/v1/clients/demo/media/abc/file?w=1024&v=2' },
    { width: 256, url: '/api/v1/clients/demo/media/abc/file?w=256&v=2' },
  ],
};

function lastXhr(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no request made');
  return FakeXhr.last;
}
function form(xhr: FakeXhr): FormData {
  if (!xhr.body) throw new Error('nothing sent');
  return xhr.body;
}
/** The address and method of the mock's first call. */
function firstCall(fn: ReturnType<typeof mockFetch>): [string, string | undefined, RequestInit | undefined] {
  const [url, init] = fn.mock.calls[0] ?? [];
  return [typeof url === 'string' ? url : '', init?.method, init];
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

describe('uploads', () => {
  it('posts the file, the template and the metadata as multipart, reporting progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress = vi.fn();
    const file = new File(['png bytes'], 'photo.png', { type: 'image/png' });
    const done = uploadMedia('my client', file, { template: 4, metadata: { title: 'Atoms' }, onProgress: progress });
    const xhr = lastXhr();
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/v1/clients/my%20client/media']);
    expect(xhr.headers.Accept).toBe('application/json');
    expect((form(xhr).get('file') as File).name).toBe('photo.png');
    expect(form(xhr).get('template')).toBe('4');
    expect(JSON.parse(form(xhr).get('metadata') as string)).toEqual({ title: 'Atoms' });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 9 });
    expect(progress).toHaveBeenCalledWith({ loaded: 5, total: 9 });
    xhr.answer(201, ASSET);
    await expect(done).resolves.toEqual(ASSET);
  });

  it('rejects with the envelope’s error: file_too_large keeps its details', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadMedia('demo', new File(['x'], 'big.png'));
    lastXhr().answer(413, { error: { code: 'file_too_large', message: 'too big', details: { type: 'image', max: 20971520 } } });
    const err = await caught(done);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 413, code: 'file_too_large', details: { type: 'image', max: 20971520 } });
  });

  it('says network_error when the connection fails, and AbortError when cancelled', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const failed = uploadMedia('demo', new File(['x'], 'a.png'));
    lastXhr().onerror?.();
    expect(await caught(failed)).toMatchObject({ status: 0, code: 'network_error' });

    const abort = new AbortController();
    const cancelled = uploadMedia('demo', new File(['x'], 'a.png'), { signal: abort.signal });
    abort.abort();
    expect(lastXhr().aborted).toBe(true);
    expect(await caught(cancelled)).toMatchObject({ name: 'AbortError' });
  });

  it('replaces a file with PUT on the asset’s file', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = replaceMediaFile('demo', 'abc', new File(['x'], 'new.png'));
    expect([lastXhr().method, lastXhr().url]).toEqual(['PUT', '/api/v1/clients/demo/media/abc/file']);
    lastXhr().answer(200, { ...ASSET, version: 3 });
    await expect(done).resolves.toMatchObject({ version: 3 });
  });
});

describe('the library', () => {
  it('lists a page with the search, the filters and the cursor', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { assets: [], next_cursor: null }));
    await listMedia('demo', { q: 'atoms & quarks', type: 'image', container: 'map_icon' }, 'c1');
    const url = new URL(firstCall(fetchMock)[0], 'http://x');
    expect(url.pathname).toBe('/api/v1/clients/demo/media');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'atoms & quarks',
      type: 'image',
      container: 'map_icon',
      limit: '60',
      cursor: 'c1',
    });
  });

  it('reads the stats and one asset', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { used_bytes: 1 }));
    await getMediaStats('demo');
    expect(firstCall(fetchMock)[0]).toBe('/api/v1/clients/demo/media/stats');
    mockFetch(jsonResponse(200, ASSET));
    await expect(getMedia('demo', 'abc')).resolves.toEqual(ASSET);
  });

  it('patches the metadata under "metadata"', async () => {
    const fetchMock = mockFetch(jsonResponse(200, ASSET));
    await patchMedia('demo', 'abc', { title: 'Atoms', keywords: ['a'] });
    const [, method, init] = firstCall(fetchMock);
    expect(method).toBe('PATCH');
    expect(JSON.parse(init?.body as string)).toEqual({ metadata: { title: 'Atoms', keywords: ['a'] } });
  });

  it('deletes, and reads where a refused deletion’s asset is used', async () => {
    mockFetch(new Response(null, { status: 204 }));
    await expect(deleteMedia('demo', 'abc')).resolves.toBeUndefined();
    const uses = [
      { map_id: 3, map_name: 'Atoms', place: 'node', node_id: 12 },
      { map_id: 4, map_name: 'Cells', place: 'map_background' },
    ];
    const fetchMock = mockFetch(jsonResponse(409, { error: { code: 'media_in_use', message: 'in use', uses } }));
    const err = await caught(deleteMedia('demo', 'abc'));
    expect(firstCall(fetchMock).slice(0, 2)).toEqual(['/api/v1/clients/demo/media/abc', 'DELETE']);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'media_in_use' });
    expect(mediaUses(err)).toEqual(uses);
    mockFetch(jsonResponse(404, { error: { code: 'not_found', message: 'gone' } }));
    const gone = await caught(deleteMedia('demo', 'abc'));
    expect(gone).toMatchObject({ status: 404, code: 'not_found' });
    expect(mediaUses(gone)).toEqual([]);
  });

  it('picks the smallest variant wide enough, the original past them, and the download link', () => {
    expect(mediaFileUrl(ASSET, 256)).toBe('/api/v1/clients/demo/media/abc/file?w=256&v=2');
    expect(mediaFileUrl(ASSET, 300)).toBe('/api/v1/clients/demo/media/abc/file?w=1024&v=2');
    expect(mediaFileUrl(ASSET, 4000)).toBe(ASSET.url);
    expect(mediaFileUrl({ url: '/f', variants: [] }, 256)).toBe('/f');
    expect(mediaDownloadUrl(ASSET)).toBe('/api/v1/clients/demo/media/abc/file?v=2&download=1');
  });
});

describe('media templates', () => {
  it('lists, creates, changes and deletes them', async () => {
    const tpl = { id: 1, name: 'Press', metadata: { copyright: 'AP' } };
    mockFetch(jsonResponse(200, { templates: [tpl] }));
    await expect(listMediaTemplates('demo')).resolves.toEqual([tpl]);
    let fetchMock = mockFetch(jsonResponse(201, tpl));
    await createMediaTemplate('demo', { name: 'Press', metadata: tpl.metadata });
    expect(firstCall(fetchMock).slice(0, 2)).toEqual(['/api/v1/clients/demo/media/templates', 'POST']);
    fetchMock = mockFetch(jsonResponse(200, tpl));
    await updateMediaTemplate('demo', 1, { name: 'Press 2' });
    expect(firstCall(fetchMock).slice(0, 2)).toEqual(['/api/v1/clients/demo/media/templates/1', 'PATCH']);
    fetchMock = mockFetch(new Response(null, { status: 204 }));
    await deleteMediaTemplate('demo', 1);
    expect(firstCall(fetchMock).slice(0, 2)).toEqual(['/api/v1/clients/demo/media/templates/1', 'DELETE']);
  });
});
