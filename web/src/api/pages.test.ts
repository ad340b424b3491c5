import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './http';
import { getChanges, listAccessRequests, listClientMaps, listMembers, listReaders } from './index';
import { listVersions } from './publishing';
import { everyPage, pagePath } from './pages';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers each call with the next of `bodies` (status 200), and records the URLs asked for. */
function mockPages(...bodies: unknown[]) {
  const fn = vi.fn<typeof fetch>(() => {
    const body = bodies.shift();
    if (body === undefined) throw new Error('asked for more pages than there are');
    return Promise.resolve(jsonResponse(200, body));
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

const urls = (fn: ReturnType<typeof mockPages>) => fn.mock.calls.map(([url]) => url);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pagePath', () => {
  it('adds the limit, and the cursor escaped, to a path with or without a query', () => {
    expect(pagePath('/clients/acme/maps', null)).toBe('/clients/acme/maps?limit=200');
    expect(pagePath('/maps/1/changes?since=4', 'a+b/c=', 10)).toBe('/maps/1/changes?since=4&limit=10&cursor=a%2Bb%2Fc%3D');
  });
});

describe('everyPage', () => {
  it('follows next_cursor until it is null, in order', async () => {
    const fetchMock = mockPages({ rows: [1, 2], next_cursor: 'c1' }, { rows: [3], next_cursor: 'c2' }, { rows: [], next_cursor: null });
    const pages = await everyPage<{ rows: number[]; next_cursor: string | null }>('/list');
    expect(pages.flatMap((p) => p.rows)).toEqual([1, 2, 3]);
    expect(urls(fetchMock)).toEqual(['/api/v1/list?limit=200', '/api/v1/list?limit=200&cursor=c1', '/api/v1/list?limit=200&cursor=c2']);
  });

  it('asks once when the first page is the last', async () => {
    const fetchMock = mockPages({ rows: [1], next_cursor: null });
    await everyPage('/list');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fails with the failing page', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValueOnce(jsonResponse(200, { next_cursor: 'c1' }))
        .mockResolvedValueOnce(jsonResponse(400, { error: { code: 'validation_failed', message: 'bad cursor' } })),
    );
    await expect(everyPage('/list')).rejects.toBeInstanceOf(ApiError);
  });
});

describe('the lists a screen shows whole', () => {
  it('listClientMaps answers the maps of every page', async () => {
    const fetchMock = mockPages({ maps: [{ id: 3 }, { id: 2 }], next_cursor: 'm' }, { maps: [{ id: 1 }], next_cursor: null });
    expect((await listClientMaps('acme')).map((m) => m.id)).toEqual([3, 2, 1]);
    expect(urls(fetchMock)).toEqual(['/api/v1/clients/acme/maps?limit=200', '/api/v1/clients/acme/maps?limit=200&cursor=m']);
  });

  it('listMembers, listReaders, listAccessRequests and listVersions follow their pages', async () => {
    let fetchMock = mockPages({ users: [{ id: 1 }], next_cursor: 'u' }, { users: [{ id: 2 }], next_cursor: null });
    expect((await listMembers('acme')).map((u) => u.id)).toEqual([1, 2]);
    expect(urls(fetchMock)[1]).toBe('/api/v1/clients/acme/users?limit=200&cursor=u');

    fetchMock = mockPages({ readers: [{ id: 5 }], next_cursor: 'r' }, { readers: [{ id: 6 }], next_cursor: null });
    expect((await listReaders('acme')).map((r) => r.id)).toEqual([5, 6]);
    expect(urls(fetchMock)[1]).toBe('/api/v1/clients/acme/readers?limit=200&cursor=r');

    fetchMock = mockPages({ access_requests: [{ id: 9 }], next_cursor: 'a' }, { access_requests: [{ id: 8 }], next_cursor: null });
    expect((await listAccessRequests('acme')).map((r) => r.id)).toEqual([9, 8]);
    expect(urls(fetchMock)[1]).toBe('/api/v1/clients/acme/access_requests?limit=200&cursor=a');

    fetchMock = mockPages({ versions: [{ id: 4 }], next_cursor: 'v' }, { versions: [{ id: 3 }], next_cursor: null });
    expect((await listVersions(1)).map((v) => v.id)).toEqual([4, 3]);
    expect(urls(fetchMock)[1]).toBe('/api/v1/maps/1/versions?limit=200&cursor=v');
  });
});

describe('getChanges', () => {
  it('follows the pages from since to the last, answering every change and the newest revision told', async () => {
    const change = (revision: number) => ({ revision, user_id: 1, type: 'map', data: {}, at: '2026-11-24T00:00:00.000Z' });
    const fetchMock = mockPages(
      { revision: 7, changes: [change(5), change(6)], next_cursor: 'c6' },
      { revision: 8, changes: [change(7), change(8)], next_cursor: null },
    );
    const list = await getChanges(1, 4);
    expect(list.changes.map((c) => c.revision)).toEqual([5, 6, 7, 8]);
    expect(list.revision).toBe(8);
    expect(urls(fetchMock)).toEqual(['/api/v1/maps/1/changes?since=4&limit=200', '/api/v1/maps/1/changes?since=4&limit=200&cursor=c6']);
  });
});
