import { describe, expect, it, vi } from 'vitest';
import type { User } from '../api';
import { localUserIdStorage, SessionStore, USER_ID_KEY } from './session';

class MemoryStorage implements Storage {
  private readonly data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

const user: User = {
  id: 5,
  email: 'b@example.com',
  name: 'Bea',
  first_name: '',
  surname: '',
  avatar_url: null,
  client_roles: {
    '/api/v1/clients/acme': ['/api/v1/roles/student'],
    '/api/v1/clients/globex': ['/api/v1/roles/admin'],
  },
  is_superuser: false,
  language: null,
  preferences: { removalConfirmation: false },
};

describe('localUserIdStorage', () => {
  it('stores the user id under strata.userId', () => {
    const backing = new MemoryStorage();
    const storage = localUserIdStorage(() => backing);
    storage.write(42);
    expect(backing.getItem(USER_ID_KEY)).toBe('42');
    expect(USER_ID_KEY).toBe('strata.userId');
    expect(storage.read()).toBe(42);
    storage.clear();
    expect(storage.read()).toBeNull();
  });

  it('treats a value that is not an id as missing', () => {
    const backing = new MemoryStorage();
    backing.setItem(USER_ID_KEY, 'abc');
    expect(localUserIdStorage(() => backing).read()).toBeNull();
  });

  it('treats unusable storage as empty', () => {
    const storage = localUserIdStorage(() => {
      throw new Error('denied');
    });
    expect(storage.read()).toBeNull();
    expect(() => {
      storage.write(1);
    }).not.toThrow();
  });
});

describe('SessionStore', () => {
  it('notifies on sign-in and sign-out', () => {
    const store = new SessionStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.signIn(user);
    expect(store.get()).toMatchObject({ authenticated: true, clientName: 'acme', role: 'student' });
    store.signOut();
    expect(store.get().authenticated).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.signIn(user);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('switches to a client the user belongs to, with its role', () => {
    const store = new SessionStore();
    store.signIn(user);
    store.selectClient('globex');
    expect(store.get()).toMatchObject({ clientName: 'globex', role: 'admin' });
    store.selectClient('initech');
    expect(store.get().clientName).toBe('globex');
  });

  it('takes a changed user record and keeps the chosen client', () => {
    const store = new SessionStore();
    store.signIn(user);
    store.selectClient('globex');
    store.updateUser({ ...user, language: 'fr' });
    expect(store.get()).toMatchObject({ clientName: 'globex', role: 'admin' });
    expect(store.get().user?.language).toBe('fr');
  });

  it('ignores a record of someone else and updates nothing when signed out', () => {
    const store = new SessionStore();
    store.updateUser(user);
    expect(store.get().authenticated).toBe(false);
    store.signIn(user);
    store.updateUser({ ...user, id: 6, language: 'de' });
    expect(store.get().user?.language).toBeNull();
  });
});
