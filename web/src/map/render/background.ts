// The map's background picture: laid out like a CSS background on the map's area, the rectangle
// of its measurement from (0, 0) in map units, so that it moves and scales with the map (and the
// nodes placed on it stay where the author put them over it). Drawn under everything.
import type { MapDesign, MediaRepeat, MediaSize, NodeTextPosition } from '../../api/document';
import type { Bounds } from '../spatial';
import { mediaOf, type MediaRef } from './media';

export interface Backdrop {
  media: MediaRef;
  position: NodeTextPosition;
  repeat: MediaRepeat;
  size: MediaSize;
  /** 0–100. */
  opacity: number;
  /** The map's area (its measurement). */
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The map's background, or null when it has no picture. */
export function backdropOf(design: MapDesign, measurement: { width: number; height: number }): Backdrop | null {
  const media = mediaOf(design.media, design.media_url);
  if (!media || measurement.width <= 0 || measurement.height <= 0) return null;
  return {
    media,
    position: design.media_position,
    repeat: design.media_repeat,
    size: design.media_size,
    opacity: design.media_opacity,
    width: measurement.width,
    height: measurement.height,
  };
}

/** Whether two backdrops draw the same (a new object for the same settings keeps the frame's cache). */
export function sameBackdrop(a: Backdrop | null, b: Backdrop | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.media.kind === b.media.kind &&
    (a.media.kind === 'asset' ? a.media.key === (b.media as { key: string }).key : a.media.url === (b.media as { url: string }).url) &&
    a.position === b.position &&
    a.repeat === b.repeat &&
    a.size === b.size &&
    a.opacity === b.opacity &&
    a.width === b.width &&
    a.height === b.height
  );
}

/** The size of one copy of the picture (map units): fill stretches it to the area, none keeps a pixel a unit. */
export function backdropTileSize(size: MediaSize, area: { width: number; height: number }, img: { width: number; height: number }) {
  const fx = area.width / img.width;
  const fy = area.height / img.height;
  switch (size) {
    case 'fill':
      return { w: area.width, h: area.height };
    case 'cover':
      return { w: img.width * Math.max(fx, fy), h: img.height * Math.max(fx, fy) };
    case 'contain':
      return { w: img.width * Math.min(fx, fy), h: img.height * Math.min(fx, fy) };
    case 'none':
      return { w: img.width, h: img.height };
  }
}

/** Where along each axis a position puts the picture: 0 start, 0.5 centre, 1 end. */
function alignOf(position: NodeTextPosition): { ax: number; ay: number } {
  const ax = position.endsWith('left') ? 0 : position.endsWith('right') ? 1 : 0.5;
  const ay = position.startsWith('top') ? 0 : position.startsWith('bottom') ? 1 : 0.5;
  return { ax, ay };
}

export interface BackdropLayout {
  /** The first copy of the picture (map units); repeats step from it by its size. */
  tile: Rect;
  /** The part of the map to paint: the area, narrowed to the copies' row or column, and to the view. Null: nothing shows. */
  paint: Rect | null;
}

/** Lays the picture out on the map's area as CSS background-position/-size/-repeat would, for the part in view. */
export function layoutBackdrop(b: Backdrop, img: { width: number; height: number }, view: Bounds): BackdropLayout {
  const { w, h } = backdropTileSize(b.size, b, img);
  const { ax, ay } = alignOf(b.position);
  const tile = { x: (b.width - w) * ax, y: (b.height - h) * ay, w, h };
  const repeatX = b.repeat === 'repeat' || b.repeat === 'repeat-x';
  const repeatY = b.repeat === 'repeat' || b.repeat === 'repeat-y';
  let x0 = Math.max(0, view.minX);
  let y0 = Math.max(0, view.minY);
  let x1 = Math.min(b.width, view.maxX);
  let y1 = Math.min(b.height, view.maxY);
  if (!repeatX) {
    x0 = Math.max(x0, tile.x);
    x1 = Math.min(x1, tile.x + w);
  }
  if (!repeatY) {
    y0 = Math.max(y0, tile.y);
    y1 = Math.min(y1, tile.y + h);
  }
  const paint = x1 > x0 && y1 > y0 && w > 0 && h > 0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null;
  return { tile, paint };
}
