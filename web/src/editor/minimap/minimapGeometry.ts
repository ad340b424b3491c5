// Where the minimap puts the world: the map's area fitted into the minimap's box, centred, the
// same scale on both axes. The transform changes only with the map's bounds (not with the view),
// so the drawing of the nodes is kept while the view moves.
import type { Point } from '../../api/document';
import type { Bounds } from '../../map';

export interface MinimapTransform {
  /** Minimap pixels per world unit. */
  scale: number;
  /** The world point drawn at the minimap's (0, 0). */
  originX: number;
  originY: number;
  width: number;
  height: number;
}

/** A little room around the map, in minimap pixels. */
export const MINIMAP_PADDING = 6;

/** Fits the world bounds into a minimap of width × height pixels. */
export function minimapTransform(world: Bounds, width: number, height: number, padding = MINIMAP_PADDING): MinimapTransform {
  const ww = Math.max(1, world.maxX - world.minX);
  const wh = Math.max(1, world.maxY - world.minY);
  const scale = Math.min(Math.max(1, width - 2 * padding) / ww, Math.max(1, height - 2 * padding) / wh);
  // Centred: the slack of the narrower axis is shared on both sides.
  const originX = world.minX - (width / scale - ww) / 2;
  const originY = world.minY - (height / scale - wh) / 2;
  return { scale, originX, originY, width, height };
}

export function worldToMinimap(t: MinimapTransform, p: Point): Point {
  return { x: (p.x - t.originX) * t.scale, y: (p.y - t.originY) * t.scale };
}

export function minimapToWorld(t: MinimapTransform, p: Point): Point {
  return { x: t.originX + p.x / t.scale, y: t.originY + p.y / t.scale };
}

/**
 * The view's rectangle on the minimap, kept inside it (a view far off the map shows as a sliver
 * at the edge nearest to it) and at least minSize pixels wide and high so it can be seen.
 */
export function viewportOnMinimap(t: MinimapTransform, view: Bounds, minSize = 4): Bounds {
  const a = worldToMinimap(t, { x: view.minX, y: view.minY });
  const b = worldToMinimap(t, { x: view.maxX, y: view.maxY });
  const clampX = (v: number) => Math.min(t.width, Math.max(0, v));
  const clampY = (v: number) => Math.min(t.height, Math.max(0, v));
  let minX = clampX(a.x);
  let maxX = clampX(b.x);
  let minY = clampY(a.y);
  let maxY = clampY(b.y);
  if (maxX - minX < minSize) {
    const mid = Math.min(t.width - minSize / 2, Math.max(minSize / 2, (minX + maxX) / 2));
    minX = mid - minSize / 2;
    maxX = mid + minSize / 2;
  }
  if (maxY - minY < minSize) {
    const mid = Math.min(t.height - minSize / 2, Math.max(minSize / 2, (minY + maxY) / 2));
    minY = mid - minSize / 2;
    maxY = mid + minSize / 2;
  }
  return { minX, minY, maxX, maxY };
}

/** A node's box on the minimap, at least one pixel each way so that a small node still shows. */
export function boxOnMinimap(t: MinimapTransform, b: Bounds): { x: number; y: number; w: number; h: number } {
  return {
    x: (b.minX - t.originX) * t.scale,
    y: (b.minY - t.originY) * t.scale,
    w: Math.max(1, (b.maxX - b.minX) * t.scale),
    h: Math.max(1, (b.maxY - b.minY) * t.scale),
  };
}
