import type { User } from '../api';

/** Roles in decreasing rank. */
export const ROLES = ['superuser', 'admin', 'editor', 'student', 'guest'] as const;
export type Role = (typeof ROLES)[number];

const CLIENT_PREFIX = '/api/v1/clients/';
const ROLE_PREFIX = '/api/v1/roles/';

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Higher is stronger: guest 0 … superuser 4. */
export function roleRank(role: Role): number {
  return ROLES.length - 1 - ROLES.indexOf(role);
}

/** A check passes if the role is superuser or ranks at or above the required one. */
export function hasRole(role: Role | null, required: Role): boolean {
  if (role === null) return false;
  return role === 'superuser' || roleRank(role) >= roleRank(required);
}

/** The priority function for a user with several roles in one client: the highest wins. */
export function pickRole(roles: readonly Role[]): Role | null {
  let best: Role | null = null;
  for (const role of roles) {
    if (best === null || roleRank(role) > roleRank(best)) best = role;
  }
  return best;
}

function lastSegment(path: string, prefix: string): string | null {
  const rest = path.startsWith(prefix) ? path.slice(prefix.length) : path;
  const trimmed = rest.replace(/\/+$/, '');
  if (trimmed === '' || trimmed.includes('/')) return null;
  try {
    return decodeURIComponent(trimmed);
  } catch {
    return null;
  }
}

/** "/api/v1/clients/acme" → "acme". */
export function clientNameFromPath(path: string): string | null {
  return lastSegment(path, CLIENT_PREFIX);
}

/** "/api/v1/roles/editor" → "editor"; unknown roles → null. */
export function roleFromPath(path: string): Role | null {
  const name = lastSegment(path, ROLE_PREFIX);
  return name !== null && isRole(name) ? name : null;
}

export interface ClientMembership {
  client: string;
  roles: Role[];
}

/** Reads a user's client_roles, keeping the server's order and dropping unreadable entries. */
export function parseClientRoles(clientRoles: User['client_roles']): ClientMembership[] {
  const memberships: ClientMembership[] = [];
  for (const [clientPath, rolePaths] of Object.entries(clientRoles)) {
    const client = clientNameFromPath(clientPath);
    if (client === null) continue;
    const roles = rolePaths.map(roleFromPath).filter((r): r is Role => r !== null);
    memberships.push({ client, roles });
  }
  return memberships;
}

type RoleSubject = Pick<User, 'client_roles' | 'is_superuser'>;

/** The role a user holds in a client; a superuser is superuser everywhere. */
export function roleInClient(user: RoleSubject, client: string | null): Role | null {
  if (user.is_superuser) return 'superuser';
  if (client === null) return null;
  const membership = parseClientRoles(user.client_roles).find((m) => m.client === client);
  return membership ? pickRole(membership.roles) : null;
}

/** The client chosen at sign-in: the first one listed. */
export function firstClient(user: RoleSubject): string | null {
  return parseClientRoles(user.client_roles)[0]?.client ?? null;
}

export function hasSeveralClients(user: RoleSubject): boolean {
  return parseClientRoles(user.client_roles).length > 1;
}

/** The clients overview is meant for a superuser or a user with roles in more than one client. */
export function prefersClientsOverview(user: RoleSubject): boolean {
  return user.is_superuser || hasSeveralClients(user);
}
