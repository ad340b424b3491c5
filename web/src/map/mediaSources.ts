// Where the canvas fetches media from. The editor reads a map's media as one who may read the map;
// the reader's map reads them through the published map's address (only the media its published
// version uses are served there). Widths ask for a variant; the server answers the nearest it has.
import { API_BASE } from '../api/http';
import type { MapDesign } from '../api/document';
import { backdropOf } from './render/background';
import type { MediaSource } from './render/media';
import type { RenderState } from './render/state';

function withWidth(path: string, width: number | null): string {
  return width === null ? path : `${path}?w=${width}`;
}

/** An asset key and a variant width (null: the original) to the URL of its bytes. */
export type MediaUrl = (key: string, width: number | null) => string;

/** The editor's canvas (and its preview): GET /maps/{id}/media/{key}. */
export function editorMediaUrl(mapId: number): MediaUrl {
  return (key, width) => withWidth(`${API_BASE}/maps/${mapId}/media/${encodeURIComponent(key)}`, width);
}

/** The published map: GET /public/maps/{url}/media/{key}. */
export function publicMediaUrl(mapUrl: string): MediaUrl {
  return (key, width) => withWidth(`${API_BASE}/public/maps/${encodeURIComponent(mapUrl)}/media/${encodeURIComponent(key)}`, width);
}

export function editorMediaSource(mapId: number): MediaSource {
  return { assetUrl: editorMediaUrl(mapId) };
}

/** The map's colour and background picture, as the renderer's state. */
export function mapBackground(map: {
  design: MapDesign;
  measurement: { width: number; height: number };
}): Pick<RenderState, 'background' | 'backdrop'> {
  return { background: map.design.bg_color || '#ffffff', backdrop: backdropOf(map.design, map.measurement) };
}
