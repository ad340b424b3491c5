import { describe, expect, it } from 'vitest';
import { ApiError, type Client } from '../api';
import { clientActions, isClientDeactivated, sortClients } from './clientActions';

const client = (overrides: Partial<Client> = {}): Client => ({
  name: 'acme',
  title: 'Acme',
  active: true,
  maps_count: 2,
  users_count: 3,
  role: null,
  created_at: '2025-01-01T00:00:00Z',
  ...overrides,
});

describe('clientActions', () => {
  it('lets a superuser deactivate an active client and open it', () => {
    expect(clientActions(client(), true)).toEqual({
      open: true,
      deactivate: true,
      reactivate: false,
      deleteFinally: false,
      askForAccess: false,
    });
  });

  it('lets a superuser reactivate or finally delete a deactivated client, not open it', () => {
    expect(clientActions(client({ active: false }), true)).toEqual({
      open: false,
      deactivate: false,
      reactivate: true,
      deleteFinally: true,
      askForAccess: false,
    });
  });

  it('offers members below admin to ask for access', () => {
    for (const role of ['editor', 'student', 'guest'] as const) {
      expect(clientActions(client({ role }), false).askForAccess, role).toBe(true);
    }
    expect(clientActions(client({ role: 'admin' }), false).askForAccess).toBe(false);
    expect(clientActions(client({ role: 'editor', active: false }), false).askForAccess).toBe(false);
  });

  it('gives other members no management actions', () => {
    const actions = clientActions(client({ role: 'admin', active: false }), false);
    expect(actions).toEqual({
      open: false,
      deactivate: false,
      reactivate: false,
      deleteFinally: false,
      askForAccess: false,
    });
  });
});

describe('sortClients', () => {
  it('puts active clients first, then sorts by title', () => {
    const sorted = sortClients(
      [
        client({ name: 'z', title: 'Zebra' }),
        client({ name: 'old', title: 'Alpha', active: false }),
        client({ name: 'o', title: 'Österreich' }),
        client({ name: 'b', title: 'beta' }),
      ],
      'de',
    );
    expect(sorted.map((c) => c.name)).toEqual(['b', 'o', 'z', 'old']);
  });
});

describe('isClientDeactivated', () => {
  it('recognises the refusal of a deactivated client, and nothing else', () => {
    expect(isClientDeactivated(new ApiError(403, 'client_deactivated', 'Acme is deactivated'))).toBe(true);
    expect(isClientDeactivated(new ApiError(403, 'forbidden', 'no'))).toBe(false);
    expect(isClientDeactivated(new Error('client_deactivated'))).toBe(false);
    expect(isClientDeactivated(null)).toBe(false);
  });
});
