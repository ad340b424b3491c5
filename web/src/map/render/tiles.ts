// Tiles: a zoomed-out view of many elements is drawn from cached squares of the map, TILE_PX
// device pixels a side, drawn at the scale shown so that a pan copies them pixel for pixel. While
// a zoom goes on, tiles of other scales stand in, scaled; the view's own are drawn once it rests,
// within a time budget a frame.
import type { Bounds } from '../spatial';
import { BITMAP_PAD } from './bitmaps';
import type { Camera } from './camera';
import type { Scene } from './scene';
import type { FrameStats, Pass } from './state';
import { releaseSurface } from './surfaces';
import type { Context2D, Surface, SurfaceFactory } from './types';

/** A square of the map drawn at one scale. */
interface Tile extends Bounds {
  /** The level it shows, and the device pixels per world unit it was drawn at. */
  level: number;
  scale: number;
  tx: number;
  ty: number;
  surface: Surface;
  /** Something in it changed: drawn again when time allows, shown as it was until then. */
  stale: boolean;
  /** The last frame that drew it. */
  frame: number;
}

/**
 * Tiles are used when about this many nodes or more are in view: drawing a few hundred nodes and
 * their edges afresh each frame costs a software rasteriser 15 to 30 ms.
 */
const TILE_MIN_NODES = 150;
const TILE_PX = 256;
/**
 * Time a frame may spend (from its start) before it draws no more tiles afresh (ms); the rest
 * wait for the next frames. One tile is always drawn, so that the view gets sharp at all.
 */
const TILE_BUDGET_MS = 8;
/**
 * A zoom rests once the scale has not changed for this long (ms): wheel events come a frame or
 * more apart, and tiles drawn for the scale between two of them would be thrown away at once.
 */
const ZOOM_REST_MS = 150;
const TILE_PIXEL_BUDGET = 16_000_000;

function tileKey(level: number, scale: number, tx: number, ty: number): string {
  return `${level}/${scale}/${tx}/${ty}`;
}

/** Tile scales are kept to 512 steps an octave (0.14 % apart): a tile then blits at its own size. */
function snapTileScale(S: number): number {
  return Math.pow(2, Math.round(Math.log2(S) * 512) / 512);
}

/** What tiles are drawn onto and from. */
export interface TileHost {
  /** The on-screen canvas's context and camera, and device pixels per CSS pixel. */
  readonly ctx: Context2D;
  readonly camera: Camera;
  dpr(): number;
  /** Draws the map of an area at the level shown into a pass (a tile's surface). */
  drawArea(area: Bounds, pass: Pass, frame: number): void;
}

export class TileLayer {
  /** Cached tiles by scale and position, least recently drawn first. */
  private readonly tiles = new Map<string, Tile>();
  /** How many tiles each level and scale has (the scales that may stand in for another). */
  private readonly scales = new Map<string, { level: number; scale: number; count: number }>();
  private pixels = 0;
  /** The scale of the last frame drawn from tiles, and when it last changed (a zoom in progress). */
  private lastScale = 0;
  private scaleChangedAt = -Infinity;
  private resting = true;
  /** What drawing a tile afresh has cost lately (ms, a moving average), to keep within the budget. */
  private tileCost = 0;

  constructor(
    private readonly scene: Scene,
    private readonly host: TileHost,
    private readonly createSurface: SurfaceFactory,
    private readonly now: () => number,
  ) {}

  /** Whether so much is in view that drawing it afresh each frame would be slow. */
  tiled(vp: Bounds): boolean {
    const n = this.scene.nodeCount;
    if (n < TILE_MIN_NODES) return false;
    const b = this.scene.bounds();
    if (!b) return false;
    const w = Math.max(1, b.maxX - b.minX);
    const h = Math.max(1, b.maxY - b.minY);
    const ix = Math.max(0, Math.min(vp.maxX, b.maxX) - Math.max(vp.minX, b.minX));
    const iy = Math.max(0, Math.min(vp.maxY, b.maxY) - Math.max(vp.minY, b.minY));
    // Nodes spread about evenly: the share of the map's area in view estimates the share of nodes.
    return (n * Math.min(w, ix) * Math.min(h, iy)) / (w * h) >= TILE_MIN_NODES;
  }

  /** Called once for a frame drawn from tiles, at its start: notes whether a zoom goes on. */
  beginFrame(S: number, frameStart: number): void {
    // The first frame, or the first after a pan at another scale, is not a zoom.
    if (S !== this.lastScale && this.lastScale !== 0) this.scaleChangedAt = frameStart;
    this.lastScale = S;
    this.resting = frameStart - this.scaleChangedAt >= ZOOM_REST_MS;
  }

  /** Draws the view of a level from tiles at the opacity alpha. */
  draw(vp: Bounds, level: number, frame: number, frameStart: number, alpha: number, stats: FrameStats): void {
    // A zoom that comes back to the scale it left lands a rounding error off it: not a new scale.
    const S = snapTileScale(this.host.camera.scale * this.host.dpr());
    const ctx = this.host.ctx;
    const W = TILE_PX / S;
    let rendered = 0;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = alpha;
    // While a zoom goes on, one cached scale that covers the whole view stands in for it: each of
    // its tiles drawn once, scaled, rather than clipped into every tile of the shown scale.
    if (!this.resting && this.wholeViewStandIn(vp, S, level, frame, stats)) {
      ctx.globalAlpha = 1;
      return;
    }
    for (let ty = Math.floor(vp.minY / W); ty <= Math.floor(vp.maxY / W); ty++) {
      for (let tx = Math.floor(vp.minX / W); tx <= Math.floor(vp.maxX / W); tx++) {
        const key = tileKey(level, S, tx, ty);
        let tile = this.tiles.get(key);
        const t0 = this.now();
        let fresh = false;
        if (!tile || tile.stale) {
          // Zooming, or out of time: a stale tile stands in for itself, else tiles of other scales.
          const inBudget = rendered === 0 || t0 - frameStart + this.tileCost <= TILE_BUDGET_MS;
          if ((!this.resting || !inBudget) && (tile || this.standIn(S, level, tx, ty, frame, stats))) {
            stats.stale++;
            if (!tile) continue;
          } else {
            tile = this.render(tile, S, level, tx, ty, frame);
            ctx.globalAlpha = alpha;
            fresh = true;
            stats.tilesRendered++;
          }
        }
        this.tiles.delete(key);
        this.tiles.set(key, tile);
        tile.frame = frame;
        this.blit(tile);
        // A canvas rasterises what it recorded when first drawn from: the blit is part of the cost.
        if (fresh) {
          rendered++;
          this.tileCost = this.tileCost === 0 ? this.now() - t0 : 0.7 * this.tileCost + 0.3 * (this.now() - t0);
        }
        stats.tiles++;
      }
    }
    ctx.globalAlpha = 1;
  }

  /** The cached scales of a level other than S, nearest first. */
  private otherScales(level: number, S: number): number[] {
    const scales = [...this.scales.values()].filter((c) => c.level === level && c.scale !== S).map((c) => c.scale);
    return scales.sort((a, b) => Math.abs(Math.log(a / S)) - Math.abs(Math.log(b / S)));
  }

  /** Draws the view from the nearest cached scale whose tiles cover all of it; answers whether one did. */
  private wholeViewStandIn(vp: Bounds, S: number, level: number, frame: number, stats: FrameStats): boolean {
    for (const sc of this.otherScales(level, S)) {
      const W = TILE_PX / sc;
      const found: Tile[] = [];
      let complete = true;
      for (let ty = Math.floor(vp.minY / W); complete && ty <= Math.floor(vp.maxY / W); ty++) {
        for (let tx = Math.floor(vp.minX / W); tx <= Math.floor(vp.maxX / W); tx++) {
          const t = this.tiles.get(tileKey(level, sc, tx, ty));
          if (!t) {
            complete = false;
            break;
          }
          found.push(t);
        }
      }
      if (!complete) continue;
      for (const t of found) {
        t.frame = frame;
        this.blit(t);
      }
      stats.tiles += found.length;
      stats.stale += found.length;
      return true;
    }
    return false;
  }

  /** Draws a tile's square onto the canvas at the current camera, scaled from its own zoom. */
  private blit(tile: Tile, clip?: Bounds): void {
    const { ctx, camera: cam } = this.host;
    const S = cam.scale * this.host.dpr();
    // Both edges rounded the same way for every tile: neighbours meet without a seam, and a tile
    // of the shown scale lands on whole pixels at its own size.
    const x0 = Math.round((tile.minX - cam.x) * S);
    const y0 = Math.round((tile.minY - cam.y) * S);
    const x1 = Math.round((tile.maxX - cam.x) * S);
    const y1 = Math.round((tile.maxY - cam.y) * S);
    if (!clip) {
      if (x1 - x0 === TILE_PX && y1 - y0 === TILE_PX) ctx.drawImage(tile.surface, x0, y0);
      else ctx.drawImage(tile.surface, x0, y0, x1 - x0, y1 - y0);
      return;
    }
    const cx0 = Math.round((clip.minX - cam.x) * S);
    const cy0 = Math.round((clip.minY - cam.y) * S);
    ctx.save();
    ctx.beginPath();
    ctx.rect(cx0, cy0, Math.round((clip.maxX - cam.x) * S) - cx0, Math.round((clip.maxY - cam.y) * S) - cy0);
    ctx.clip();
    ctx.drawImage(tile.surface, x0, y0, x1 - x0, y1 - y0);
    ctx.restore();
  }

  /**
   * Fills a missing tile's square from cached tiles of the nearest scale that covers it, else
   * from the overview (the whole map in a few coarse tiles, drawn when first needed); answers
   * whether it could.
   */
  private standIn(S: number, level: number, tx: number, ty: number, frame: number, stats: FrameStats): boolean {
    const W = TILE_PX / S;
    const area: Bounds = { minX: tx * W, minY: ty * W, maxX: (tx + 1) * W, maxY: (ty + 1) * W };
    const ctx = this.host.ctx;
    const covering = (scale: number, make: boolean): Tile[] | null => {
      const Ws = TILE_PX / scale;
      const found: Tile[] = [];
      for (let y = Math.floor(area.minY / Ws); y * Ws < area.maxY; y++) {
        for (let x = Math.floor(area.minX / Ws); x * Ws < area.maxX; x++) {
          let t = this.tiles.get(tileKey(level, scale, x, y));
          if (!t && make) {
            const alpha = ctx.globalAlpha;
            t = this.render(undefined, scale, level, x, y, frame);
            ctx.globalAlpha = alpha;
            this.tiles.set(tileKey(level, scale, x, y), t);
            stats.tilesRendered++;
          }
          if (!t) return null;
          found.push(t);
        }
      }
      return found;
    };
    let found: Tile[] | null = null;
    for (const sc of this.otherScales(level, S)) {
      found = covering(sc, false);
      if (found) break;
    }
    const overview = this.overviewScale();
    if (!found && overview !== null && overview < S) found = covering(overview, true);
    if (!found) return false;
    for (const t of found) {
      t.frame = frame;
      this.blit(t, area);
      stats.tiles++;
    }
    return true;
  }

  /** A scale (a power of two) at which the whole map spans at most two tiles each way. */
  private overviewScale(): number | null {
    const b = this.scene.bounds();
    if (!b) return null;
    const side = Math.max(1, b.maxX - b.minX, b.maxY - b.minY);
    return Math.pow(2, Math.floor(Math.log2((2 * TILE_PX) / side)));
  }

  private render(prev: Tile | undefined, scale: number, level: number, tx: number, ty: number, frame: number): Tile {
    const W = TILE_PX / scale;
    const tile: Tile = prev ?? {
      level,
      scale,
      tx,
      ty,
      surface: this.createSurface(TILE_PX, TILE_PX),
      minX: tx * W,
      minY: ty * W,
      maxX: (tx + 1) * W,
      maxY: (ty + 1) * W,
      stale: false,
      frame,
    };
    if (!prev) {
      this.pixels += TILE_PX * TILE_PX;
      const k = `${tile.level}/${scale}`;
      const c = this.scales.get(k);
      if (c) c.count++;
      else this.scales.set(k, { level: tile.level, scale, count: 1 });
    }
    tile.stale = false;
    const c = tile.surface.getContext('2d');
    if (!c) return tile;
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.clearRect(0, 0, TILE_PX, TILE_PX);
    // Elements just outside still reach in with their anti-aliased edges.
    const m = BITMAP_PAD / scale;
    const area = { minX: tile.minX - m, minY: tile.minY - m, maxX: tile.maxX + m, maxY: tile.maxY + m };
    this.host.drawArea(area, { ctx: c, S: scale, x: tile.minX, y: tile.minY, exact: true }, frame);
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.globalAlpha = 1;
    return tile;
  }

  /** Marks the tiles the scene's changes touched (or all of them) for drawing again. */
  takeChanges(all: boolean, areas: readonly Bounds[]): void {
    if (this.tiles.size === 0) return;
    if (all) {
      this.staleAll();
      return;
    }
    if (areas.length === 0) return;
    for (const t of this.tiles.values()) {
      if (t.stale) continue;
      const m = BITMAP_PAD / t.scale;
      for (const a of areas) {
        if (a.minX - m <= t.maxX && a.maxX + m >= t.minX && a.minY - m <= t.maxY && a.maxY + m >= t.minY) {
          t.stale = true;
          break;
        }
      }
    }
  }

  staleAll(): void {
    for (const t of this.tiles.values()) t.stale = true;
  }

  /** Drops the least recently drawn tiles beyond the budget (never one drawn this frame). */
  evict(frame: number): void {
    if (this.pixels <= TILE_PIXEL_BUDGET) return;
    for (const [key, t] of this.tiles) {
      if (this.pixels <= TILE_PIXEL_BUDGET || t.frame === frame) break;
      this.tiles.delete(key);
      this.pixels -= TILE_PX * TILE_PX;
      const k = `${t.level}/${t.scale}`;
      const c = this.scales.get(k);
      if (c && --c.count <= 0) this.scales.delete(k);
      releaseSurface(t.surface);
    }
  }

  dispose(): void {
    for (const t of this.tiles.values()) releaseSurface(t.surface);
    this.tiles.clear();
    this.scales.clear();
    this.pixels = 0;
  }
}
