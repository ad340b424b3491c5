import { request } from './http';
import type {
  AccessRequestCreate,
  Client,
  ClientCreate,
  ClientList,
  ClientPatch,
  InvitationCreate,
  InvitationResult,
  MapList,
} from './types';

const clientPath = (name: string) => `/clients/${encodeURIComponent(name)}`;

/** A superuser gets every client, deactivated ones included; anyone else their own. */
export function listClients(signal?: AbortSignal): Promise<ClientList> {
  return request<ClientList>('GET', '/clients', { signal });
}

export function createClient(body: ClientCreate): Promise<Client> {
  return request<Client>('POST', '/clients', { body });
}

/** Renames, deactivates ({active: false}) or reactivates ({active: true}) a client. */
export function updateClient(name: string, patch: ClientPatch): Promise<Client> {
  return request<Client>('PATCH', clientPath(name), { body: patch });
}

/** Deletes a deactivated client for good, with its maps and memberships; 409 while it is active. */
export function deleteClient(name: string): Promise<void> {
  return request<undefined>('DELETE', clientPath(name));
}

export function requestAccess(name: string, body: AccessRequestCreate): Promise<void> {
  return request<undefined>('POST', `${clientPath(name)}/access_requests`, { body });
}

export function listClientMaps(name: string, signal?: AbortSignal): Promise<MapList> {
  return request<MapList>('GET', `${clientPath(name)}/maps`, { signal });
}

/** Invites an address to a client: mailed (201) or, for an existing account, added at once (200). */
export function inviteUser(name: string, body: InvitationCreate): Promise<InvitationResult> {
  return request<InvitationResult>('POST', `${clientPath(name)}/invitations`, { body });
}
