import type { Language, User } from '../api';
import { hasRole, parseClientRoles, prefersClientsOverview, type Role } from './roles';
import type { SessionState, SessionStore, UserIdStorage } from './session';

export type Access =
  | { kind: 'open' }
  | { kind: 'authenticated'; role?: Role }
  /** The clients overview: for a superuser, or a user with roles in more (or fewer) than one client. */
  | { kind: 'clientsOverview' };

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
  const state = deps.session.get();
  if (access.kind === 'clientsOverview') {
    const to = clientsOverviewRedirect(state);
    return to === null ? { kind: 'allow' } : { kind: 'redirect', to };
  }
  if (access.role && !hasRole(state.role, access.role)) {
    // The clients overview, or straight on to where it would send a user of a single client.
    return { kind: 'redirect', to: clientsOverviewRedirect(state) ?? CLIENTS_PATH };
  }
  return { kind: 'allow' };
}

/**
 * Where a user who opens the clients overview goes instead, or null to let them in. It is for a
 * superuser or a user with roles in more than one client; a user of exactly one client goes to
 * that client's map overview (which never redirects back, so there is no loop). A user of no
 * client stays: the overview tells them to ask for an invitation.
 */
export function clientsOverviewRedirect(state: SessionState): string | null {
  if (!state.authenticated || !state.user) return LOGIN_PATH;
  if (state.user.is_superuser) return null;
  const memberships = parseClientRoles(state.user.client_roles);
  const only = memberships.length === 1 ? memberships[0] : undefined;
  return only ? mapOverviewPath(only.client) : null;
}

/** Whether the clients overview is worth offering to this user (in the top bar). */
export function showsClientsOverview(state: SessionState): boolean {
  return state.authenticated && clientsOverviewRedirect(state) === null;
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
