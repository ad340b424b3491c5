import { request } from './http';
import { everyPage } from './pages';
import type {
  AccessRequest,
  ApiKey,
  ApiKeyList,
  ApiKeyCreate,
  CreatedApiKey,
  InvitationList,
  AccessRequestList,
  AccessRequestCreate,
  Client,
  ClientMapClone,
  ClientMapCreate,
  ClientSettings,
  ClientSettingsPatch,
  MapSummary,
  MapTemplateList,
  MapTemplatePatch,
  Member,
  MemberList,
  MemberPatch,
  QuotaKind,
  QuotaList,
  TestingPeriod,
  TestingPeriodUpdate,
  ClientCreate,
  ClientFeatures,
  ClientFeaturesAnswer,
  ClientFont,
  ClientList,
  ClientPatch,
  InvitationCreate,
  InvitationResult,
  MapList,
  ClientReader,
  ReaderList,
  LiveToggle,
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

/** Every map of the overview the user may open, newest first: the screens search and sort the whole list. */
export async function listClientMaps(name: string, signal?: AbortSignal): Promise<MapSummary[]> {
  return (await everyPage<MapList>(`${clientPath(name)}/maps`, signal)).flatMap((p) => p.maps);
}

/** Invites an address to a client: mailed (201) or, for an existing account, added at once (200). */
export function inviteUser(name: string, body: InvitationCreate): Promise<InvitationResult> {
  return request<InvitationResult>('POST', `${clientPath(name)}/invitations`, { body });
}

/** Creates a map or a map template: blank, or copying a template of the client or a built-in one. */
export function createClientMap(name: string, body: ClientMapCreate): Promise<MapSummary> {
  return request<MapSummary>('POST', `${clientPath(name)}/maps`, { body });
}

/** Copies a map with its whole document, as a map or (as_template) as a map template. */
export function cloneClientMap(mapId: number, body: ClientMapClone): Promise<MapSummary> {
  return request<MapSummary>('POST', `/maps/${mapId}/clone`, { body });
}

/** The overview's live toggle; turning a map live takes a live-map seat. */
export function setMapLive(mapId: number, live: boolean): Promise<LiveToggle> {
  return request<LiveToggle>('PATCH', `/maps/${mapId}/live`, { body: { live } });
}

export function listMapTemplates(name: string, signal?: AbortSignal): Promise<MapTemplateList> {
  return request<MapTemplateList>('GET', `${clientPath(name)}/templates`, { signal });
}

export function updateMapTemplate(name: string, id: number, patch: MapTemplatePatch): Promise<MapSummary> {
  return request<MapSummary>('PATCH', `${clientPath(name)}/templates/${id}`, { body: patch });
}

export function deleteMapTemplate(name: string, id: number): Promise<void> {
  return request<undefined>('DELETE', `${clientPath(name)}/templates/${id}`);
}

export function getQuotas(name: string, signal?: AbortSignal): Promise<QuotaList> {
  return request<QuotaList>('GET', `${clientPath(name)}/quotas`, { signal });
}

export function getTestingPeriod(name: string, signal?: AbortSignal): Promise<TestingPeriod> {
  return request<TestingPeriod>('GET', `${clientPath(name)}/testing_period`, { signal });
}

/** What a client's maps may use: its fonts (expanded) and external content providers. */
export async function getClientFeatures(name: string, signal?: AbortSignal): Promise<ClientFeatures> {
  const res = await request<ClientFeaturesAnswer>('GET', `${clientPath(name)}/features?expand=fonts`, { signal });
  const { fonts, ...rest } = res.features;
  // Expanded, every font is a family; the description allows names too (without expand).
  return { ...rest, fonts: fonts.filter((f): f is ClientFont => typeof f !== 'string') };
}

/** The general settings: admins only. */
export function getClientSettings(name: string, signal?: AbortSignal): Promise<ClientSettings> {
  return request<ClientSettings>('GET', `${clientPath(name)}/settings`, { signal });
}

export function updateClientSettings(name: string, patch: ClientSettingsPatch): Promise<ClientSettings> {
  return request<ClientSettings>('PATCH', `${clientPath(name)}/settings`, { body: patch });
}

/** The client's API keys for scripts (admins), never the keys themselves. */
export async function listApiKeys(name: string, signal?: AbortSignal): Promise<ApiKey[]> {
  const res = await request<ApiKeyList>('GET', `${clientPath(name)}/api_keys`, { signal });
  return res.api_keys;
}

/** Creates an API key; the answer is the only time the key is shown. */
export function createApiKey(name: string, body: ApiKeyCreate): Promise<CreatedApiKey> {
  return request<CreatedApiKey>('POST', `${clientPath(name)}/api_keys`, { body });
}

/** Revokes an API key: it stops working at once. */
export function revokeApiKey(name: string, id: number): Promise<void> {
  return request<undefined>('DELETE', `${clientPath(name)}/api_keys/${id}`);
}

/** Every member of the client, by e-mail address: user management shows everyone. */
export async function listMembers(name: string, signal?: AbortSignal): Promise<Member[]> {
  return (await everyPage<MemberList>(`${clientPath(name)}/users`, signal)).flatMap((p) => p.users);
}

/** Changes a member's role, flags and per-map accesses in one transaction; answers the member. */
export function updateMember(name: string, userId: number, patch: MemberPatch): Promise<Member> {
  return request<Member>('PATCH', `${clientPath(name)}/users/${userId}`, { body: patch });
}

/** Every reader registered at the client's partial maps, by e-mail address. */
export async function listReaders(name: string, signal?: AbortSignal): Promise<ClientReader[]> {
  return (await everyPage<ReaderList>(`${clientPath(name)}/readers`, signal)).flatMap((p) => p.readers);
}

export function removeMember(name: string, userId: number): Promise<void> {
  return request<undefined>('DELETE', `${clientPath(name)}/users/${userId}`);
}

/** The client's open invitations (unused and unexpired: a short list, not paged). */
export function listInvitations(name: string, signal?: AbortSignal): Promise<InvitationList> {
  return request<InvitationList>('GET', `${clientPath(name)}/invitations`, { signal });
}

/** Ends an open invitation: its links stop working. */
export function revokeInvitation(name: string, id: string): Promise<void> {
  return request<undefined>('DELETE', `${clientPath(name)}/invitations/${encodeURIComponent(id)}`);
}

/** Ends a reader's seat: they no longer read the client's partial maps. */
export function removeReader(name: string, userId: number): Promise<void> {
  return request<undefined>('DELETE', `${clientPath(name)}/readers/${userId}`);
}

/** Every request for access, newest first. */
export async function listAccessRequests(name: string, signal?: AbortSignal): Promise<AccessRequest[]> {
  return (await everyPage<AccessRequestList>(`${clientPath(name)}/access_requests`, signal)).flatMap((p) => p.access_requests);
}

/** Sets a client's limits (superuser): a number, or null for unlimited. */
export function setQuotas(name: string, limits: Partial<Record<QuotaKind, number | null>>): Promise<QuotaList> {
  return request<QuotaList>('PATCH', `${clientPath(name)}/quotas`, { body: limits });
}

/** Sets a client's testing period and buy links (superuser). */
export function setTestingPeriod(name: string, body: TestingPeriodUpdate): Promise<TestingPeriod> {
  return request<TestingPeriod>('PATCH', `${clientPath(name)}/testing_period`, { body });
}
