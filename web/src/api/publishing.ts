// Publishing a map and reading published maps (docs/api.md, "Publishing").
import { request } from './http';
import type { ContentByLanguage, MapDocument, NodeContent, SyncType } from './document';

export type AccessMode = 'limited' | 'partial' | 'accessible';
export type LiveStatus = 'not_published' | 'changed' | 'up_to_date';

export interface MapVersion {
  id: number;
  /** The working copy's revision the version was taken at. */
  revision: number;
  kind: 'published' | 'saved';
  name: string;
  description: string;
  /** The author, null when the account is gone. */
  created_by: UserRef | null;
  /** RFC 3339. */
  created_at: string;
}

/** A user as the versions and the protocol name them. */
export interface UserRef {
  id: number;
  name: string;
}

export interface Publication {
  url: string;
  access_mode: AccessMode;
  embed_only: boolean;
  embed_domains: string[];
  seo_title: string;
  seo_description: string;
  status: LiveStatus;
  live: MapVersion | null;
  /**
   * The working copy's revision when it last equalled the live version: the status is `changed`
   * once the map's revision passes it.
   */
  synced_revision: number;
  /** The map overview's live toggle: readers open the live version only while it is on. */
  map_live: boolean;
  /** The map's revision when the answer was made. */
  revision?: number;
}

/** What the author says of a version (both optional). */
export interface VersionNote {
  name?: string;
  description?: string;
}

/** What restoring a version or resetting to the live one answers. */
export interface Restored {
  revision: number;
  publication: Publication;
}

/** PATCH /maps/{id}/publication: embed domains one per line. */
export interface PublicationPatch {
  url?: string;
  access_mode?: AccessMode;
  embed_only?: boolean;
  embed_domains?: string;
  seo_title?: string;
  seo_description?: string;
}

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

/** The map's versions, newest first. */
export function listVersions(mapId: number, signal?: AbortSignal): Promise<{ versions: MapVersion[] }> {
  return request<{ versions: MapVersion[] }>('GET', `/maps/${mapId}/versions`, { signal });
}

/** What a change touched, as the protocol counts it: only counts above 0, flags when changed. */
export interface ProtocolWhat {
  nodes?: number;
  edges?: number;
  templates?: number;
  removed_nodes?: number;
  removed_edges?: number;
  removed_templates?: number;
  positions?: number;
  map?: boolean;
  layers?: boolean;
  global_design?: boolean;
  /** Up to three node titles, in the map's first language. */
  titles?: string[];
}

/** One change of the map protocol. */
export interface ProtocolEntry {
  revision: number;
  type: SyncType;
  user: UserRef | null;
  /** RFC 3339. */
  created_at: string;
  what: ProtocolWhat;
  /** The version a publishing change or a restore named. */
  version: { id: number; name: string } | null;
}

export interface ProtocolPage {
  entries: ProtocolEntry[];
  /** Where the next (older) page starts; null at the end. */
  next_before: number | null;
}

/** The change log, newest first (admins only: 403 for others). */
export function getProtocol(mapId: number, page: { before?: number; limit?: number } = {}, signal?: AbortSignal): Promise<ProtocolPage> {
  const query = new URLSearchParams();
  if (page.before !== undefined) query.set('before', String(page.before));
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  const qs = query.toString();
  return request<ProtocolPage>('GET', `/maps/${mapId}/protocol${qs ? `?${qs}` : ''}`, { signal });
}

const publicPath = (url: string) => `/public/maps/${encodeURIComponent(url)}`;

/** A published map's live document (401: sign in first; 404: no such map for this reader). */
export function getPublicMap(url: string, signal?: AbortSignal): Promise<MapDocument> {
  return request<MapDocument>('GET', publicPath(url), { signal });
}

/** A node's whole content as the live version holds it. */
export function getPublicNodeContent(url: string, nodeId: number): Promise<{ id: number; content: ContentByLanguage<NodeContent> }> {
  return request<{ id: number; content: ContentByLanguage<NodeContent> }>('GET', `${publicPath(url)}/nodes/${nodeId}`);
}
