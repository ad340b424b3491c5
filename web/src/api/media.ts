// A client's media library (docs/api.md "Media"): assets uploaded as multipart with their progress
// reported, listed a page at a time with search and filters, described by metadata, replaced,
// deleted (refused while a map uses them, saying where), and the media templates (metadata presets).
import { API_BASE, ApiError, parseErrorBody, request } from './http';
import type { components } from './schema';

type Schemas = components['schemas'];

export type MediaAsset = Schemas['DomainMediaAsset'];
export type MediaMetadata = Schemas['DomainMediaMetadata'];
/** The metadata fields to change; the others stay. */
export type MediaMetadataPatch = Schemas['DomainMediaMetadataPatch'];
export type MediaType = Schemas['DomainMediaType'];
export type MediaContainer = Schemas['DomainMediaContainer'];
export type MediaKind = Exclude<Schemas['DomainMediaKind'], null>;
export type MediaVariant = Schemas['DomainMediaVariant'];
export type MediaStats = Schemas['DomainMediaStats'];
export type MediaLimits = MediaStats['limits'];
export type MediaTemplate = Schemas['DomainMediaTemplate'];
/** One place a map uses an asset: why its deletion is refused. */
export type MediaUse = Schemas['DomainMediaUse'];
export type MediaPage = Schemas['ApiMediaListAnswer'];
export type NewMediaTemplate = Schemas['ApiNewMediaTemplateRequest'];
export type MediaTemplatePatch = Schemas['ApiMediaTemplatePatchRequest'];

export interface MediaListQuery {
  q?: string;
  type?: MediaType;
  container?: MediaContainer;
}

/** Whether the browser can show the asset as a picture (a thumbnail or a preview). */
export const isPicture = (a: Pick<MediaAsset, 'type'>) => a.type === 'image' || a.type === 'vector';

/** Where a use of an asset is: the editor of its map, at its node when it is on one. */
export function mediaUseLink(use: MediaUse): string {
  return use.node_id ? `/editor/${use.map_id}?node=${use.node_id}` : `/editor/${use.map_id}`;
}

/** The size of a library page: a grid's worth, more come as the list is scrolled. */
export const MEDIA_PAGE_LIMIT = 60;

/** Keys of the library's cached answers (one client's). */
export const mediaKeys = {
  all: (client: string) => ['clients', client, 'media'] as const,
  list: (client: string, q: MediaListQuery) => ['clients', client, 'media', 'list', q] as const,
  stats: (client: string) => ['clients', client, 'media', 'stats'] as const,
  asset: (client: string, key: string) => ['clients', client, 'media', 'asset', key] as const,
  templates: (client: string) => ['clients', client, 'media', 'templates'] as const,
};

const mediaPath = (client: string) => `/clients/${encodeURIComponent(client)}/media`;
const assetPath = (client: string, key: string) => `${mediaPath(client)}/${encodeURIComponent(key)}`;

export interface UploadOptions {
  /** Metadata set on the new asset (over the template's). */
  metadata?: MediaMetadataPatch;
  /** A media template whose metadata is applied first. */
  template?: number;
  onProgress?: (p: { loaded: number; total: number }) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart body with XMLHttpRequest, the one browser API that reports an upload's
 * progress. Failures are ApiErrors as request() gives them; a cancelled upload is an AbortError.
 */
function sendForm<T>(method: 'POST' | 'PUT', path: string, form: FormData, options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.({ loaded: e.loaded, total: e.total });
    };
    const onAbort = () => {
      xhr.abort();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      let body: unknown;
      try {
        body = xhr.responseText === '' ? undefined : (JSON.parse(xhr.responseText) as unknown);
      } catch {
        reject(
          xhr.status >= 400
            ? parseErrorBody(xhr.status, xhr.statusText, undefined)
            : new ApiError(xhr.status, 'invalid_response', 'The response is not valid JSON'),
        );
        return;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(parseErrorBody(xhr.status, xhr.statusText, body));
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, 'network_error', 'Network error'));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    };
    xhr.send(form);
  });
}

/** Uploads a file as a new asset: 201 with the asset, or the refusal (file_too_large, quota_exceeded…). */
export function uploadMedia(client: string, file: File, options: UploadOptions = {}): Promise<MediaAsset> {
  const form = new FormData();
  // The metadata and template come before the file, so that the server has read them when the file starts.
  if (options.metadata !== undefined) form.append('metadata', JSON.stringify(options.metadata));
  if (options.template !== undefined) form.append('template', String(options.template));
  form.append('file', file, file.name);
  return sendForm<MediaAsset>('POST', mediaPath(client), form, options);
}

/** Replaces an asset's file: the same key, its version raised. */
export function replaceMediaFile(
  client: string,
  key: string,
  file: File,
  options: Omit<UploadOptions, 'metadata' | 'template'> = {},
): Promise<MediaAsset> {
  const form = new FormData();
  form.append('file', file, file.name);
  return sendForm<MediaAsset>('PUT', `${assetPath(client, key)}/file`, form, options);
}

/** One page of the library, newest first. */
export function listMedia(client: string, query: MediaListQuery, cursor: string | null, signal?: AbortSignal): Promise<MediaPage> {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.type) params.set('type', query.type);
  if (query.container) params.set('container', query.container);
  params.set('limit', String(MEDIA_PAGE_LIMIT));
  if (cursor !== null) params.set('cursor', cursor);
  return request<MediaPage>('GET', `${mediaPath(client)}?${params.toString()}`, { signal });
}

/** Use per type, the quota and the limit per type. */
export function getMediaStats(client: string, signal?: AbortSignal): Promise<MediaStats> {
  return request<MediaStats>('GET', `${mediaPath(client)}/stats`, { signal });
}

export function getMedia(client: string, key: string, signal?: AbortSignal): Promise<MediaAsset> {
  return request<MediaAsset>('GET', assetPath(client, key), { signal });
}

/** Changes the metadata fields sent; the others stay. */
export function patchMedia(client: string, key: string, metadata: MediaMetadataPatch): Promise<MediaAsset> {
  return request<MediaAsset>('PATCH', assetPath(client, key), { body: { metadata } });
}

/** Where the client's maps use an asset: a deletion is refused while there is any. */
export async function getMediaUses(client: string, key: string, signal?: AbortSignal): Promise<MediaUse[]> {
  const answer = await request<Schemas['ApiMediaUsesAnswer']>('GET', `${assetPath(client, key)}/uses`, { signal });
  return answer.uses;
}

/** A refused deletion: the asset is used by maps, at these places. */
export class MediaInUseError extends ApiError {
  readonly uses: MediaUse[];
  constructor(base: ApiError, uses: MediaUse[]) {
    super(base.status, base.code, base.message, base.details, base.problems);
    this.uses = uses;
  }
}

function isUse(v: unknown): v is MediaUse {
  if (typeof v !== 'object' || v === null) return false;
  const u = v as Record<string, unknown>;
  return typeof u.map_id === 'number' && typeof u.place === 'string';
}

/**
 * Deletes an asset. While a map uses it the answer is 409 media_in_use with the places in the
 * envelope's `uses` (beside its details): rejected as a MediaInUseError that carries them.
 */
export async function deleteMedia(client: string, key: string): Promise<void> {
  const response = await fetch(`${API_BASE}${assetPath(client, key)}`, {
    method: 'DELETE',
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  }).catch((err: unknown) => {
    throw new ApiError(0, 'network_error', err instanceof Error ? err.message : 'Network error');
  });
  if (response.ok) return;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const err = parseErrorBody(response.status, response.statusText, body);
  const uses: unknown = (body as { error?: { uses?: unknown } } | undefined)?.error?.uses;
  throw err.code === 'media_in_use' ? new MediaInUseError(err, Array.isArray(uses) ? uses.filter(isUse) : []) : err;
}

/** Where a refused deletion's asset is used; none for any other error. */
export function mediaUses(err: unknown): MediaUse[] {
  return err instanceof MediaInUseError ? err.uses : [];
}

/** An asset's file at the smallest variant at least `width` wide (the original when none is). */
export function mediaFileUrl(asset: Pick<MediaAsset, 'url' | 'variants'>, width?: number): string {
  if (width === undefined) return asset.url;
  const fit = [...asset.variants].sort((a, b) => a.width - b.width).find((v) => v.width >= width);
  return fit ? fit.url : asset.url;
}

/** The file as a download (Content-Disposition: attachment). */
export function mediaDownloadUrl(asset: Pick<MediaAsset, 'url'>): string {
  return `${asset.url}${asset.url.includes('?') ? '&' : '?'}download=1`;
}

export function listMediaTemplates(client: string, signal?: AbortSignal): Promise<MediaTemplate[]> {
  return request<{ templates: MediaTemplate[] }>('GET', `${mediaPath(client)}/templates`, { signal }).then((a) => a.templates);
}

export function createMediaTemplate(client: string, template: NewMediaTemplate): Promise<MediaTemplate> {
  return request<MediaTemplate>('POST', `${mediaPath(client)}/templates`, { body: template });
}

export function updateMediaTemplate(client: string, id: number, template: MediaTemplatePatch): Promise<MediaTemplate> {
  return request<MediaTemplate>('PATCH', `${mediaPath(client)}/templates/${id}`, { body: template });
}

export async function deleteMediaTemplate(client: string, id: number): Promise<void> {
  await request<undefined>('DELETE', `${mediaPath(client)}/templates/${id}`);
}
