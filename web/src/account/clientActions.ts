import { ApiError, type Client } from '../api';
import { hasRole } from './roles';

export interface ClientActions {
  /** Its map overview can be opened. */
  open: boolean;
  deactivate: boolean;
  reactivate: boolean;
  deleteFinally: boolean;
  askForAccess: boolean;
}

/**
 * What a user may do with a client in the clients overview: a superuser deactivates, reactivates
 * and finally deletes (only deactivated clients); a member below admin may ask for more access.
 */
export function clientActions(client: Client, isSuperuser: boolean): ClientActions {
  const belowAdmin = client.role !== null && !hasRole(client.role, 'admin');
  return {
    open: client.active,
    deactivate: isSuperuser && client.active,
    reactivate: isSuperuser && !client.active,
    deleteFinally: isSuperuser && !client.active,
    askForAccess: !isSuperuser && client.active && belowAdmin,
  };
}

/** Active clients first, then by title in the interface language. */
export function sortClients(clients: readonly Client[], language: string): Client[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  return [...clients].sort(
    (a, b) => Number(b.active) - Number(a.active) || collator.compare(a.title, b.title) || a.name.localeCompare(b.name),
  );
}

/** The server's refusal of every call of a deactivated client to its members. */
export function isClientDeactivated(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'client_deactivated';
}
