import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  declineInvitation,
  deleteClient,
  getInvitation,
  getSession,
  getUser,
  inviteUser,
  listClients,
  login,
  logout,
  patchUser,
  register,
  requestAccess,
  requestPasswordReset,
  resetPassword,
  updateClient,
} from './index';
import { ApiError, request } from './http';
import type { User } from './types';

const user: User = {
  id: 7,
  email: 'ada@example.com',
  name: 'Ada',
  first_name: '',
  surname: '',
  avatar_url: null,
  client_roles: { '/api/v1/clients/acme': ['/api/v1/roles/editor'] },
  is_superuser: false,
  language: 'de',
  preferences: { removalConfirmation: true },
};

function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

function mockFetch(response: Response | Error) {
  const fn = vi.fn<typeof fetch>(() => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response)));
  vi.stubGlobal('fetch', fn);
  return fn;
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

function bodyOf(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') throw new Error('expected a JSON text body');
  return JSON.parse(init.body);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request', () => {
  it('sends JSON with same-origin credentials and decodes the body', async () => {
    const fetchMock = mockFetch(jsonResponse(200, user));

    const result = await login({ email: 'ada@example.com', password: 'pw', remember_me: true });

    expect(result).toEqual(user);
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(bodyOf(init)).toEqual({
      email: 'ada@example.com',
      password: 'pw',
      remember_me: true,
    });
  });

  it('sends no body and no content type on GET', async () => {
    const fetchMock = mockFetch(jsonResponse(200, user));

    await getUser(7);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/users/7');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('resolves with undefined on 204', async () => {
    mockFetch(new Response(null, { status: 204 }));
    await expect(logout()).resolves.toBeUndefined();
  });

  it('patches a user', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { ...user, language: 'fr' }));

    const result = await patchUser(7, { language: 'fr' });

    expect(result.language).toBe('fr');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/users/7');
    expect(init?.method).toBe('PATCH');
    expect(bodyOf(init)).toEqual({ language: 'fr' });
  });
});

describe('error envelope', () => {
  it('turns the envelope into an ApiError with status, code, message and details', async () => {
    mockFetch(
      jsonResponse(400, {
        error: {
          code: 'validation_failed',
          message: 'email is not valid',
          details: { email: 'invalid' },
        },
      }),
    );

    const err = await caught(login({ email: 'x', password: 'pw', remember_me: false }));

    expect(err.status).toBe(400);
    expect(err.code).toBe('validation_failed');
    expect(err.message).toBe('email is not valid');
    expect(err.details).toEqual({ email: 'invalid' });
    expect(err.fields).toEqual(['email']);
  });

  it('keeps the problems, dropping entries without a code', async () => {
    mockFetch(
      jsonResponse(400, {
        error: {
          code: 'validation_failed',
          message: 'x',
          details: { name: 'must have at most 100 characters', title: 'is required', odd: 'y' },
          problems: { name: { code: 'too_long', params: { max: 100 } }, title: { code: 'required' }, odd: { params: {} } },
        },
      }),
    );
    const err = await caught(getUser(1));
    expect(err.problems).toEqual({ name: { code: 'too_long', params: { max: 100 } }, title: { code: 'required' } });
  });

  it('keeps codes it does not know', async () => {
    mockFetch(jsonResponse(401, { error: { code: 'invalid_credentials', message: 'nope' } }));

    const err = await caught(login({ email: 'a@b.c', password: 'pw', remember_me: false }));

    expect(err.status).toBe(401);
    expect(err.code).toBe('invalid_credentials');
    expect(err.details).toEqual({});
  });

  it('reports 429 as rate_limited', async () => {
    mockFetch(jsonResponse(429, { error: { code: 'rate_limited', message: 'slow down' } }));
    const err = await caught(getSession());
    expect(err.status).toBe(429);
    expect(err.code).toBe('rate_limited');
  });

  it('falls back to a code from the status when the body is not an envelope', async () => {
    mockFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const err = await caught(getSession());
    expect(err.status).toBe(502);
    expect(err.code).toBe('invalid_response');
    expect(err.message).toBe('Bad Gateway');
  });

  it('falls back when the envelope lacks a code', async () => {
    mockFetch(jsonResponse(404, { error: { message: 'gone' } }, 'Not Found'));
    const err = await caught(getUser(1));
    expect(err.code).toBe('not_found');
    expect(err.message).toBe('Not Found');
  });

  it('ignores details that are not an object', async () => {
    mockFetch(jsonResponse(409, { error: { code: 'conflict', message: 'x', details: ['a'] } }));
    const err = await caught(getUser(1));
    expect(err.code).toBe('conflict');
    expect(err.details).toEqual({});
  });

  it('reports a network failure as status 0 network_error', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const err = await caught(getSession());
    expect(err.status).toBe(0);
    expect(err.code).toBe('network_error');
  });

  it('reports an unparseable success body as invalid_response', async () => {
    mockFetch(new Response('not json', { status: 200 }));
    const err = await caught(request<User>('GET', '/users/1'));
    expect(err.code).toBe('invalid_response');
    expect(err.status).toBe(200);
  });
});

describe('calls', () => {
  const cases: {
    name: string;
    call: () => Promise<unknown>;
    method: string;
    url: string;
    body?: unknown;
  }[] = [
    {
      name: 'getInvitation',
      call: () => getInvitation('a/b c'),
      method: 'GET',
      url: '/api/v1/auth/invitations/a%2Fb%20c',
    },
    {
      name: 'register',
      call: () => register({ token: 't', password: 'secret12', password_confirmation: 'secret12' }),
      method: 'POST',
      url: '/api/v1/auth/register',
      body: { token: 't', password: 'secret12', password_confirmation: 'secret12' },
    },
    {
      name: 'declineInvitation',
      call: () => declineInvitation({ token: 't' }),
      method: 'POST',
      url: '/api/v1/auth/decline',
      body: { token: 't' },
    },
    {
      name: 'requestPasswordReset',
      call: () => requestPasswordReset({ email: 'ada@example.com' }),
      method: 'POST',
      url: '/api/v1/auth/password_reset/tokens',
      body: { email: 'ada@example.com' },
    },
    {
      name: 'resetPassword',
      call: () => resetPassword('tok', { password: 'secret12', password_confirmation: 'secret12' }),
      method: 'POST',
      url: '/api/v1/auth/password_reset/tokens/tok',
      body: { password: 'secret12', password_confirmation: 'secret12' },
    },
    { name: 'listClients', call: () => listClients(), method: 'GET', url: '/api/v1/clients' },
    {
      name: 'createClient',
      call: () => createClient({ name: 'acme', title: 'Acme' }),
      method: 'POST',
      url: '/api/v1/clients',
      body: { name: 'acme', title: 'Acme' },
    },
    {
      name: 'updateClient',
      call: () => updateClient('acme', { active: false }),
      method: 'PATCH',
      url: '/api/v1/clients/acme',
      body: { active: false },
    },
    { name: 'deleteClient', call: () => deleteClient('acme'), method: 'DELETE', url: '/api/v1/clients/acme' },
    {
      name: 'requestAccess',
      call: () => requestAccess('acme', { message: 'please' }),
      method: 'POST',
      url: '/api/v1/clients/acme/access_requests',
      body: { message: 'please' },
    },
    {
      name: 'inviteUser',
      call: () => inviteUser('acme', { email: 'bob@example.com', role: 'editor' }),
      method: 'POST',
      url: '/api/v1/clients/acme/invitations',
      body: { email: 'bob@example.com', role: 'editor' },
    },
  ];

  it.each(cases)('$name calls $method $url', async ({ call, method, url, body }) => {
    const fetchMock = mockFetch(jsonResponse(200, {}));
    await call();
    const [calledUrl, init] = fetchMock.mock.calls[0] ?? [];
    expect(calledUrl).toBe(url);
    expect(init?.method).toBe(method);
    if (body === undefined) expect(init?.body).toBeUndefined();
    else expect(bodyOf(init)).toEqual(body);
  });

  it('reports an expired token as 410 token_expired', async () => {
    mockFetch(jsonResponse(410, { error: { code: 'token_expired', message: 'expired' } }));
    const err = await caught(getInvitation('old'));
    expect(err.status).toBe(410);
    expect(err.code).toBe('token_expired');
  });
});
