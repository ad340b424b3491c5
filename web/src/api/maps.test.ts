import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './http';
import {
  cloneMap,
  cloneNode,
  getNode,
  createEdge,
  createMap,
  createNode,
  createTemplate,
  deleteEdge,
  deleteMap,
  deleteNode,
  deleteTemplate,
  getChanges,
  getMap,
  getPermissions,
  listTemplates,
  patchEdgeDesign,
  patchElements,
  patchGlobalDesign,
  patchMapSettings,
  patchNodeDesign,
  setPermissions,
  updateTemplate,
} from './index';
import type { MapDocument, NodeAnswer } from './document';

function jsonResponse(status: number, body: unknown, revision?: number): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (revision !== undefined) headers['X-Map-Revision'] = String(revision);
  return new Response(JSON.stringify(body), { status, headers });
}

function mockFetch(response: Response) {
  const fn = vi.fn<typeof fetch>(() => Promise.resolve(response));
  vi.stubGlobal('fetch', fn);
  return fn;
}

function bodyOf(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') throw new Error('expected a JSON text body');
  return JSON.parse(init.body);
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// The answer of POST /maps/1/nodes, as the server gave it.
const createdNode: NodeAnswer = {
  id: 1,
  template: '1',
  design: { object_template: '1', shape: 'circle' },
  geometry: { shape: 'circle', center: { x: 410.5, y: -20 } },
  visibility: { min_level: 1, max_level: 3, hidden: false },
  content: {},
  next_id: null,
  previous_id: null,
  popup_type: 'popup-small',
  editing: { locked: false },
  order: 1,
  revision: 2,
};

describe('map calls', () => {
  const cases: {
    name: string;
    call: () => Promise<unknown>;
    method: string;
    url: string;
    body?: unknown;
  }[] = [
    { name: 'getMap', call: () => getMap(1), method: 'GET', url: '/api/v1/maps/1' },
    {
      name: 'createMap',
      call: () =>
        createMap('acme labs', {
          name: 'Cells',
          description: '',
          measurement: { width: 4000, height: 3000 },
          visibility_levels: 3,
        }),
      method: 'POST',
      url: '/api/v1/clients/acme%20labs/maps',
      body: { name: 'Cells', description: '', measurement: { width: 4000, height: 3000 }, visibility_levels: 3 },
    },
    {
      name: 'cloneMap',
      call: () => cloneMap(1, { name: 'Copy' }),
      method: 'POST',
      url: '/api/v1/maps/1/clone',
      body: { name: 'Copy' },
    },
    { name: 'cloneMap without a name', call: () => cloneMap(1), method: 'POST', url: '/api/v1/maps/1/clone' },
    { name: 'deleteMap', call: () => deleteMap(1), method: 'DELETE', url: '/api/v1/maps/1' },
    {
      name: 'patchMapSettings',
      call: () => patchMapSettings(1, { name: 'Cells', design: { bg_color: '#f0f0f0' } }),
      method: 'PATCH',
      url: '/api/v1/maps/1',
      body: { name: 'Cells', design: { bg_color: '#f0f0f0' } },
    },
    {
      name: 'patchGlobalDesign',
      call: () => patchGlobalDesign(1, { nodes: { font_size: 18 }, popups: { width: 400 } }),
      method: 'PATCH',
      url: '/api/v1/maps/1/global',
      body: { nodes: { font_size: 18 }, popups: { width: 400 } },
    },
    {
      name: 'patchElements',
      call: () =>
        patchElements(1, {
          nodes: [{ id: 1, geometry: { center: { x: 500, y: 10 } } }],
          levels: [{ id: 3, hidden: true }],
        }),
      method: 'PATCH',
      url: '/api/v1/maps/1/elements',
      body: { nodes: [{ id: 1, geometry: { center: { x: 500, y: 10 } } }], levels: [{ id: 3, hidden: true }] },
    },
    { name: 'getPermissions', call: () => getPermissions(1), method: 'GET', url: '/api/v1/maps/1/permissions' },
    {
      name: 'setPermissions',
      call: () => setPermissions(1, { users: { '/api/v1/users/5': 'edit' } }),
      method: 'PATCH',
      url: '/api/v1/maps/1/permissions',
      body: { users: { '/api/v1/users/5': 'edit' } },
    },
    {
      name: 'createNode',
      call: () =>
        createNode(1, {
          design: { shape: 'circle', object_template: '1' },
          geometry: { center: { x: 410.5, y: -20 } },
        }),
      method: 'POST',
      url: '/api/v1/maps/1/nodes',
      body: { design: { shape: 'circle', object_template: '1' }, geometry: { center: { x: 410.5, y: -20 } } },
    },
    {
      name: 'cloneNode',
      call: () => cloneNode(1, { id: 2 }),
      method: 'POST',
      url: '/api/v1/maps/1/nodes/clone',
      body: { id: 2 },
    },
    {
      name: 'patchNodeDesign',
      call: () => patchNodeDesign(1, 3, { bg_color: null, rotate: 15 }),
      method: 'PATCH',
      url: '/api/v1/maps/1/nodes/3',
      body: { design: { bg_color: null, rotate: 15 } },
    },
    { name: 'deleteNode', call: () => deleteNode(1, 3), method: 'DELETE', url: '/api/v1/maps/1/nodes/3' },
    { name: 'getNode', call: () => getNode(1, 3), method: 'GET', url: '/api/v1/maps/1/nodes/3' },
    {
      name: 'createEdge',
      call: () => createEdge(1, { node: { from_id: 1, to_id: 2 } }),
      method: 'POST',
      url: '/api/v1/maps/1/edges/',
      body: { node: { from_id: 1, to_id: 2 } },
    },
    {
      name: 'patchEdgeDesign',
      call: () => patchEdgeDesign(1, 1, { line_end: 'sharp' }),
      method: 'PATCH',
      url: '/api/v1/maps/1/edges/1',
      body: { design: { line_end: 'sharp' } },
    },
    { name: 'deleteEdge', call: () => deleteEdge(1, 1), method: 'DELETE', url: '/api/v1/maps/1/edges/1' },
    {
      name: 'listTemplates',
      call: () => listTemplates(1),
      method: 'GET',
      url: '/api/v1/maps/1/templates/objects/',
    },
    {
      name: 'createTemplate',
      call: () => createTemplate(1, { name: 'Key idea', type: 'node', design: { bg_color: '#ffcc00' } }),
      method: 'POST',
      url: '/api/v1/maps/1/templates/objects/',
      body: { name: 'Key idea', type: 'node', design: { bg_color: '#ffcc00' } },
    },
    {
      name: 'updateTemplate',
      call: () => updateTemplate(1, 4, { name: 'Main idea' }),
      method: 'PATCH',
      url: '/api/v1/maps/1/templates/objects/4',
      body: { name: 'Main idea' },
    },
    {
      name: 'deleteTemplate',
      call: () => deleteTemplate(1, 4),
      method: 'DELETE',
      url: '/api/v1/maps/1/templates/objects/4',
    },
  ];

  it.each(cases)('$name calls $method $url', async ({ call, method, url, body }) => {
    const fetchMock = mockFetch(jsonResponse(200, { revision: 7 }, 7));
    await call();
    const [calledUrl, init] = fetchMock.mock.calls[0] ?? [];
    expect(calledUrl).toBe(url);
    expect(init?.method).toBe(method);
    expect(init?.credentials).toBe('same-origin');
    if (body === undefined) expect(init?.body).toBeUndefined();
    else expect(bodyOf(init)).toEqual(body);
  });
});

describe('revisions', () => {
  it('answers the document with the revision of X-Map-Revision', async () => {
    const doc: MapDocument = {
      map: {
        id: 1,
        name: 'Cells',
        description: '',
        measurement: { width: 4000, height: 3000 },
        design: {
          expansion: 'both',
          bg_color: '#ffffff',
          media: null,
          media_url: null,
          media_position: 'center',
          media_repeat: 'no-repeat',
          media_size: 'cover',
          media_opacity: 100,
        },
        visibility_levels: 1,
        behavior: { mark_visited_nodes: false },
        languages: ['en'],
        updated_at: '2026-11-22T02:19:11.261884Z',
      },
      nodes: [],
      edges: [],
      object_templates: [],
      global_design: { nodes: {}, edges: {}, popups: {}, tooltips: {}, table_of_contents: {}, templates: {} },
      layers: [{ id: 1, hidden: false, locked: false }],
      revision: 0,
    };
    mockFetch(jsonResponse(200, doc, 0));
    await expect(getMap(1)).resolves.toEqual({ data: doc, revision: 0 });
  });

  it('answers a created element with the revision beside it', async () => {
    mockFetch(jsonResponse(201, createdNode, 2));
    const { data, revision } = await createNode(1, {
      design: { shape: 'circle', object_template: '1' },
      geometry: { center: { x: 410.5, y: -20 } },
    });
    expect(revision).toBe(2);
    expect(data).toEqual(createdNode);
  });

  it('prefers the header to the body', async () => {
    mockFetch(jsonResponse(200, { revision: 8 }, 9));
    await expect(patchElements(1, { all_edges: { hidden: true } })).resolves.toEqual({
      data: { revision: 8 },
      revision: 9,
    });
  });

  it('falls back to the revision in the body without the header', async () => {
    mockFetch(jsonResponse(200, { revision: 8 }));
    await expect(deleteNode(1, 3)).resolves.toEqual({ data: { revision: 8 }, revision: 8 });
  });

  it('reports an answer without any revision as invalid_response', async () => {
    mockFetch(jsonResponse(200, { ok: true }));
    const err = await caught(deleteEdge(1, 1));
    expect(err.status).toBe(200);
    expect(err.code).toBe('invalid_response');
  });

  it('ignores a header that is not a revision', async () => {
    const response = jsonResponse(200, { revision: 3 });
    response.headers.set('X-Map-Revision', 'soon');
    mockFetch(response);
    await expect(deleteTemplate(1, 4)).resolves.toMatchObject({ revision: 3 });
  });
});

describe('map errors', () => {
  it('reports a change log that no longer reaches back as 410 gone', async () => {
    mockFetch(
      jsonResponse(410, {
        error: { code: 'gone', message: 'the change log no longer reaches back to revision 2; load the map again' },
      }),
    );
    const err = await caught(getChanges(1, 2));
    expect(err.status).toBe(410);
    expect(err.code).toBe('gone');
  });

  it('reports a change to an element locked by another user as element_locked', async () => {
    mockFetch(jsonResponse(409, { error: { code: 'element_locked', message: 'Ada is editing this node' } }));
    const err = await caught(patchNodeDesign(1, 1, { bg_color: '#000000' }));
    expect(err.status).toBe(409);
    expect(err.code).toBe('element_locked');
  });

  it('names the bad fields of an elements patch', async () => {
    mockFetch(
      jsonResponse(400, {
        error: {
          code: 'validation_failed',
          message: 'some fields are invalid',
          details: { 'nodes[0].design.bg_color': 'must be a colour such as #1a2b3c or transparent' },
        },
      }),
    );
    const err = await caught(patchElements(1, { nodes: [{ id: 1, design: { bg_color: 'red' } }] }));
    expect(err.fields).toEqual(['nodes[0].design.bg_color']);
  });
});
