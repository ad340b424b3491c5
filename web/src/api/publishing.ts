// Publishing a map and reading published maps (docs/api.md, "Publishing").
import { request } from './http';
import type { ContentByLanguage, MapDocument, NodeContent } from './document';

export type AccessMode = 'limited' | 'partial' | 'accessible';
export type LiveStatus = 'not_published' | 'changed' | 'up_to_date';

export interface MapVersion {
  id: number;
  /** The working copy's revision the version was taken at. */
  revision: number;
  kind: 'published' | 'saved';
  name: string;
  description: string;
  /** The author's user path, null when the account is gone. */
  created_by: string | null;
  created_at: string;
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

/** Stores the working copy as a version and makes it live (admins and editors). */
export function publishMap(mapId: number, body: { name?: string; description?: string } = {}): Promise<Publication> {
  return request<Publication>('POST', `/maps/${mapId}/publish`, { body });
}

/** Takes the live version down; the working copy stays. */
export function deleteLiveVersion(mapId: number): Promise<Publication> {
  return request<Publication>('DELETE', `${publicationPath(mapId)}/live`);
}

export function listVersions(mapId: number): Promise<{ versions: MapVersion[] }> {
  return request<{ versions: MapVersion[] }>('GET', `/maps/${mapId}/versions`);
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
