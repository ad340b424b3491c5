import { ApiError, request, requestResponse, type ApiResponse, type Method, type RequestOptions } from './http';
import { everyPage } from './pages';
import type {
  ChangeList,
  ChangePage,
  Delta,
  EdgeAnswer,
  EdgeCreate,
  EdgeDesignPatch,
  ElementsPatch,
  GlobalDesignPatch,
  MapClone,
  MapCreate,
  MapDocument,
  MapPatch,
  MapPermissions,
  NodeAnswer,
  NodeClone,
  NodeCreate,
  NodeDesignPatch,
  Restoration,
  RevisionAnswer,
  TemplateAnswer,
  TemplateCreate,
  TemplateList,
  TemplatePatch,
} from './document';
import type { MapSummary } from './types';

/** The header every change of a map (and the document read) answers with. */
export const REVISION_HEADER = 'X-Map-Revision';

/** An answer with the map's revision after the call, from X-Map-Revision. */
export interface Revised<T> {
  data: T;
  revision: number;
}

const mapPath = (mapId: number) => `/maps/${mapId}`;

function revisionOf(response: ApiResponse<unknown>): number {
  const header = response.headers.get(REVISION_HEADER)?.trim();
  if (header !== undefined && /^\d+$/.test(header)) return Number(header);
  const { body } = response;
  if (typeof body === 'object' && body !== null && 'revision' in body) {
    const { revision } = body;
    if (typeof revision === 'number') return revision;
  }
  throw new ApiError(response.status, 'invalid_response', 'The response lacks the map revision');
}

async function revised<T>(method: Method, path: string, options?: RequestOptions): Promise<Revised<T>> {
  const response = await requestResponse<T>(method, path, options);
  return { data: response.body, revision: revisionOf(response) };
}

// --- The map -----------------------------------------------------------------------------------

/** The whole document; its revision is the one the document was read at. */
export function getMap(mapId: number, signal?: AbortSignal): Promise<Revised<MapDocument>> {
  return revised<MapDocument>('GET', mapPath(mapId), { signal });
}

/** Creates a map in a client (student role and up); answers its settings. */
export function createMap(clientName: string, body: MapCreate): Promise<MapSummary> {
  return request<MapSummary>('POST', `/clients/${encodeURIComponent(clientName)}/maps`, { body });
}

/** Copies a map with its document; answers the copy's settings. */
export function cloneMap(mapId: number, body?: MapClone): Promise<MapSummary> {
  return request<MapSummary>('POST', `${mapPath(mapId)}/clone`, { body });
}

/** Deletes a map (editor role and up). */
export function deleteMap(mapId: number): Promise<void> {
  return request<undefined>('DELETE', mapPath(mapId));
}

export function patchMapSettings(mapId: number, patch: MapPatch): Promise<Revised<RevisionAnswer>> {
  return revised<RevisionAnswer>('PATCH', mapPath(mapId), { body: patch });
}

export function patchGlobalDesign(mapId: number, patch: GlobalDesignPatch): Promise<Revised<RevisionAnswer>> {
  return revised<RevisionAnswer>('PATCH', `${mapPath(mapId)}/global`, { body: patch });
}

/** Any mix of map, levels, nodes, edges and all_edges, in one transaction. */
export function patchElements(mapId: number, patch: ElementsPatch): Promise<Revised<RevisionAnswer>> {
  return revised<RevisionAnswer>('PATCH', `${mapPath(mapId)}/elements`, { body: patch });
}

/**
 * Every change after revision `since`, following the pages to the last: the list then holds every
 * change up to its revision (the newest a page told). 410 `gone` when the log no longer reaches back
 * (then load the map again).
 */
export async function getChanges(mapId: number, since: number, signal?: AbortSignal): Promise<ChangeList> {
  const pages = await everyPage<ChangePage>(`${mapPath(mapId)}/changes?since=${since}`, signal);
  return { revision: Math.max(...pages.map((p) => p.revision)), changes: pages.flatMap((p) => p.changes) };
}

export function getPermissions(mapId: number, signal?: AbortSignal): Promise<MapPermissions> {
  return request<MapPermissions>('GET', `${mapPath(mapId)}/permissions`, { signal });
}

/** Sets per-map access of members (admin); answers every member's access. */
export function setPermissions(mapId: number, body: MapPermissions): Promise<MapPermissions> {
  return request<MapPermissions>('PATCH', `${mapPath(mapId)}/permissions`, { body });
}

// --- Nodes and edges ---------------------------------------------------------------------------

export function createNode(mapId: number, body: NodeCreate): Promise<Revised<NodeAnswer>> {
  return revised<NodeAnswer>('POST', `${mapPath(mapId)}/nodes`, { body });
}

export function cloneNode(mapId: number, body: NodeClone): Promise<Revised<NodeAnswer>> {
  return revised<NodeAnswer>('POST', `${mapPath(mapId)}/nodes/clone`, { body });
}

/** Reads one node whole: the map's document carries only a summary of its content. */
export function getNode(mapId: number, nodeId: number): Promise<NodeAnswer> {
  return request<NodeAnswer>('GET', `${mapPath(mapId)}/nodes/${nodeId}`);
}

/** Changes one node's design (errors name the fields without a nodes[0] prefix). */
export function patchNodeDesign(mapId: number, nodeId: number, design: NodeDesignPatch): Promise<Revised<RevisionAnswer>> {
  return revised<RevisionAnswer>('PATCH', `${mapPath(mapId)}/nodes/${nodeId}`, { body: { design } });
}

/** Removes a node with its edges, clearing navigation that pointed at it. */
export function deleteNode(mapId: number, nodeId: number): Promise<Revised<RevisionAnswer>> {
  return revised<RevisionAnswer>('DELETE', `${mapPath(mapId)}/nodes/${nodeId}`);
}

/**
 * Restores deleted nodes (with the edges deleted with them), edges and templates with their ids,
 * content and links, as one change; 409 when another editor changed what they need meanwhile.
 */
export function restoreElements(mapId: number, body: Restoration): Promise<Revised<RevisionAnswer & { data: Delta }>> {
  return revised<RevisionAnswer & { data: Delta }>('POST', `${mapPath(mapId)}/restorations`, { body });
}

export function createEdge(mapId: number, body: EdgeCreate): Promise<Revised<EdgeAnswer>> {
  return revised<EdgeAnswer>('POST', `${mapPath(mapId)}/edges/`, { body });
}

export function patchEdgeDesign(mapId: number, edgeId: number, design: EdgeDesignPatch): Promise<Revised<RevisionAnswer>> {
  return revised<RevisionAnswer>('PATCH', `${mapPath(mapId)}/edges/${edgeId}`, { body: { design } });
}

export function deleteEdge(mapId: number, edgeId: number): Promise<Revised<RevisionAnswer>> {
  return revised<RevisionAnswer>('DELETE', `${mapPath(mapId)}/edges/${edgeId}`);
}

// --- Object templates --------------------------------------------------------------------------

const templatesPath = (mapId: number) => `${mapPath(mapId)}/templates/objects/`;

export function listTemplates(mapId: number, signal?: AbortSignal): Promise<TemplateList> {
  return request<TemplateList>('GET', templatesPath(mapId), { signal });
}

export function createTemplate(mapId: number, body: TemplateCreate): Promise<Revised<TemplateAnswer>> {
  return revised<TemplateAnswer>('POST', templatesPath(mapId), { body });
}

export function updateTemplate(mapId: number, templateId: number, patch: TemplatePatch): Promise<Revised<TemplateAnswer>> {
  return revised<TemplateAnswer>('PATCH', `${templatesPath(mapId)}${templateId}`, { body: patch });
}

/** Removes a template; its objects fall back to no template. */
export function deleteTemplate(mapId: number, templateId: number): Promise<Revised<RevisionAnswer>> {
  return revised<RevisionAnswer>('DELETE', `${templatesPath(mapId)}${templateId}`);
}
