// Draws the scene onto a canvas: only what the spatial index finds in the viewport; zoomed out
// over many elements from cached tiles (tiles.ts); else edges batched by stroke (edges.ts) and
// nodes by tier (nodes.ts), text-bearing ones from bitmaps cached per node (bitmaps.ts); the
// overlays over it (overlays.ts). The one drawing of a map, shared by the editor and the public map.
import { LOCKED_COLOR, OUTLINE_WIDTH } from '../constants';
import { segmentIntersectsBounds } from '../geometry';
import type { Bounds } from '../spatial';
import { NodeBitmaps } from './bitmaps';
import { Camera } from './camera';
import { EdgeDrawer, edgePad, outlineEdges } from './edges';
import { hitTest } from './hitTest';
import { layoutBackdrop } from './background';
import { MediaImages } from './images';
import { mediaId, type MediaSource } from './media';
import { LevelView } from './levels';
import { NodeDrawer } from './nodes';
import { Overlays, outlineNode } from './overlays';
import type { EdgeEntry, NodeEntry, Scene } from './scene';
import { DEFAULT_RENDER_STATE, emptyStats, type FrameStats, type Hit, type Pass, type RenderState } from './state';
import { defaultSurface } from './surfaces';
import { TileLayer } from './tiles';
import type { Context2D, FrameScheduler, ImageLoader, Surface } from './types';

export { DEFAULT_RENDER_STATE };
export type { FrameStats, Hit, RenderState };

export interface RendererOptions {
  /** The on-screen canvas (injected, so tests pass a fake). */
  canvas: Surface;
  scene: Scene;
  /** Offscreen surfaces for node bitmaps and tiles; defaults to OffscreenCanvas or a detached canvas. */
  createSurface?: (width: number, height: number) => Surface;
  /** Defaults to requestAnimationFrame. */
  requestFrame?: FrameScheduler;
  /**
   * Where node media and the background come from (asset keys to URLs); absent: keys are not
   * drawn, links to other sites are. Used by the default loader.
   */
  media?: MediaSource;
  /** Defaults to fetch + createImageBitmap in a browser (MediaImages), none elsewhere. */
  images?: ImageLoader | null;
  pixelRatio?: number;
  now?: () => number;
  /** Runs work put off until the frames leave time (a large map's titles); defaults to a timer. */
  scheduleWork?: (work: () => void) => void;
}

/** How long one slice of put-off work may hold the page's thread between frames. */
const WORK_SLICE_MS = 8;

function defaultScheduler(cb: () => void): number {
  if (typeof requestAnimationFrame !== 'undefined') return requestAnimationFrame(cb);
  return setTimeout(cb, 16);
}

export class Renderer {
  readonly camera = new Camera();
  readonly scene: Scene;
  state: RenderState = { ...DEFAULT_RENDER_STATE };
  /** The last frame's figures. */
  stats: FrameStats = emptyStats();

  private readonly canvas: Surface;
  private readonly ctx: Context2D;
  private readonly requestFrame: FrameScheduler;
  private readonly images: ImageLoader | null;
  private readonly now: () => number;
  private dpr: number;
  private frame = 0;
  /** Stamps the elements each collect() finds (several per frame when tiles are drawn). */
  private stamp = 0;
  private pending = false;
  private workScheduled = false;
  private readonly scheduleWork: (work: () => void) => void;
  private disposed = false;
  private readonly unsubscribe: () => void;
  private readonly levels = new LevelView();
  private readonly bitmaps: NodeBitmaps;
  private readonly edges: EdgeDrawer;
  private readonly nodes: NodeDrawer;
  private readonly overlays: Overlays;
  private readonly tiles: TileLayer;
  // Reused per frame so that drawing allocates next to nothing.
  private readonly vp: Bounds = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  private readonly visibleNodes: NodeEntry[] = [];
  private readonly visibleEdges: EdgeEntry[] = [];
  private readonly lockedEdges: EdgeEntry[] = [];

  constructor(options: RendererOptions) {
    this.canvas = options.canvas;
    const ctx = options.canvas.getContext('2d');
    if (!ctx) throw new Error('canvas has no 2d context');
    this.ctx = ctx;
    this.scene = options.scene;
    const createSurface = options.createSurface ?? defaultSurface;
    this.requestFrame = options.requestFrame ?? defaultScheduler;
    this.images =
      options.images !== undefined
        ? options.images
        : typeof createImageBitmap !== 'undefined'
          ? new MediaImages(options.media ?? { assetUrl: () => null })
          : null;
    this.now = options.now ?? (() => performance.now());
    this.scheduleWork = options.scheduleWork ?? ((work) => setTimeout(work, 0));
    this.dpr = options.pixelRatio ?? 1;
    this.bitmaps = new NodeBitmaps(createSurface, this.images, this.now);
    this.edges = new EdgeDrawer(this.scene, this.levels);
    this.nodes = new NodeDrawer(this.scene, this.levels, this.bitmaps);
    this.overlays = new Overlays(this.scene, this.levels, this.edges);
    this.tiles = new TileLayer(
      this.scene,
      {
        ctx,
        camera: this.camera,
        dpr: () => this.dpr,
        drawArea: (area, pass, frame) => {
          this.collect(area);
          this.drawBase(pass, frame);
        },
      },
      createSurface,
      this.now,
    );
    if (this.images) {
      this.images.onReady = (id) => {
        this.scene.mediaReady(id);
        const b = this.state.backdrop;
        if (b && mediaId(b.media) === id) this.render();
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
    this.levels.level = this.state.level;
    if (
      prev.layers !== this.state.layers ||
      prev.hiddenNodes !== this.state.hiddenNodes ||
      prev.hiddenEdges !== this.state.hiddenEdges ||
      prev.showLocked !== this.state.showLocked ||
      prev.outOfLevel !== this.state.outOfLevel
    ) {
      this.tiles.staleAll();
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
    this.levels.startFade(from, this.now(), this.state.outOfLevel === 'hide' ? fadeMs : 0);
    this.setState({ level });
  }

  /** Whether a change of level is still fading. */
  get fading(): boolean {
    return this.levels.fading;
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
    if (this.images instanceof MediaImages) this.images.dispose();
    this.bitmaps.dispose();
    this.tiles.dispose();
  }

  /** Whether a node is drawn at all under the current state (hidden ones are not, nor their edges). */
  nodeShown(e: NodeEntry): boolean {
    return this.levels.nodeShown(e, this.state);
  }

  edgeShown(e: EdgeEntry): boolean {
    return this.levels.edgeShown(e, this.state);
  }

  /** The topmost node under the screen point, else the nearest edge within the hover area. */
  hitTest(sx: number, sy: number): Hit | null {
    return hitTest(this.scene, this.camera, this.levels, this.state, sx, sy);
  }

  /** Draws a frame now; answers its figures. */
  draw(): FrameStats {
    const t0 = this.now();
    const frame = ++this.frame;
    const ctx = this.ctx;
    const cam = this.camera;
    const S = cam.scale * this.dpr;
    const stats = this.stats;
    Object.assign(stats, emptyStats());

    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    if (this.state.background) {
      ctx.fillStyle = this.state.background;
      ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    } else {
      ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    }
    const vp = cam.viewport(this.vp);
    this.drawBackdrop(vp, S);
    const { all, areas } = this.scene.takeDirty();
    this.tiles.takeChanges(all, areas);
    const screen: Pass = { ctx, S, x: cam.x, y: cam.y, exact: false };
    this.scene.drawOrder();
    const levels = this.levels;
    const view = levels.forFrame(this.state.level, t0);
    if (this.tiles.tiled(vp)) {
      this.tiles.beginFrame(S, t0);
      if (view.from > 0) {
        // A cross-fade of the two levels' tiles.
        levels.set(view.from, 0, 1);
        this.tiles.draw(vp, view.from, frame, t0, 1 - view.t, stats);
        levels.set(view.level, 0, 1);
        this.tiles.draw(vp, view.level, frame, t0, view.t, stats);
        levels.set(view.level, view.from, view.t);
      } else {
        this.tiles.draw(vp, view.level, frame, t0, 1, stats);
      }
    } else {
      this.collect(vp);
      stats.nodes = this.visibleNodes.length;
      stats.edges = this.visibleEdges.length;
      this.drawBase(screen, frame);
    }
    this.overlays.drawEdges(screen, vp, this.state, this.dpr, stats);
    this.overlays.drawNodes(screen, vp, this.state, this.dpr);

    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    this.bitmaps.evict(frame);
    this.tiles.evict(frame);
    stats.ms = this.now() - t0;
    // Something stood in for lack of time, or a fade goes on: another frame follows.
    if (stats.stale > 0 || levels.fading) this.render();
    this.layOutTitlesSoon();
    return stats;
  }

  /** After the first frames of a large map, its titles, a slice at a time (Scene.layoutPendingTitles). */
  private layOutTitlesSoon(): void {
    if (this.workScheduled || !this.scene.titlesPending) return;
    this.workScheduled = true;
    this.scheduleWork(() => {
      this.workScheduled = false;
      if (this.disposed) return;
      const end = this.now() + WORK_SLICE_MS;
      if (this.scene.layoutPendingTitles(() => this.now() < end)) this.layOutTitlesSoon();
    });
  }

  /** Where media come from changed (the reader allowed external sources): media are drawn again. */
  setMediaSource(source: MediaSource): void {
    if (this.images instanceof MediaImages) this.images.setSource(source);
    this.scene.refreshMedia();
    this.render();
  }

  /** The map's background picture, under everything, in map units (it moves with the map). */
  private drawBackdrop(vp: Bounds, S: number): void {
    const b = this.state.backdrop;
    if (!b || !this.images || b.opacity <= 0) return;
    // Drawn at its own size, only the original's pixels tell it; else asked by the area's size,
    // then by the laid-out copy's (which may want a sharper variant).
    const none = b.size === 'none';
    let img = this.images.get(b.media, none ? Infinity : Math.max(b.width, b.height) * S);
    if (!img || img.width <= 0 || img.height <= 0) return;
    if (!none) img = this.images.get(b.media, layoutBackdrop(b, img, vp).tile.w * S) ?? img;
    const { tile, paint } = layoutBackdrop(b, img, vp);
    if (!paint) return;
    const ctx = this.ctx;
    const cam = this.camera;
    ctx.setTransform(S, 0, 0, S, -cam.x * S, -cam.y * S);
    ctx.globalAlpha = Math.min(1, b.opacity / 100);
    if (b.repeat === 'no-repeat') {
      ctx.save();
      ctx.beginPath();
      ctx.rect(paint.x, paint.y, paint.w, paint.h);
      ctx.clip();
      ctx.drawImage(img.image, tile.x, tile.y, tile.w, tile.h);
      ctx.restore();
    } else {
      // One fill whatever the count of copies: a small pattern zoomed out would be thousands of draws.
      const pattern = ctx.createPattern(img.image, b.repeat);
      if (pattern) {
        pattern.setTransform({ a: tile.w / img.width, b: 0, c: 0, d: tile.h / img.height, e: tile.x, f: tile.y });
        ctx.fillStyle = pattern;
        ctx.fillRect(paint.x, paint.y, paint.w, paint.h);
      }
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
  }

  /** Finds what is shown in an area (stamping it) into visibleEdges and visibleNodes. */
  private collect(area: Bounds): void {
    const stamp = ++this.stamp;
    const st = this.state;
    const edges = this.visibleEdges;
    edges.length = 0;
    for (const e of this.scene.edgeIndex.search(area)) {
      if (!this.levels.edgeShown(e, st)) continue;
      // The index holds boxes; a long diagonal's box can cover the area while the line misses it.
      if (e.labels.length === 0 && !segmentIntersectsBounds(e.seg, area, edgePad(e))) continue;
      e.mark = stamp;
      edges.push(e);
    }
    const nodes = this.visibleNodes;
    nodes.length = 0;
    for (const e of this.scene.nodeIndex.search(area)) {
      if (!this.levels.nodeShown(e, st)) continue;
      e.mark = stamp;
      nodes.push(e);
    }
  }

  /** The map itself, of what collect() found: edges, nodes, and the locked marks of both. */
  private drawBase(pass: Pass, frame: number): void {
    const st = this.state;
    if (st.showLocked) {
      const locked = this.lockedEdges;
      locked.length = 0;
      for (const e of this.visibleEdges) if (e.edge.locked) locked.push(e);
      if (locked.length > 0) outlineEdges(pass, locked, LOCKED_COLOR, OUTLINE_WIDTH * 2, this.dpr);
    }
    this.edges.draw(pass, this.visibleEdges, this.dpr, this.stats);
    this.nodes.draw(pass, this.visibleNodes, this.stamp, frame, this.dpr, st.background, this.stats);
    if (st.showLocked) {
      for (const e of this.visibleNodes) if (e.node.editing.locked) outlineNode(pass, e, LOCKED_COLOR, 0, this.dpr);
    }
  }
}
