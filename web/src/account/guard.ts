import type { Language, User } from '../api';
import { hasRole, prefersClientsOverview, type Role } from './roles';
import type { SessionState, SessionStore, UserIdStorage } from './session';

export type Access = { kind: 'open' } | { kind: 'authenticated'; role?: Role };

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export interface GuardDeps {
  session: SessionStore;
  storage: UserIdStorage;
  fetchUser: (id: number) => Promise<User>;
  /** Applies the user's language; null keeps the current interface language. */
  applyLanguage: (language: Language | null) => unknown;
}

export const LOGIN_PATH = '/login';
export const CLIENTS_PATH = '/clients';

export function mapOverviewPath(clientName: string): string {
  return `${CLIENTS_PATH}/${encodeURIComponent(clientName)}`;
}

export function editorPath(mapId: number | string): string {
  return `/editor/${encodeURIComponent(String(mapId))}`;
}

const restoring = new WeakMap<SessionStore, Promise<boolean>>();

/**
 * Makes sure the session is authenticated, fetching the stored user when needed.
 * Resolves false (and leaves everything signed out) when that is not possible.
 */
export function restoreSession(deps: GuardDeps): Promise<boolean> {
  if (deps.session.get().authenticated) return Promise.resolve(true);
  // Loaders of nested routes run in parallel; they share one fetch.
  const pending = restoring.get(deps.session);
  if (pending) return pending;

  const run = (async () => {
    const id = deps.storage.read();
    if (id === null) {
      deps.storage.clear();
      return false;
    }
    try {
      const user = await deps.fetchUser(id);
      deps.session.signIn(user);
      await deps.applyLanguage(user.language);
      return true;
    } catch {
      deps.session.signOut();
      deps.storage.clear();
      return false;
    }
  })();
  restoring.set(deps.session, run);
  void run.finally(() => restoring.delete(deps.session));
  return run;
}

export async function guard(access: Access, deps: GuardDeps): Promise<GuardDecision> {
  if (access.kind === 'open') return { kind: 'allow' };
  if (!(await restoreSession(deps))) return { kind: 'redirect', to: LOGIN_PATH };
  if (access.role && !hasRole(deps.session.get().role, access.role)) {
    return { kind: 'redirect', to: CLIENTS_PATH };
  }
  return { kind: 'allow' };
}

/** Where "/" leads for a given state. */
export function rootRedirect(state: SessionState): string {
  if (!state.authenticated || !state.user) return LOGIN_PATH;
  if (state.clientName === null || prefersClientsOverview(state.user)) return CLIENTS_PATH;
  return mapOverviewPath(state.clientName);
}

export async function resolveRoot(deps: GuardDeps): Promise<string> {
  await restoreSession(deps);
  return rootRedirect(deps.session.get());
}
