// Draws the scene onto a canvas: only what the spatial index finds in the viewport; nodes from
// bitmaps cached per node (re-rasterised only when the node's look or the zoom bucket changes);
// edges batched by stroke; small text, arrows and shadows left out when zoomed far out.
import type { Layer, Visibility } from '../../api/document';
import {
  BITMAP_PIXEL_BUDGET,
  EDGE_HOVER_AREA,
  HOVER_COLOR,
  LOCKED_COLOR,
  LOD_BOX_PX,
  LOD_MIN_ARROW_PX,
  LOD_MIN_BORDER_PX,
  LOD_MIN_TEXT_PX,
  LOD_SHADOW_MIN_SCALE,
  MAX_BITMAP_SIDE,
  OUT_OF_LEVEL_OPACITY,
  OUTLINE_WIDTH,
  SCALE_BUCKETS_PER_OCTAVE,
  SELECTION_COLOR,
  SELECTION_MARK_RADIUS,
  SHADOW_BLUR_MULTIPLIER,
} from '../constants';
import { pointInShape, pointNearSegment, segmentIntersectsBounds } from '../geometry';
import { boundsIntersect, type Bounds } from '../spatial';
import { Camera } from './camera';
import { DRAW_SHADOW, DRAW_TITLE, dashAt, drawNodeVector, drawText, nodeOutlinePath } from './draw';
import { createDomImageLoader } from './images';
import type { EdgeEntry, NodeEntry, Scene } from './scene';
import type { Context2D, FrameScheduler, ImageLoader, Surface, SurfaceFactory } from './types';

/** What the view shows besides the document: level, selection, hover, others' locks. */
export interface RenderState {
  /** The current zoom level, 1-based. */
  level: number;
  layers: readonly Layer[];
  /** Elements hidden in this view only. */
  hiddenNodes: ReadonlySet<number>;
  hiddenEdges: ReadonlySet<number>;
  hoverNode: number | null;
  hoverEdge: number | null;
  selectedNodes: ReadonlySet<number>;
  selectedEdges: ReadonlySet<number>;
  /** Elements another editor is editing, with that editor's colour. */
  nodesLockedByOthers: ReadonlyMap<number, string>;
  edgesLockedByOthers: ReadonlyMap<number, string>;
  /** Nodes the reader has opened (the public map marks them when the map asks for it). */
  visitedNodes: ReadonlySet<number>;
  /** Outline locked nodes in the locked colour (the editor; not the public map). */
  showLocked: boolean;
  /** Elements outside the current level: drawn at half opacity (editor) or not at all. */
  outOfLevel: 'dim' | 'hide';
  /** Canvas background; null leaves it transparent. */
  background: string | null;
}

export const DEFAULT_RENDER_STATE: Readonly<RenderState> = Object.freeze({
  level: 1,
  layers: [],
  hiddenNodes: new Set<number>(),
  hiddenEdges: new Set<number>(),
  hoverNode: null,
  hoverEdge: null,
  selectedNodes: new Set<number>(),
  selectedEdges: new Set<number>(),
  nodesLockedByOthers: new Map<number, string>(),
  edgesLockedByOthers: new Map<number, string>(),
  visitedNodes: new Set<number>(),
  showLocked: false,
  outOfLevel: 'dim',
  background: null,
});

export interface RendererOptions {
  /** The on-screen canvas (injected, so tests pass a fake). */
  canvas: Surface;
  scene: Scene;
  /** Offscreen surfaces for node bitmaps; defaults to OffscreenCanvas or a detached canvas. */
  createSurface?: SurfaceFactory;
  /** Defaults to requestAnimationFrame. */
  requestFrame?: FrameScheduler;
  /** Defaults to loading with Image in a browser, none elsewhere. */
  images?: ImageLoader | null;
  pixelRatio?: number;
  now?: () => number;
}

export interface FrameStats {
  /** Nodes and edges found in the viewport and drawn. */
  nodes: number;
  edges: number;
  /** Nodes drawn from a cached bitmap that was already there. */
  blits: number;
  /** Nodes (re)drawn into their bitmap this frame. */
  rasterised: number;
  /** Nodes drawn from a bitmap of another zoom, the raster time of the frame being spent. */
  stale: number;
  /** Nodes drawn as vectors straight onto the canvas (zoomed in too far for a bitmap). */
  direct: number;
  /** Nodes too small on screen for more than a filled box. */
  boxes: number;
  /** Nodes drawn as plain batched shapes (no text, shadow or media at this zoom). */
  plain: number;
  labels: number;
  /** Tiles drawn (zoomed out over many elements), and of them drawn afresh this frame. */
  tiles: number;
  tilesRendered: number;
  ms: number;
}

export type Hit = { kind: 'node'; id: number } | { kind: 'edge'; id: number };

interface NodeBitmap {
  surface: Surface;
  version: number;
  bucket: number;
  flags: number;
  /** The last frame that drew it. */
  frame: number;
  /** Raster scale (device px per world unit) and the local point at the bitmap's (0, 0). */
  rs: number;
  ox: number;
  oy: number;
  pixels: number;
}

/** Where a drawing goes: a context, its device pixels per world unit and the world point at its (0, 0). */
interface Pass {
  ctx: Context2D;
  S: number;
  x: number;
  y: number;
  /** Draw everything exactly now (a cached tile), never a stale bitmap to save time. */
  exact: boolean;
}

/** A square of the map drawn at one scale, TILE_PX device pixels a side. */
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

/** How an element is drawn at the levels in view: see Renderer.alphaClass. */
type AlphaClass = 0 | 1 | 2;
type ByAlphaClass<T> = [T, T, T];

function byAlphaClass<T>(make: () => T): ByAlphaClass<T> {
  return [make(), make(), make()];
}

/** The mark of a visited node: a filled circle, its radius in CSS pixels. */
const VISITED_COLOR = '#2f9e44';
const VISITED_MARK_RADIUS = 5;

/** Time a frame may spend rasterising bitmaps that only changed zoom bucket (ms). */
const RASTER_BUDGET_MS = 6;
/** Anti-aliasing margin around a node bitmap, in pixels. */
const BITMAP_PAD = 2;
const NO_DASH: number[] = [];

function defaultSurface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

function defaultScheduler(cb: () => void): number {
  if (typeof requestAnimationFrame !== 'undefined') return requestAnimationFrame(cb);
  return setTimeout(cb, 16);
}

function inLevel(v: Visibility, level: number): boolean {
  return v.min_level <= level && level <= v.max_level;
}

export class Renderer {
  readonly camera = new Camera();
  readonly scene: Scene;
  state: RenderState = { ...DEFAULT_RENDER_STATE };
  /** The last frame's figures. */
  stats: FrameStats = {
    nodes: 0,
    edges: 0,
    blits: 0,
    rasterised: 0,
    stale: 0,
    direct: 0,
    boxes: 0,
    plain: 0,
    labels: 0,
    tiles: 0,
    tilesRendered: 0,
    ms: 0,
  };

  private readonly canvas: Surface;
  private readonly ctx: Context2D;
  private readonly createSurface: SurfaceFactory;
  private readonly requestFrame: FrameScheduler;
  private readonly images: ImageLoader | null;
  private readonly now: () => number;
  private dpr: number;
  private frame = 0;
  /** Stamps the elements each collect() finds (several per frame when tiles are drawn). */
  private stamp = 0;
  private pending = false;
  private disposed = false;
  private readonly unsubscribe: () => void;
  private readonly bitmaps = new Map<NodeEntry, NodeBitmap>();
  private bitmapPixels = 0;
  // Reused per frame so that drawing allocates next to nothing.
  private readonly vp: Bounds = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  private readonly edgeBuckets: EdgeEntry[][] = [];
  private readonly usedBuckets: number[] = [];
  /** Per alpha class (see alphaClass): filled boxes and plain shapes by colour key. */
  private readonly boxBuckets = byAlphaClass(() => new Map<string, NodeEntry[]>());
  private readonly plainBuckets = byAlphaClass(() => new Map<string, NodeEntry[]>());
  /** The level drawn, and during a change of level the one faded out (0: none) and how far (0..1). */
  private view = { level: 1, from: 0, t: 1 };
  /** The opacity of each alpha class this frame. */
  private readonly alphas: ByAlphaClass<number> = [1, OUT_OF_LEVEL_OPACITY, 0];
  private fade: { from: number; start: number; ms: number } | null = null;
  private readonly bitmapList: NodeEntry[] = [];
  /** Some bitmaps were drawn stale for lack of time: another frame follows. */
  private refine = false;
  private readonly drawList: NodeEntry[] = [];
  private readonly visibleNodes: NodeEntry[] = [];
  private readonly visibleEdges: EdgeEntry[] = [];
  private readonly overlayEdges: EdgeEntry[] = [];
  /** Cached tiles by scale and position, least recently drawn first. */
  private readonly tiles = new Map<string, Tile>();
  /** How many tiles each level and scale has (the scales that may stand in for another). */
  private readonly tileScales = new Map<string, { level: number; scale: number; count: number }>();
  private tilePixels = 0;
  /** The scale of the last frame drawn from tiles, and when it last changed (a zoom in progress). */
  private lastTileScale = 0;
  private scaleChangedAt = -Infinity;
  /** What drawing a tile afresh has cost lately (ms, a moving average), to keep within the budget. */
  private tileCost = 0;

  constructor(options: RendererOptions) {
    this.canvas = options.canvas;
    const ctx = options.canvas.getContext('2d');
    if (!ctx) throw new Error('canvas has no 2d context');
    this.ctx = ctx;
    this.scene = options.scene;
    this.createSurface = options.createSurface ?? defaultSurface;
    this.requestFrame = options.requestFrame ?? defaultScheduler;
    this.images = options.images !== undefined ? options.images : typeof Image !== 'undefined' ? createDomImageLoader() : null;
    this.now = options.now ?? (() => performance.now());
    this.dpr = options.pixelRatio ?? 1;
    if (this.images) {
      this.images.onReady = (url) => {
        this.scene.mediaReady(url);
      };
    }
    this.unsubscribe = this.scene.subscribe(() => {
      this.render();
    });
    this.camera.setViewport(this.canvas.width / this.dpr, this.canvas.height / this.dpr);
  }

  /** Sets the canvas size in CSS pixels (and the device pixel ratio). */
  resize(width: number, height: number, pixelRatio = this.dpr): void {
    this.dpr = pixelRatio;
    this.canvas.width = Math.max(1, Math.round(width * pixelRatio));
    this.canvas.height = Math.max(1, Math.round(height * pixelRatio));
    this.camera.setViewport(width, height);
    this.render();
  }

  setState(patch: Partial<RenderState>): void {
    const prev = this.state;
    this.state = { ...prev, ...patch };
    // What tiles hold besides the document: a change of it redraws them all.
    this.view.level = this.state.level;
    if (
      prev.layers !== this.state.layers ||
      prev.hiddenNodes !== this.state.hiddenNodes ||
      prev.hiddenEdges !== this.state.hiddenEdges ||
      prev.showLocked !== this.state.showLocked ||
      prev.outOfLevel !== this.state.outOfLevel
    ) {
      this.staleTiles();
    }
    this.render();
  }

  /**
   * Moves to another level; with a fade (the public map), what leaves fades out and what comes
   * fades in over fadeMs, while what both levels show stays.
   */
  setLevel(level: number, fadeMs = 0): void {
    const from = this.state.level;
    if (level === from) return;
    this.fade = fadeMs > 0 && this.state.outOfLevel === 'hide' ? { from, start: this.now(), ms: fadeMs } : null;
    this.setState({ level });
  }

  /** Whether a change of level is still fading. */
  get fading(): boolean {
    return this.fade !== null;
  }

  /** Shows every node. */
  fit(padding = 40): void {
    const b = this.scene.bounds();
    if (b) this.camera.fitBounds(b, padding);
    this.render();
  }

  /** Asks for a frame; any number of calls before it is drawn make one frame. */
  render(): void {
    if (this.pending || this.disposed) return;
    this.pending = true;
    this.requestFrame(() => {
      this.pending = false;
      if (!this.disposed) this.draw();
    });
  }

  dispose(): void {
    this.disposed = true;
    this.unsubscribe();
    if (this.images) this.images.onReady = null;
    for (const b of this.bitmaps.values()) this.releaseSurface(b.surface);
    this.bitmaps.clear();
    this.bitmapPixels = 0;
    for (const t of this.tiles.values()) this.releaseSurface(t.surface);
    this.tiles.clear();
    this.tileScales.clear();
    this.tilePixels = 0;
  }

  /** Whether a node is drawn at all under the current state (hidden ones are not, nor their edges). */
  nodeShown(e: NodeEntry): boolean {
    const n = e.node;
    const st = this.state;
    if (n.visibility.hidden || st.hiddenNodes.has(e.id)) return false;
    const v = this.view;
    if (inLevel(n.visibility, v.level)) return st.layers[v.level - 1]?.hidden !== true;
    if (v.from > 0 && inLevel(n.visibility, v.from)) return st.layers[v.from - 1]?.hidden !== true;
    return st.outOfLevel === 'dim';
  }

  edgeShown(e: EdgeEntry): boolean {
    if (!e.drawable || !e.from || !e.to) return false;
    const st = this.state;
    const v = e.edge.visibility;
    if (v.hidden || st.hiddenEdges.has(e.id)) return false;
    if (!this.nodeShown(e.from) || !this.nodeShown(e.to)) return false;
    const view = this.view;
    return st.outOfLevel === 'dim' || inLevel(v, view.level) || (view.from > 0 && inLevel(v, view.from));
  }

  /** The topmost node under the screen point, else the nearest edge within the hover area. */
  hitTest(sx: number, sy: number): Hit | null {
    const cam = this.camera;
    const wx = cam.x + sx / cam.scale;
    const wy = cam.y + sy / cam.scale;
    this.scene.drawOrder();
    let best: NodeEntry | null = null;
    for (const e of this.scene.nodeIndex.searchPoint(wx, wy)) {
      if (!this.nodeShown(e)) continue;
      const pad = e.style.border_enabled ? e.style.border_width / 2 : 0;
      if (pointInShape(e.box, wx, wy, pad) && (!best || e.rank > best.rank)) best = e;
    }
    if (best) return { kind: 'node', id: best.id };
    const tol = EDGE_HOVER_AREA / 2 / cam.scale;
    let bestEdge: EdgeEntry | null = null;
    let bestDist = Infinity;
    for (const e of this.scene.edgeIndex.searchPoint(wx, wy, tol)) {
      if (!this.edgeShown(e)) continue;
      const reach = tol + e.group.width / 2;
      if (!pointNearSegment(e.seg, wx, wy, reach)) continue;
      const d = Math.hypot(wx - (e.seg.x1 + e.seg.x2) / 2, wy - (e.seg.y1 + e.seg.y2) / 2);
      if (d < bestDist) {
        bestDist = d;
        bestEdge = e;
      }
    }
    return bestEdge ? { kind: 'edge', id: bestEdge.id } : null;
  }

  /** Draws a frame now; answers its figures. */
  draw(): FrameStats {
    const t0 = this.now();
    const frame = ++this.frame;
    const ctx = this.ctx;
    const cam = this.camera;
    const S = cam.scale * this.dpr;
    const stats = this.stats;
    stats.nodes = stats.edges = stats.blits = stats.rasterised = stats.stale = stats.direct = stats.boxes = stats.plain = stats.labels = 0;
    stats.tiles = stats.tilesRendered = 0;

    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    if (this.state.background) {
      ctx.fillStyle = this.state.background;
      ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    } else {
      ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    }
    const vp = cam.viewport(this.vp);
    this.takeSceneChanges();
    const screen: Pass = { ctx, S, x: cam.x, y: cam.y, exact: false };
    this.scene.drawOrder();
    const fadeView = this.fadeView();
    if (this.tiled(vp)) {
      // The first frame, or the first after a pan at another scale, is not a zoom.
      if (S !== this.lastTileScale && this.lastTileScale !== 0) this.scaleChangedAt = t0;
      this.lastTileScale = S;
      const resting = t0 - this.scaleChangedAt >= ZOOM_REST_MS;
      if (fadeView.from > 0) {
        // A cross-fade of the two levels' tiles.
        this.setView(fadeView.from, 0, 1);
        this.drawTiles(vp, S, frame, t0, resting, 1 - fadeView.t);
        this.setView(fadeView.level, 0, 1);
        this.drawTiles(vp, S, frame, t0, resting, fadeView.t);
        this.setView(fadeView.level, fadeView.from, fadeView.t);
      } else {
        this.drawTiles(vp, S, frame, t0, resting, 1);
      }
    } else {
      this.collect(vp);
      stats.nodes = this.visibleNodes.length;
      stats.edges = this.visibleEdges.length;
      this.drawBase(screen, frame);
    }
    this.drawEdgeOverlays(screen, vp);
    this.drawNodeOverlays(S, vp);

    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    this.evictBitmaps(frame);
    this.evictTiles(frame);
    if (this.fade) this.refine = true;
    stats.ms = this.now() - t0;
    if (this.refine) {
      this.refine = false;
      this.render();
    }
    return stats;
  }

  /** This frame's levels: the state's, and while a fade runs, the level faded out and how far. */
  private fadeView(): { level: number; from: number; t: number } {
    const f = this.fade;
    let t = 1;
    if (f) {
      t = Math.min(1, (this.now() - f.start) / f.ms);
      if (t >= 1) this.fade = null;
    }
    this.setView(this.state.level, this.fade ? (f?.from ?? 0) : 0, t);
    return { ...this.view };
  }

  private setView(level: number, from: number, t: number): void {
    this.view = { level, from, t };
    if (from > 0) {
      this.alphas[1] = t;
      this.alphas[2] = 1 - t;
    } else {
      this.alphas[1] = OUT_OF_LEVEL_OPACITY;
      this.alphas[2] = 0;
    }
  }

  /**
   * How an element is drawn at the view's levels: 0 fully; 1 out of level (dimmed) or fading in;
   * 2 fading out. The opacity of each is in this.alphas.
   */
  private alphaClass(v: Visibility): AlphaClass {
    const view = this.view;
    const on = inLevel(v, view.level);
    if (view.from === 0) return on ? 0 : 1;
    const was = inLevel(v, view.from);
    return on && was ? 0 : on ? 1 : 2;
  }

  /** Finds what is shown in an area (stamping it) into visibleEdges and visibleNodes. */
  private collect(area: Bounds): void {
    const stamp = ++this.stamp;
    const edges = this.visibleEdges;
    edges.length = 0;
    for (const e of this.scene.edgeIndex.search(area)) {
      if (!this.edgeShown(e)) continue;
      // The index holds boxes; a long diagonal's box can cover the area while the line misses it.
      if (e.labels.length === 0 && !segmentIntersectsBounds(e.seg, area, edgePad(e))) continue;
      e.mark = stamp;
      edges.push(e);
    }
    const nodes = this.visibleNodes;
    nodes.length = 0;
    for (const e of this.scene.nodeIndex.search(area)) {
      if (!this.nodeShown(e)) continue;
      e.mark = stamp;
      nodes.push(e);
    }
  }

  /** The map itself, of what collect() found: edges, nodes, and the locked marks of both. */
  private drawBase(pass: Pass, frame: number): void {
    if (this.state.showLocked) {
      const locked = this.overlayEdges;
      locked.length = 0;
      for (const e of this.visibleEdges) if (e.edge.locked) locked.push(e);
      if (locked.length > 0) this.outlineEdges(pass, locked, LOCKED_COLOR, OUTLINE_WIDTH * 2);
    }
    this.drawEdges(pass, this.visibleEdges);
    this.drawNodes(pass, frame);
    if (this.state.showLocked) {
      for (const e of this.visibleNodes) if (e.node.editing.locked) this.outlineNode(pass, e, LOCKED_COLOR, 0);
    }
  }

  // --- Tiles: a zoomed-out view of many elements is drawn from cached squares of the map ---------

  /** Whether so much is in view that drawing it afresh each frame would be slow. */
  private tiled(vp: Bounds): boolean {
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

  /**
   * Tiles are drawn at the very scale shown, so that a pan copies them pixel for pixel. While a
   * zoom goes on, tiles of other scales stand in, scaled; the view's own are drawn once it rests.
   */
  private drawTiles(vp: Bounds, shown: number, frame: number, frameStart: number, resting: boolean, alpha: number): void {
    // A zoom that comes back to the scale it left lands a rounding error off it: not a new scale.
    const S = snapTileScale(shown);
    const ctx = this.ctx;
    const W = TILE_PX / S;
    const level = this.view.level;
    let rendered = 0;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = alpha;
    // While a zoom goes on, one cached scale that covers the whole view stands in for it: each of
    // its tiles drawn once, scaled, rather than clipped into every tile of the shown scale.
    if (!resting && this.wholeViewStandIn(vp, S, frame)) {
      this.refine = true;
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
          if ((!resting || !inBudget) && (tile || this.standIn(S, tx, ty, frame))) {
            this.refine = true;
            this.stats.stale++;
            if (!tile) continue;
          } else {
            tile = this.renderTile(tile, S, tx, ty, frame);
            ctx.globalAlpha = alpha;
            fresh = true;
            this.stats.tilesRendered++;
          }
        }
        this.tiles.delete(key);
        this.tiles.set(key, tile);
        tile.frame = frame;
        this.blitTile(tile);
        // A canvas rasterises what it recorded when first drawn from: the blit is part of the cost.
        if (fresh) {
          rendered++;
          this.tileCost = this.tileCost === 0 ? this.now() - t0 : 0.7 * this.tileCost + 0.3 * (this.now() - t0);
        }
        this.stats.tiles++;
      }
    }
    ctx.globalAlpha = 1;
  }

  /** Draws the view from the nearest cached scale whose tiles cover all of it; answers whether one did. */
  private wholeViewStandIn(vp: Bounds, S: number, frame: number): boolean {
    const level = this.view.level;
    const scales = [...this.tileScales.values()].filter((c) => c.level === level && c.scale !== S).map((c) => c.scale);
    scales.sort((a, b) => Math.abs(Math.log(a / S)) - Math.abs(Math.log(b / S)));
    for (const sc of scales) {
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
        this.blitTile(t);
      }
      this.stats.tiles += found.length;
      this.stats.stale += found.length;
      return true;
    }
    return false;
  }

  /** Draws a tile's square onto the canvas at the current camera, scaled from its own zoom. */
  private blitTile(tile: Tile, clip?: Bounds): void {
    const cam = this.camera;
    const S = cam.scale * this.dpr;
    // Both edges rounded the same way for every tile: neighbours meet without a seam, and a tile
    // of the shown scale lands on whole pixels at its own size.
    const x0 = Math.round((tile.minX - cam.x) * S);
    const y0 = Math.round((tile.minY - cam.y) * S);
    const x1 = Math.round((tile.maxX - cam.x) * S);
    const y1 = Math.round((tile.maxY - cam.y) * S);
    if (!clip) {
      if (x1 - x0 === TILE_PX && y1 - y0 === TILE_PX) this.ctx.drawImage(tile.surface, x0, y0);
      else this.ctx.drawImage(tile.surface, x0, y0, x1 - x0, y1 - y0);
      return;
    }
    const ctx = this.ctx;
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
  private standIn(S: number, tx: number, ty: number, frame: number): boolean {
    const W = TILE_PX / S;
    const level = this.view.level;
    const area: Bounds = { minX: tx * W, minY: ty * W, maxX: (tx + 1) * W, maxY: (ty + 1) * W };
    const covering = (scale: number, make: boolean): Tile[] | null => {
      const Ws = TILE_PX / scale;
      const found: Tile[] = [];
      for (let y = Math.floor(area.minY / Ws); y * Ws < area.maxY; y++) {
        for (let x = Math.floor(area.minX / Ws); x * Ws < area.maxX; x++) {
          let t = this.tiles.get(tileKey(level, scale, x, y));
          if (!t && make) {
            const alpha = this.ctx.globalAlpha;
            t = this.renderTile(undefined, scale, x, y, frame);
            this.ctx.globalAlpha = alpha;
            this.tiles.set(tileKey(level, scale, x, y), t);
            this.stats.tilesRendered++;
          }
          if (!t) return null;
          found.push(t);
        }
      }
      return found;
    };
    const scales = [...this.tileScales.values()].filter((c) => c.level === level && c.scale !== S).map((c) => c.scale);
    scales.sort((a, b) => Math.abs(Math.log(a / S)) - Math.abs(Math.log(b / S)));
    let found: Tile[] | null = null;
    for (const sc of scales) {
      found = covering(sc, false);
      if (found) break;
    }
    const overview = this.overviewScale();
    if (!found && overview !== null && overview < S) found = covering(overview, true);
    if (!found) return false;
    for (const t of found) {
      t.frame = frame;
      this.blitTile(t, area);
      this.stats.tiles++;
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

  private renderTile(prev: Tile | undefined, scale: number, tx: number, ty: number, frame: number): Tile {
    const W = TILE_PX / scale;
    const tile: Tile = prev ?? {
      level: this.view.level,
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
      this.tilePixels += TILE_PX * TILE_PX;
      const k = `${tile.level}/${scale}`;
      const c = this.tileScales.get(k);
      if (c) c.count++;
      else this.tileScales.set(k, { level: tile.level, scale, count: 1 });
    }
    tile.stale = false;
    const c = tile.surface.getContext('2d');
    if (!c) return tile;
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.clearRect(0, 0, TILE_PX, TILE_PX);
    // Elements just outside still reach in with their anti-aliased edges.
    const m = BITMAP_PAD / scale;
    this.collect({ minX: tile.minX - m, minY: tile.minY - m, maxX: tile.maxX + m, maxY: tile.maxY + m });
    this.drawBase({ ctx: c, S: scale, x: tile.minX, y: tile.minY, exact: true }, frame);
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.globalAlpha = 1;
    return tile;
  }

  /** Marks the tiles the scene's changes touched (or all of them) for drawing again. */
  private takeSceneChanges(): void {
    const { all, areas } = this.scene.takeDirty();
    if (this.tiles.size === 0) return;
    if (all) {
      this.staleTiles();
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

  private staleTiles(): void {
    for (const t of this.tiles.values()) t.stale = true;
  }

  /** Drops the least recently drawn tiles beyond the budget (never one drawn this frame). */
  private evictTiles(frame: number): void {
    if (this.tilePixels <= TILE_PIXEL_BUDGET) return;
    for (const [key, t] of this.tiles) {
      if (this.tilePixels <= TILE_PIXEL_BUDGET || t.frame === frame) break;
      this.tiles.delete(key);
      this.tilePixels -= TILE_PX * TILE_PX;
      const k = `${t.level}/${t.scale}`;
      const c = this.tileScales.get(k);
      if (c && --c.count <= 0) this.tileScales.delete(k);
      this.releaseSurface(t.surface);
    }
  }

  private drawEdges(pass: Pass, list: readonly EdgeEntry[]): void {
    const { ctx, S } = pass;
    const buckets = this.edgeBuckets;
    const used = this.usedBuckets;
    used.length = 0;
    for (const e of list) {
      if (!e.style.border_enabled || e.group.width <= 0) continue;
      const i = e.group.id * 3 + this.alphaClass(e.edge.visibility);
      let b = buckets[i];
      if (!b) buckets[i] = b = [];
      if (b.length === 0) used.push(i);
      b.push(e);
    }
    const shadows = S / this.dpr >= LOD_SHADOW_MIN_SCALE;
    const groups = this.scene.strokeGroups();
    ctx.setTransform(S, 0, 0, S, -pass.x * S, -pass.y * S);
    for (const i of used) {
      const bucket = buckets[i];
      const g = groups[Math.floor(i / 3)];
      if (!bucket || !g) continue;
      const { dash, alpha } = dashAt(g.dash, g.width, S);
      ctx.globalAlpha = (this.alphas[i % 3] ?? 1) * alpha;
      if (shadows && g.shadow) {
        ctx.shadowColor = g.shadowColor;
        ctx.shadowBlur = g.shadowBlur * SHADOW_BLUR_MULTIPLIER * S;
        ctx.shadowOffsetX = g.shadowX * S;
        ctx.shadowOffsetY = g.shadowY * S;
      }
      // At least one device pixel wide, so thin lines do not vanish when zoomed out.
      ctx.lineWidth = Math.max(g.width, 1 / S);
      ctx.strokeStyle = g.color;
      ctx.fillStyle = g.color;
      ctx.setLineDash(dash);
      ctx.lineCap = g.dash === 'dotted' && dash.length > 0 ? 'round' : 'butt';
      ctx.beginPath();
      for (const e of bucket) {
        if (!e.hasLine) continue;
        ctx.moveTo(e.line.x1, e.line.y1);
        ctx.lineTo(e.line.x2, e.line.y2);
      }
      ctx.stroke();
      ctx.setLineDash(NO_DASH);
      ctx.globalAlpha = this.alphas[i % 3] ?? 1;
      ctx.beginPath();
      let heads = 0;
      for (const e of bucket) {
        if (e.start && e.start.length * S >= LOD_MIN_ARROW_PX) heads += addHead(ctx, e.start);
        if (e.end && e.end.length * S >= LOD_MIN_ARROW_PX) heads += addHead(ctx, e.end);
      }
      if (heads > 0) ctx.fill();
      if (shadows && g.shadow) {
        ctx.shadowColor = 'transparent';
        ctx.shadowBlur = ctx.shadowOffsetX = ctx.shadowOffsetY = 0;
      }
      bucket.length = 0;
    }
    ctx.lineCap = 'butt';
    // Labels over the lines, each in its own rotated frame.
    for (const e of list) {
      if (e.labels.length === 0 || e.style.font_size * S < LOD_MIN_TEXT_PX) continue;
      ctx.globalAlpha = this.alphas[this.alphaClass(e.edge.visibility)];
      for (const l of e.labels) {
        ctx.setTransform(S * l.cos, S * l.sin, -S * l.sin, S * l.cos, (l.x - pass.x) * S, (l.y - pass.y) * S);
        drawText(ctx, l.text, S);
        this.stats.labels++;
      }
    }
    ctx.globalAlpha = 1;
  }

  private drawNodes(pass: Pass, frame: number): void {
    const { ctx, S } = pass;
    // In drawing order: walk the ordered list when most nodes are in view, else sort the few.
    const list = this.drawList;
    list.length = 0;
    if (this.visibleNodes.length * 8 > this.scene.nodeCount) {
      for (const e of this.scene.drawOrder()) if (e.mark === this.stamp) list.push(e);
    } else {
      for (const e of this.visibleNodes) list.push(e);
      list.sort(byRank);
    }
    // Three tiers. Tiny nodes: a filled box, one path per colour. Nodes showing no text, shadow or
    // media at this zoom: plain vectors, one path per fill and border. The rest: cached bitmaps.
    const shadows = S / this.dpr >= LOD_SHADOW_MIN_SCALE;
    const bitmapped = this.bitmapList;
    bitmapped.length = 0;
    let boxes = 0;
    let plain = 0;
    for (const e of list) {
      const size = Math.max(e.style.width, e.style.height) * S;
      const cls = this.alphaClass(e.node.visibility);
      if (size < LOD_BOX_PX) {
        if (e.lodColor === '') continue;
        addTo(this.boxBuckets[cls], e.lodColor, e);
        boxes++;
        continue;
      }
      let flags = 0;
      if (e.title && e.title.block.fontSize * S >= LOD_MIN_TEXT_PX) flags |= DRAW_TITLE;
      if (shadows && e.style.shadow_enabled) flags |= DRAW_SHADOW;
      if (flags === 0 && e.mediaUrl === '') {
        addTo(this.plainBuckets[cls], e.plainKey, e);
        plain++;
        continue;
      }
      e.flags = flags;
      bitmapped.push(e);
    }
    ctx.setTransform(S, 0, 0, S, -pass.x * S, -pass.y * S);
    // Faded and dimmed ones first, beneath those drawn fully.
    for (const cls of [2, 1, 0] as const) {
      const alpha = this.alphas[cls];
      if (boxes > 0) this.fillBoxes(ctx, this.boxBuckets[cls], alpha);
      if (plain > 0) this.drawPlain(ctx, this.plainBuckets[cls], alpha, S);
    }
    ctx.globalAlpha = 1;
    this.stats.boxes += boxes;
    this.stats.plain += plain;

    const bucket = Math.round(Math.log2(S) * SCALE_BUCKETS_PER_OCTAVE);
    const rs = Math.pow(2, bucket / SCALE_BUCKETS_PER_OCTAVE);
    let alpha = 1;
    let rasterMs = 0;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    for (const e of bitmapped) {
      const a = this.alphas[this.alphaClass(e.node.visibility)];
      if (a !== alpha) ctx.globalAlpha = alpha = a;
      const flags = e.flags;
      const bw = Math.ceil((e.lx1 - e.lx0) * rs) + 2 * BITMAP_PAD;
      const bh = Math.ceil((e.ly1 - e.ly0) * rs) + 2 * BITMAP_PAD;
      const cx = (e.box.x - pass.x) * S;
      const cy = (e.box.y - pass.y) * S;
      const rotated = e.box.sin !== 0;
      if (bw > MAX_BITMAP_SIDE || bh > MAX_BITMAP_SIDE) {
        ctx.setTransform(S * e.box.cos, S * e.box.sin, -S * e.box.sin, S * e.box.cos, cx, cy);
        drawNodeVector(ctx, e, S, flags, this.images, e.box.cos, e.box.sin);
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        this.stats.direct++;
        continue;
      }
      let bmp = this.bitmaps.get(e);
      if (!pass.exact && bmp?.version === e.version && (bmp.bucket !== bucket || bmp.flags !== flags) && rasterMs > RASTER_BUDGET_MS) {
        // Out of time this frame: the old bitmap, scaled, stands in until the next frame redoes it.
        this.refine = true;
        this.stats.stale++;
      } else if (bmp?.version !== e.version || bmp.bucket !== bucket || bmp.flags !== flags) {
        const r0 = this.now();
        bmp = this.rasterise(e, bmp, bucket, rs, flags, bw, bh);
        rasterMs += this.now() - r0;
        this.stats.rasterised++;
      } else {
        // Most recently drawn last: eviction takes from the front.
        this.bitmaps.delete(e);
        this.bitmaps.set(e, bmp);
        this.stats.blits++;
      }
      bmp.frame = frame;
      const k = S / bmp.rs;
      if (rotated) {
        ctx.setTransform(k * e.box.cos, k * e.box.sin, -k * e.box.sin, k * e.box.cos, cx, cy);
        ctx.drawImage(bmp.surface, bmp.ox * bmp.rs, bmp.oy * bmp.rs);
        ctx.setTransform(1, 0, 0, 1, 0, 0);
      } else {
        // Whole device pixels: a blit at the bitmap's own scale stays sharp and is the cheapest copy.
        const dx = Math.round(cx + bmp.ox * S);
        const dy = Math.round(cy + bmp.oy * S);
        if (Math.abs(k - 1) < 1e-6) ctx.drawImage(bmp.surface, dx, dy);
        else ctx.drawImage(bmp.surface, dx, dy, bmp.surface.width * k, bmp.surface.height * k);
      }
    }
    if (alpha !== 1) ctx.globalAlpha = 1;
  }

  /** Plain shapes sharing a fill and border: one path, one fill, one stroke. */
  private drawPlain(ctx: Context2D, buckets: Map<string, NodeEntry[]>, alpha: number, S: number): void {
    ctx.globalAlpha = alpha;
    for (const b of buckets.values()) {
      const first = b[0];
      if (!first) continue;
      const s = first.style;
      ctx.beginPath();
      for (const e of b) {
        const { x, y, cos, sin, round } = e.box;
        const hw = e.style.width / 2;
        const hh = e.style.height / 2;
        if (round) {
          ctx.moveTo(x + hw, y);
          ctx.arc(x, y, hw, 0, Math.PI * 2);
        } else {
          ctx.moveTo(x - hw * cos + hh * sin, y - hw * sin - hh * cos);
          ctx.lineTo(x + hw * cos + hh * sin, y + hw * sin - hh * cos);
          ctx.lineTo(x + hw * cos - hh * sin, y + hw * sin + hh * cos);
          ctx.lineTo(x - hw * cos - hh * sin, y - hw * sin + hh * cos);
          ctx.closePath();
        }
      }
      if (s.bg_enabled && s.bg_color !== 'transparent') {
        ctx.fillStyle = s.bg_color;
        ctx.fill();
      }
      // Without a fill that shows, the border is all there is: then it stays however thin (a white
      // node on a white map must not vanish as the map zooms out).
      const fill = s.bg_enabled && s.bg_color !== 'transparent' && !sameColour(s.bg_color, this.state.background);
      if (s.border_enabled && s.border_width > 0 && (!fill || s.border_width * S >= LOD_MIN_BORDER_PX)) {
        const { dash, alpha: dashAlpha } = dashAt(s.border_style, s.border_width, S);
        ctx.strokeStyle = s.border_color;
        ctx.lineWidth = Math.max(s.border_width, 1 / S);
        ctx.setLineDash(dash);
        ctx.lineCap = s.border_style === 'dotted' && dash.length > 0 ? 'round' : 'butt';
        ctx.globalAlpha = alpha * dashAlpha;
        ctx.stroke();
        ctx.globalAlpha = alpha;
        ctx.setLineDash(NO_DASH);
        ctx.lineCap = 'butt';
      }
      b.length = 0;
    }
  }

  private fillBoxes(ctx: Context2D, buckets: Map<string, NodeEntry[]>, alpha: number): void {
    ctx.globalAlpha = alpha;
    for (const [color, b] of buckets) {
      const first = b[0];
      if (!first) continue;
      // Boxes the colour of the map would not show: their border's colour stands for them (that of
      // the first, as a box this small cannot tell them apart).
      ctx.fillStyle = sameColour(color, this.state.background) && first.style.border_enabled ? first.style.border_color : color;
      ctx.beginPath();
      for (const e of b) ctx.rect(e.box.x - e.style.width / 2, e.box.y - e.style.height / 2, e.style.width, e.style.height);
      ctx.fill();
      b.length = 0;
    }
  }

  private rasterise(
    e: NodeEntry,
    prev: NodeBitmap | undefined,
    bucket: number,
    rs: number,
    flags: number,
    bw: number,
    bh: number,
  ): NodeBitmap {
    let surface: Surface;
    if (prev) {
      surface = prev.surface;
      this.bitmapPixels -= prev.pixels;
      this.bitmaps.delete(e);
      if (surface.width !== bw || surface.height !== bh) {
        surface.width = bw;
        surface.height = bh;
      }
    } else {
      surface = this.createSurface(bw, bh);
    }
    const c = surface.getContext('2d');
    const bmp: NodeBitmap = {
      surface,
      version: e.version,
      bucket,
      flags,
      frame: 0,
      rs,
      ox: e.lx0 - BITMAP_PAD / rs,
      oy: e.ly0 - BITMAP_PAD / rs,
      pixels: bw * bh,
    };
    if (c) {
      c.setTransform(1, 0, 0, 1, 0, 0);
      c.clearRect(0, 0, bw, bh);
      c.setTransform(rs, 0, 0, rs, -bmp.ox * rs, -bmp.oy * rs);
      drawNodeVector(c, e, rs, flags, this.images);
    }
    this.bitmaps.set(e, bmp);
    this.bitmapPixels += bmp.pixels;
    return bmp;
  }

  /** Drops the least recently drawn bitmaps beyond the budget (never one drawn this frame). */
  private evictBitmaps(frame: number): void {
    if (this.bitmapPixels <= BITMAP_PIXEL_BUDGET) return;
    for (const [e, b] of this.bitmaps) {
      if (this.bitmapPixels <= BITMAP_PIXEL_BUDGET || b.frame === frame) break;
      this.bitmaps.delete(e);
      this.bitmapPixels -= b.pixels;
      this.releaseSurface(b.surface);
    }
  }

  private releaseSurface(s: Surface): void {
    // A zero-sized canvas gives its memory back at once instead of at garbage collection.
    s.width = 0;
    s.height = 0;
  }

  /** Outlines edges in a colour (under them: the caller draws the edges after). */
  private outlineEdges(pass: Pass, list: readonly EdgeEntry[], color: string, extra: number): void {
    const { ctx, S } = pass;
    const px = this.dpr / S;
    ctx.setTransform(S, 0, 0, S, -pass.x * S, -pass.y * S);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = color;
    ctx.lineCap = 'round';
    for (const e of list) {
      ctx.lineWidth = e.group.width + 2 * extra * px;
      ctx.beginPath();
      ctx.moveTo(e.seg.x1, e.seg.y1);
      ctx.lineTo(e.seg.x2, e.seg.y2);
      ctx.stroke();
    }
    ctx.lineCap = 'butt';
  }

  private edgeOnScreen(e: EdgeEntry | undefined, vp: Bounds): e is EdgeEntry {
    return e !== undefined && boundsIntersect(e, vp) && this.edgeShown(e);
  }

  private nodeOnScreen(e: NodeEntry | undefined, vp: Bounds): e is NodeEntry {
    return e !== undefined && boundsIntersect(e, vp) && this.nodeShown(e);
  }

  /**
   * Others' locks, selection and hover of edges, over the map: each outline, then its edge drawn
   * again over it (the map beneath may come from a cached tile).
   */
  private drawEdgeOverlays(pass: Pass, vp: Bounds): void {
    const st = this.state;
    const marked = this.overlayEdges;
    marked.length = 0;
    const outline = (id: number | null, color: string, extra: number): void => {
      if (id === null) return;
      const e = this.scene.edge(id);
      if (!this.edgeOnScreen(e, vp)) return;
      this.outlineEdges(pass, [e], color, extra);
      marked.push(e);
    };
    for (const [id, color] of st.edgesLockedByOthers) outline(id, color, OUTLINE_WIDTH * 2);
    for (const id of st.selectedEdges) outline(id, SELECTION_COLOR, OUTLINE_WIDTH);
    outline(st.hoverEdge, HOVER_COLOR, OUTLINE_WIDTH * 2);
    if (marked.length === 0) return;
    this.drawEdges(pass, marked);
    const { ctx, S } = pass;
    const px = this.dpr / S;
    ctx.setTransform(S, 0, 0, S, -pass.x * S, -pass.y * S);
    ctx.fillStyle = SELECTION_COLOR;
    for (const id of st.selectedEdges) {
      const e = this.scene.edge(id);
      if (!this.edgeOnScreen(e, vp)) continue;
      ctx.beginPath();
      ctx.arc(e.seg.x1, e.seg.y1, SELECTION_MARK_RADIUS * px, 0, Math.PI * 2);
      ctx.moveTo(e.seg.x2 + SELECTION_MARK_RADIUS * px, e.seg.y2);
      ctx.arc(e.seg.x2, e.seg.y2, SELECTION_MARK_RADIUS * px, 0, Math.PI * 2);
      ctx.fill();
    }
  }

  /** Outlines a node just outside its border; `ring` steps further out by outline widths. */
  private outlineNode(pass: Pass, e: NodeEntry, color: string, ring: number): void {
    const { ctx, S } = pass;
    const px = this.dpr / S;
    ctx.setTransform(S * e.box.cos, S * e.box.sin, -S * e.box.sin, S * e.box.cos, (e.box.x - pass.x) * S, (e.box.y - pass.y) * S);
    ctx.globalAlpha = 1;
    const bp = e.style.border_enabled ? e.style.border_width / 2 : 0;
    ctx.strokeStyle = color;
    ctx.lineWidth = OUTLINE_WIDTH * px;
    nodeOutlinePath(ctx, e, bp + (ring + 0.5) * OUTLINE_WIDTH * px);
    ctx.stroke();
  }

  /** Others' locks (their colour), hover (#B9E0E3), selection and its marks (#0125ea). */
  private drawNodeOverlays(S: number, vp: Bounds): void {
    const st = this.state;
    const ctx = this.ctx;
    const cam = this.camera;
    const pass: Pass = { ctx, S, x: cam.x, y: cam.y, exact: false };
    const px = this.dpr / S;
    for (const [id, color] of st.nodesLockedByOthers) {
      const e = this.scene.node(id);
      if (this.nodeOnScreen(e, vp)) this.outlineNode(pass, e, color, 1);
    }
    if (st.hoverNode !== null) {
      const e = this.scene.node(st.hoverNode);
      if (this.nodeOnScreen(e, vp)) this.outlineNode(pass, e, HOVER_COLOR, 0);
    }
    // A visited node: a small mark at its top right corner.
    for (const id of st.visitedNodes) {
      const e = this.scene.node(id);
      if (!this.nodeOnScreen(e, vp)) continue;
      ctx.setTransform(S * e.box.cos, S * e.box.sin, -S * e.box.sin, S * e.box.cos, (e.box.x - cam.x) * S, (e.box.y - cam.y) * S);
      ctx.globalAlpha = 1;
      ctx.beginPath();
      ctx.arc(e.style.width / 2, -e.style.height / 2, VISITED_MARK_RADIUS * px, 0, Math.PI * 2);
      ctx.fillStyle = VISITED_COLOR;
      ctx.fill();
      ctx.lineWidth = px;
      ctx.strokeStyle = '#ffffff';
      ctx.stroke();
    }
    for (const id of st.selectedNodes) {
      const e = this.scene.node(id);
      if (!this.nodeOnScreen(e, vp)) continue;
      this.outlineNode(pass, e, SELECTION_COLOR, 0);
      const bp = e.style.border_enabled ? e.style.border_width / 2 : 0;
      const hw = e.style.width / 2 + bp + OUTLINE_WIDTH * px;
      const hh = e.style.height / 2 + bp + OUTLINE_WIDTH * px;
      const r = SELECTION_MARK_RADIUS * px;
      ctx.fillStyle = SELECTION_COLOR;
      ctx.beginPath();
      for (const [x, y] of [
        [-hw, -hh],
        [hw, -hh],
        [hw, hh],
        [-hw, hh],
      ] as const) {
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, Math.PI * 2);
      }
      ctx.fill();
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  }
}

/** Tile scales are kept to 512 steps an octave (0.14 % apart): a tile then blits at its own size. */
function snapTileScale(S: number): number {
  return Math.pow(2, Math.round(Math.log2(S) * 512) / 512);
}

function addTo(buckets: Map<string, NodeEntry[]>, key: string, e: NodeEntry): void {
  let b = buckets.get(key);
  if (!b) buckets.set(key, (b = []));
  b.push(e);
}

function byRank(a: NodeEntry, b: NodeEntry): number {
  return a.rank - b.rank;
}

/** How far beyond its line an edge draws (heads, width, shadow), for exact culling. */
function edgePad(e: EdgeEntry): number {
  const s = e.style;
  let pad = s.border_width / 2 + Math.max(e.start?.length ?? 0, e.end?.length ?? 0);
  if (s.shadow_enabled) pad += Math.max(Math.abs(s.shadow_x), Math.abs(s.shadow_y)) + s.shadow_blur * SHADOW_BLUR_MULTIPLIER;
  return pad;
}

/** Adds an arrow head to the current path; answers 1 if it added one. */
function addHead(ctx: Context2D, h: NonNullable<EdgeEntry['end']>): number {
  if (h.r > 0) {
    ctx.moveTo(h.dotX + h.r, h.dotY);
    ctx.arc(h.dotX, h.dotY, h.r, 0, Math.PI * 2);
    return 1;
  }
  const p = h.points;
  if (p.length < 6) return 0;
  ctx.moveTo(p[0] ?? 0, p[1] ?? 0);
  for (let i = 2; i < p.length; i += 2) ctx.lineTo(p[i] ?? 0, p[i + 1] ?? 0);
  ctx.closePath();
  return 1;
}

/** Whether two CSS colours are the same hex colour (#fff is #FFFFFF); a null background is none. */
function sameColour(a: string, b: string | null): boolean {
  if (b === null) return false;
  return a === b || expandHex(a) === expandHex(b);
}

function expandHex(c: string): string {
  const x = c.trim().toLowerCase();
  return /^#[0-9a-f]{3}$/.test(x) ? `#${x[1]}${x[1]}${x[2]}${x[2]}${x[3]}${x[3]}` : x;
}
