import { describe, expect, it } from 'vitest';
import {
  clientNameFromPath,
  firstClient,
  hasRole,
  hasSeveralClients,
  parseClientRoles,
  pickRole,
  prefersClientsOverview,
  roleFromPath,
  roleInClient,
  roleRank,
} from './roles';

const member = (clientRoles: Record<string, string[]>, isSuperuser = false) => ({
  client_roles: clientRoles,
  is_superuser: isSuperuser,
});

describe('roleRank', () => {
  it('orders superuser > admin > editor > student > guest', () => {
    expect(roleRank('superuser')).toBeGreaterThan(roleRank('admin'));
    expect(roleRank('admin')).toBeGreaterThan(roleRank('editor'));
    expect(roleRank('editor')).toBeGreaterThan(roleRank('student'));
    expect(roleRank('student')).toBeGreaterThan(roleRank('guest'));
  });
});

describe('hasRole', () => {
  it('passes at or above the required rank', () => {
    expect(hasRole('student', 'student')).toBe(true);
    expect(hasRole('editor', 'student')).toBe(true);
    expect(hasRole('admin', 'editor')).toBe(true);
  });

  it('fails below the required rank', () => {
    expect(hasRole('guest', 'student')).toBe(false);
    expect(hasRole('student', 'editor')).toBe(false);
    expect(hasRole('editor', 'admin')).toBe(false);
  });

  it('always passes for superuser', () => {
    expect(hasRole('superuser', 'admin')).toBe(true);
    expect(hasRole('superuser', 'superuser')).toBe(true);
  });

  it('fails without a role', () => {
    expect(hasRole(null, 'guest')).toBe(false);
  });
});

describe('pickRole', () => {
  it('picks the highest of several roles whatever the order', () => {
    expect(pickRole(['student', 'admin', 'editor'])).toBe('admin');
    expect(pickRole(['guest', 'student'])).toBe('student');
  });

  it('returns null for none', () => {
    expect(pickRole([])).toBeNull();
  });
});

describe('paths', () => {
  it('reads client names and roles from paths', () => {
    expect(clientNameFromPath('/api/v1/clients/acme')).toBe('acme');
    expect(clientNameFromPath('/api/v1/clients/acme-gmbh/')).toBe('acme-gmbh');
    expect(clientNameFromPath('/api/v1/clients/')).toBeNull();
    expect(roleFromPath('/api/v1/roles/editor')).toBe('editor');
    expect(roleFromPath('/api/v1/roles/wizard')).toBeNull();
  });
});

describe('parseClientRoles', () => {
  it('keeps the order and drops unknown roles', () => {
    expect(
      parseClientRoles({
        '/api/v1/clients/acme': ['/api/v1/roles/editor', '/api/v1/roles/wizard'],
        '/api/v1/clients/globex': ['/api/v1/roles/guest'],
      }),
    ).toEqual([
      { client: 'acme', roles: ['editor'] },
      { client: 'globex', roles: ['guest'] },
    ]);
  });
});

describe('roleInClient and firstClient', () => {
  const user = member({
    '/api/v1/clients/acme': ['/api/v1/roles/student', '/api/v1/roles/admin'],
    '/api/v1/clients/globex': ['/api/v1/roles/guest'],
  });

  it('chooses the first client', () => {
    expect(firstClient(user)).toBe('acme');
    expect(firstClient(member({}))).toBeNull();
  });

  it('uses the priority function within a client', () => {
    expect(roleInClient(user, 'acme')).toBe('admin');
    expect(roleInClient(user, 'globex')).toBe('guest');
    expect(roleInClient(user, 'initech')).toBeNull();
    expect(roleInClient(user, null)).toBeNull();
  });

  it('makes a superuser superuser in any client', () => {
    expect(roleInClient(member({}, true), 'initech')).toBe('superuser');
    expect(roleInClient(member({}, true), null)).toBe('superuser');
  });
});

describe('clients overview preference', () => {
  it('applies to several clients or a superuser', () => {
    const one = member({ '/api/v1/clients/acme': ['/api/v1/roles/editor'] });
    const two = member({
      '/api/v1/clients/acme': ['/api/v1/roles/editor'],
      '/api/v1/clients/globex': ['/api/v1/roles/editor'],
    });
    expect(hasSeveralClients(one)).toBe(false);
    expect(hasSeveralClients(two)).toBe(true);
    expect(prefersClientsOverview(one)).toBe(false);
    expect(prefersClientsOverview(two)).toBe(true);
    expect(prefersClientsOverview(member({}, true))).toBe(true);
  });
});
