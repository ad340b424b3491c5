// Drawing constants of spec §9 (map-editor.md) and the built-in design defaults that inherited
// values end at. Shared by the editor and the public map, so both draw the same thing.
import type { EdgeDesignValues, NodeDesignValues } from '../api/document';

// --- Spec §9 -----------------------------------------------------------------------------------

/** Opacity of a title shown in another language than the canvas's (the first with one): a fallback. */
export const FALLBACK_TITLE_ALPHA = 0.45;
/** Upper bound of the zoom scale of the node canvas and edges. */
export const MAX_ZOOM_SCALE = 1.62854;
/** A design's shadow_blur is drawn this many times as wide. */
export const SHADOW_BLUR_MULTIPLIER = 2;
/** Distance between a node and a title placed outside it (and the inner padding of a centred one). */
export const TITLE_GAP = 5;
/** Arrow head length per unit of line width, at size 100 %. */
export const ARROW_HEIGHT_PER_WIDTH = 12;
/** Dot radius per unit of line width, at size 100 %. */
export const DOT_RADIUS_PER_WIDTH = 6;
/** Width of the band around an edge that counts as hovering it, in screen pixels. */
export const EDGE_HOVER_AREA = 20;
/** The edge canvas's base size of the original implementation (kept for parity; unused by the canvas). */
export const BASE_EDGE_CANVAS_SIZE = 112;
/** A label slot narrower than this (world px) is not drawn unless the edge has a template. */
export const LABEL_MIN_WIDTH = 30;
/** Font size cap of the labels of an unnamed edge. */
export const LABEL_FONT_CAP = 20;
/** Line width cap of a named edge. */
export const NAMED_EDGE_WIDTH_CAP = 4;
export const HOVER_COLOR = '#B9E0E3';
export const LOCKED_COLOR = '#ED6F78';
export const SELECTION_COLOR = '#0125ea';
/** Radius of the selection marks, in screen pixels. */
export const SELECTION_MARK_RADIUS = 4;
/** Opacity of elements outside the current zoom level. */
export const OUT_OF_LEVEL_OPACITY = 0.5;
/** Arrow and dot sizes are percentages of the base; this is the base. */
export const DEFAULT_END_SIZE = 100;
export const MEDIA_SIZE_DEFAULT = 100;

// --- Not in the spec: choices of this renderer --------------------------------------------------

/** Gap between an edge's line and a label placed above or below it. */
export const EDGE_LABEL_GAP = 4;
/** Width of hover, lock and selection outlines, in screen pixels. */
export const OUTLINE_WIDTH = 2;
/** Text whose on-screen size is under this many device pixels is not drawn (level of detail). */
export const LOD_MIN_TEXT_PX = 5;
/** Below this zoom scale shadows are not drawn (level of detail). */
export const LOD_SHADOW_MIN_SCALE = 0.35;
/** A node whose larger side is under this many device pixels is drawn as a plain filled box. */
export const LOD_BOX_PX = 6;
/** Arrow heads under this many device pixels long are not drawn. */
export const LOD_MIN_ARROW_PX = 4;
/** Borders thinner than this many device pixels are left out of the plain (zoomed-out) drawing. */
export const LOD_MIN_BORDER_PX = 0.75;
/** Node bitmaps larger than this (device px per side) are not cached: the node is drawn directly. */
export const MAX_BITMAP_SIDE = 2048;
/** Total pixels kept in node bitmaps before the least recently drawn are dropped (~64 MB RGBA). */
export const BITMAP_PIXEL_BUDGET = 16_000_000;
/** Bitmaps are rasterised at scales 2^(k/BUCKETS_PER_OCTAVE): within ±9 % of the drawn scale. */
export const SCALE_BUCKETS_PER_OCTAVE = 4;
export const MIN_ZOOM_SCALE = 0.01;

// --- Built-in defaults (what a value inherits when the object, its template and the global design
// leave it out) --------------------------------------------------------------------------------

export const NODE_DEFAULTS: Readonly<NodeDesignValues> = Object.freeze({
  shape: 'rectangle',
  object_template: '0',
  bg_enabled: true,
  bg_color: '#ffffff',
  border_enabled: true,
  border_color: '#1e293b',
  border_style: 'solid',
  border_width: 1,
  shadow_enabled: false,
  shadow_x: 0,
  shadow_y: 2,
  shadow_blur: 4,
  shadow_color: '#00000040',
  width: 120,
  height: 80,
  rotate: 0,
  title_position: 'center',
  text_align: 'center',
  line_height: 1.2,
  font_url: '',
  font_family: 'sans-serif',
  font_weight: 400,
  font_style: 'normal',
  font_size: 14,
  font_color: '#1e293b',
  text_decoration: 'none',
  media: '',
  media_url: '',
  media_cropped: false,
  media_size: MEDIA_SIZE_DEFAULT,
  media_opacity: 100,
});

export const EDGE_DEFAULTS: Readonly<EdgeDesignValues> = Object.freeze({
  object_template: '0',
  border_color: '#64748b',
  border_style: 'solid',
  border_width: 2,
  border_enabled: true,
  line_start: 'none',
  line_start_size: DEFAULT_END_SIZE,
  line_end: 'none',
  line_end_size: DEFAULT_END_SIZE,
  font_color: '#334155',
  font_size: 12,
  font_family: 'sans-serif',
  font_weight: 400,
  font_style: 'normal',
  font_url: '',
  line_height: 1.2,
  paragraph_spacing: 0,
  text_position: 'top',
  text_align: 'center',
  text_decoration: 'none',
  shadow_enabled: false,
  shadow_color: '#00000040',
  shadow_x: 0,
  shadow_y: 1,
  shadow_blur: 2,
});
