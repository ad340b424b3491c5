import { describe, expect, it, vi } from 'vitest';
import { ApiError, type Language, type User } from '../api';
import { clientsOverviewRedirect, guard, resolveRoot, rootRedirect, showsClientsOverview, type GuardDeps } from './guard';
import { SessionStore, sessionFor, SIGNED_OUT, type UserIdStorage } from './session';

function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 3,
    email: 'ada@example.com',
    name: 'Ada',
    first_name: '',
    surname: '',
    avatar_url: null,
    client_roles: { '/api/v1/clients/acme': ['/api/v1/roles/student'] },
    is_superuser: false,
    language: null,
    preferences: { removalConfirmation: true },
    ...overrides,
  };
}

function memoryStorage(initial: number | null): UserIdStorage & { value: number | null } {
  return {
    value: initial,
    read() {
      return this.value;
    },
    write(id) {
      this.value = id;
    },
    clear() {
      this.value = null;
    },
  };
}

function makeDeps(storedId: number | null, fetchUser: GuardDeps['fetchUser']) {
  const storage = memoryStorage(storedId);
  const applyLanguage = vi.fn<(language: Language | null) => void>();
  const fetchMock = vi.fn(fetchUser);
  const deps: GuardDeps = {
    session: new SessionStore(),
    storage,
    fetchUser: fetchMock,
    applyLanguage,
  };
  return { deps, storage, applyLanguage, fetchMock };
}

describe('guard', () => {
  it('lets anyone open an open page without fetching', async () => {
    const { deps, fetchMock } = makeDeps(null, () => Promise.resolve(makeUser()));
    await expect(guard({ kind: 'open' }, deps)).resolves.toEqual({ kind: 'allow' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a visitor without stored id to login', async () => {
    const { deps, fetchMock } = makeDeps(null, () => Promise.resolve(makeUser()));
    await expect(guard({ kind: 'authenticated' }, deps)).resolves.toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restores the session from the stored id, with language and first client', async () => {
    const user = makeUser({
      language: 'fr',
      client_roles: {
        '/api/v1/clients/globex': ['/api/v1/roles/guest', '/api/v1/roles/editor'],
        '/api/v1/clients/acme': ['/api/v1/roles/admin'],
      },
    });
    const { deps, fetchMock, applyLanguage } = makeDeps(3, () => Promise.resolve(user));

    await expect(guard({ kind: 'authenticated', role: 'student' }, deps)).resolves.toEqual({
      kind: 'allow',
    });

    expect(fetchMock).toHaveBeenCalledWith(3);
    expect(applyLanguage).toHaveBeenCalledWith('fr');
    expect(deps.session.get()).toEqual({
      authenticated: true,
      user,
      clientName: 'globex',
      role: 'editor',
    });
  });

  it('keeps the interface language when the user has none', async () => {
    const { deps, applyLanguage } = makeDeps(3, () => Promise.resolve(makeUser()));
    await guard({ kind: 'authenticated' }, deps);
    expect(applyLanguage).toHaveBeenCalledWith(null);
  });

  it('fetches once when already authenticated', async () => {
    const { deps, fetchMock } = makeDeps(3, () => Promise.resolve(makeUser()));
    await Promise.all([guard({ kind: 'authenticated' }, deps), guard({ kind: 'authenticated' }, deps)]);
    await guard({ kind: 'authenticated' }, deps);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends a role that is too low to the clients overview', async () => {
    const user = makeUser({
      client_roles: {
        '/api/v1/clients/acme': ['/api/v1/roles/guest'],
        '/api/v1/clients/globex': ['/api/v1/roles/editor'],
      },
    });
    const { deps } = makeDeps(3, () => Promise.resolve(user));
    await expect(guard({ kind: 'authenticated', role: 'student' }, deps)).resolves.toEqual({
      kind: 'redirect',
      to: '/clients',
    });
  });

  it('sends a role that is too low straight to the map overview when there is one client', async () => {
    const user = makeUser({ client_roles: { '/api/v1/clients/acme': ['/api/v1/roles/guest'] } });
    const { deps } = makeDeps(3, () => Promise.resolve(user));
    await expect(guard({ kind: 'authenticated', role: 'student' }, deps)).resolves.toEqual({
      kind: 'redirect',
      to: '/clients/acme',
    });
  });

  it('lets a superuser and a user of several clients into the clients overview', async () => {
    const several = makeUser({
      client_roles: {
        '/api/v1/clients/acme': ['/api/v1/roles/guest'],
        '/api/v1/clients/globex': ['/api/v1/roles/editor'],
      },
    });
    for (const user of [makeUser({ is_superuser: true, client_roles: {} }), several]) {
      const { deps } = makeDeps(3, () => Promise.resolve(user));
      await expect(guard({ kind: 'clientsOverview' }, deps)).resolves.toEqual({ kind: 'allow' });
    }
  });

  it('sends a user of one client from the clients overview to its map overview', async () => {
    const { deps } = makeDeps(3, () => Promise.resolve(makeUser()));
    await expect(guard({ kind: 'clientsOverview' }, deps)).resolves.toEqual({
      kind: 'redirect',
      to: '/clients/acme',
    });
  });

  it('sends a visitor without session from the clients overview to login', async () => {
    const { deps } = makeDeps(null, () => Promise.resolve(makeUser()));
    await expect(guard({ kind: 'clientsOverview' }, deps)).resolves.toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('lets a superuser without clients into the editor', async () => {
    const user = makeUser({ is_superuser: true, client_roles: {} });
    const { deps } = makeDeps(3, () => Promise.resolve(user));
    await expect(guard({ kind: 'authenticated', role: 'student' }, deps)).resolves.toEqual({
      kind: 'allow',
    });
  });

  it('clears everything and goes to login when the fetch fails', async () => {
    const { deps, storage } = makeDeps(3, () => Promise.reject(new ApiError(401, 'unauthenticated', 'no session')));
    await expect(guard({ kind: 'authenticated' }, deps)).resolves.toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(storage.value).toBeNull();
    expect(deps.session.get()).toEqual(SIGNED_OUT);
  });
});

describe('rootRedirect', () => {
  it('sends the signed-out to login', () => {
    expect(rootRedirect(SIGNED_OUT)).toBe('/login');
  });

  it('sends a one-client user to that map overview', () => {
    expect(rootRedirect(sessionFor(makeUser()))).toBe('/clients/acme');
  });

  it('sends a user with several clients to the clients overview', () => {
    const user = makeUser({
      client_roles: {
        '/api/v1/clients/acme': ['/api/v1/roles/editor'],
        '/api/v1/clients/globex': ['/api/v1/roles/editor'],
      },
    });
    expect(rootRedirect(sessionFor(user))).toBe('/clients');
  });

  it('sends a superuser to the clients overview', () => {
    expect(rootRedirect(sessionFor(makeUser({ is_superuser: true })))).toBe('/clients');
  });

  it('sends a user without client to the clients overview', () => {
    expect(rootRedirect(sessionFor(makeUser({ client_roles: {} })))).toBe('/clients');
  });

  it('encodes the client name', () => {
    const user = makeUser({ client_roles: { '/api/v1/clients/a%20b': ['/api/v1/roles/editor'] } });
    expect(rootRedirect(sessionFor(user))).toBe('/clients/a%20b');
  });
});

describe('resolveRoot', () => {
  it('restores the stored user before deciding', async () => {
    const { deps } = makeDeps(3, () => Promise.resolve(makeUser()));
    await expect(resolveRoot(deps)).resolves.toBe('/clients/acme');
  });

  it('goes to login without a stored user', async () => {
    const { deps } = makeDeps(null, () => Promise.resolve(makeUser()));
    await expect(resolveRoot(deps)).resolves.toBe('/login');
  });
});

describe('clientsOverviewRedirect', () => {
  it('lets in a superuser, also one who is a member of one client', () => {
    expect(clientsOverviewRedirect(sessionFor(makeUser({ is_superuser: true })))).toBeNull();
  });

  it('lets in a user of several clients or of none', () => {
    const several = makeUser({
      client_roles: {
        '/api/v1/clients/acme': ['/api/v1/roles/editor'],
        '/api/v1/clients/globex': ['/api/v1/roles/guest'],
      },
    });
    expect(clientsOverviewRedirect(sessionFor(several))).toBeNull();
    expect(clientsOverviewRedirect(sessionFor(makeUser({ client_roles: {} })))).toBeNull();
  });

  it('sends a user of one client to its map overview, which root sends nowhere else', () => {
    const state = sessionFor(makeUser());
    const to = clientsOverviewRedirect(state);
    expect(to).toBe('/clients/acme');
    expect(rootRedirect(state)).toBe(to);
  });

  it('sends the signed-out to login', () => {
    expect(clientsOverviewRedirect(SIGNED_OUT)).toBe('/login');
  });

  it('decides whether the top bar offers the overview', () => {
    expect(showsClientsOverview(sessionFor(makeUser()))).toBe(false);
    expect(showsClientsOverview(sessionFor(makeUser({ is_superuser: true })))).toBe(true);
    expect(showsClientsOverview(SIGNED_OUT)).toBe(false);
  });
});
