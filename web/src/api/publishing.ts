// Publishing a map and reading published maps (docs/api.md, "Publishing").
import { request } from './http';
import { everyPage } from './pages';
import type { ContentByLanguage, NodeContent } from './document';
import type { components } from './schema';

type Schemas = components['schemas'];

export type AccessMode = Schemas['DomainAccessMode'];
export type LiveStatus = Schemas['DomainLiveStatus'];

/** A stored version; created_by is null when the account is gone. */
export type MapVersion = Schemas['ApiVersionAnswer'];

export type VersionList = Schemas['ApiVersionsAnswer'];

/** A user as the versions and the protocol name them. */
export type UserRef = Schemas['ApiUserRefJSON'];

/**
 * A map's publication. synced_revision is the working copy's revision when it last equalled the
 * live version: the status is `changed` once the map's revision passes it.
 */
export type Publication = Schemas['ApiPublicationAnswer'];

/** What the author says of a version (both optional). */
export type VersionNote = Schemas['EditingVersionNote'];

/** What restoring a version or resetting to the live one answers. */
export type Restored = Schemas['ApiRestoredAnswer'];

/** PATCH /maps/{id}/publication: embed domains one per line. */
export type PublicationPatch = Schemas['ApiPublicationRequest'];

const publicationPath = (mapId: number) => `/maps/${mapId}/publication`;

export function getPublication(mapId: number): Promise<Publication> {
  return request<Publication>('GET', publicationPath(mapId));
}

export function patchPublication(mapId: number, body: PublicationPatch): Promise<Publication> {
  return request<Publication>('PATCH', publicationPath(mapId), { body });
}

/** Stores the working copy as a version and makes it live (admins and editors): publish, and "sync with live". */
export function publishMap(mapId: number, body: VersionNote = {}): Promise<Publication> {
  return request<Publication>('POST', `/maps/${mapId}/publish`, { body });
}

/** Keeps the working copy as a version without publishing it. */
export function saveVersion(mapId: number, body: VersionNote = {}): Promise<MapVersion> {
  return request<MapVersion>('POST', `/maps/${mapId}/versions`, { body });
}

/** Makes a stored version the live one. */
export function publishVersion(mapId: number, versionId: number): Promise<Publication> {
  return request<Publication>('POST', `/maps/${mapId}/versions/${versionId}/publish`);
}

/** Puts a stored version in place of the working copy; every editor present reloads the map. */
export function restoreVersion(mapId: number, versionId: number): Promise<Restored> {
  return request<Restored>('POST', `/maps/${mapId}/versions/${versionId}/restore`);
}

/** Puts the live version in place of the working copy ("reset preview to live"); 409 without one. */
export function resetToLive(mapId: number): Promise<Restored> {
  return request<Restored>('POST', `${publicationPath(mapId)}/reset`);
}

/** Takes the live version down; the working copy stays. */
export function deleteLiveVersion(mapId: number): Promise<Publication> {
  return request<Publication>('DELETE', `${publicationPath(mapId)}/live`);
}

/** Every version of the map, newest first: the versions sidebar shows them all. */
export async function listVersions(mapId: number, signal?: AbortSignal): Promise<MapVersion[]> {
  return (await everyPage<VersionList>(`/maps/${mapId}/versions`, signal)).flatMap((p) => p.versions);
}

/** What a change touched, as the protocol counts it: only counts above 0, flags when changed. */
export type ProtocolWhat = Schemas['EditingChangeSummary'];

/** One change of the map protocol; version is the one a publishing change or a restore named. */
export type ProtocolEntry = Schemas['ApiProtocolEntry'];

/** A page of the protocol; next_before is where the next (older) page starts, null at the end. */
export type ProtocolPage = Schemas['ApiProtocolAnswer'];

/** The change log, newest first (admins only: 403 for others). */
export function getProtocol(mapId: number, page: { before?: number; limit?: number } = {}, signal?: AbortSignal): Promise<ProtocolPage> {
  const query = new URLSearchParams();
  if (page.before !== undefined) query.set('before', String(page.before));
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  const qs = query.toString();
  return request<ProtocolPage>('GET', `/maps/${mapId}/protocol${qs ? `?${qs}` : ''}`, { signal });
}

const publicPath = (url: string) => `/public/maps/${encodeURIComponent(url)}`;

/** A published map's live document with its sections (docs/api.md "Sections"). */
export type PublicMapDocument = Schemas['ApiPublicMapDocument'];

/** A published map's live document (401: sign in first; 404: no such map for this reader). */
export function getPublicMap(url: string, signal?: AbortSignal): Promise<PublicMapDocument> {
  return request<PublicMapDocument>('GET', publicPath(url), { signal });
}

/** A node's whole content as the live version holds it. */
export function getPublicNodeContent(url: string, nodeId: number): Promise<{ id: number; content: ContentByLanguage<NodeContent> }> {
  return request<{ id: number; content: ContentByLanguage<NodeContent> }>('GET', `${publicPath(url)}/nodes/${nodeId}`);
}
