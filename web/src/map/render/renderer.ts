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
import type { Bounds } from '../spatial';
import { Camera } from './camera';
import { DRAW_SHADOW, DRAW_TITLE, dashFor, drawNodeVector, drawText, nodeOutlinePath } from './draw';
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
  ms: number;
}

export type Hit = { kind: 'node'; id: number } | { kind: 'edge'; id: number };

interface NodeBitmap {
  surface: Surface;
  version: number;
  bucket: number;
  flags: number;
  /** Raster scale (device px per world unit) and the local point at the bitmap's (0, 0). */
  rs: number;
  ox: number;
  oy: number;
  pixels: number;
}

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
  stats: FrameStats = { nodes: 0, edges: 0, blits: 0, rasterised: 0, stale: 0, direct: 0, boxes: 0, plain: 0, labels: 0, ms: 0 };

  private readonly canvas: Surface;
  private readonly ctx: Context2D;
  private readonly createSurface: SurfaceFactory;
  private readonly requestFrame: FrameScheduler;
  private readonly images: ImageLoader | null;
  private readonly now: () => number;
  private dpr: number;
  private frame = 0;
  private pending = false;
  private disposed = false;
  private readonly unsubscribe: () => void;
  private readonly bitmaps = new Map<NodeEntry, NodeBitmap>();
  private bitmapPixels = 0;
  // Reused per frame so that drawing allocates next to nothing.
  private readonly vp: Bounds = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  private readonly edgeBuckets: EdgeEntry[][] = [];
  private readonly usedBuckets: number[] = [];
  private readonly boxBuckets = new Map<string, NodeEntry[]>();
  private readonly dimBoxBuckets = new Map<string, NodeEntry[]>();
  private readonly plainBuckets = new Map<string, NodeEntry[]>();
  private readonly dimPlainBuckets = new Map<string, NodeEntry[]>();
  private readonly bitmapList: NodeEntry[] = [];
  /** Some bitmaps were drawn stale for lack of time: another frame follows. */
  private refine = false;
  private readonly drawList: NodeEntry[] = [];
  private readonly visibleNodes: NodeEntry[] = [];
  private readonly visibleEdges: EdgeEntry[] = [];

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
    this.state = { ...this.state, ...patch };
    this.render();
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
  }

  /** Whether a node is drawn at all under the current state (hidden ones are not, nor their edges). */
  nodeShown(e: NodeEntry): boolean {
    const n = e.node;
    const st = this.state;
    if (n.visibility.hidden || st.hiddenNodes.has(e.id)) return false;
    const onLevel = inLevel(n.visibility, st.level);
    if (onLevel && st.layers[st.level - 1]?.hidden === true) return false;
    return onLevel || st.outOfLevel === 'dim';
  }

  edgeShown(e: EdgeEntry): boolean {
    if (!e.drawable || !e.from || !e.to) return false;
    const st = this.state;
    const v = e.edge.visibility;
    if (v.hidden || st.hiddenEdges.has(e.id)) return false;
    if (!this.nodeShown(e.from) || !this.nodeShown(e.to)) return false;
    return st.outOfLevel === 'dim' || inLevel(v, st.level);
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

    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    if (this.state.background) {
      ctx.fillStyle = this.state.background;
      ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    } else {
      ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    }
    const vp = cam.viewport(this.vp);

    const edges = this.visibleEdges;
    edges.length = 0;
    for (const e of this.scene.edgeIndex.search(vp)) {
      if (!this.edgeShown(e)) continue;
      // The index holds boxes; a long diagonal's box can cover the view while the line misses it.
      if (e.labels.length === 0 && !segmentIntersectsBounds(e.seg, vp, edgePad(e))) continue;
      e.mark = frame;
      edges.push(e);
    }
    stats.edges = edges.length;
    this.drawEdgeOverlays(S);
    this.drawEdges(S);

    this.scene.drawOrder();
    const nodes = this.visibleNodes;
    nodes.length = 0;
    for (const e of this.scene.nodeIndex.search(vp)) {
      if (!this.nodeShown(e)) continue;
      e.mark = frame;
      nodes.push(e);
    }
    stats.nodes = nodes.length;
    this.drawNodes(S, frame);
    this.drawNodeOverlays(S, frame);

    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    this.evictBitmaps(frame);
    stats.ms = this.now() - t0;
    if (this.refine) {
      this.refine = false;
      this.render();
    }
    return stats;
  }

  private dimmed(v: Visibility): boolean {
    return !inLevel(v, this.state.level);
  }

  private drawEdges(S: number): void {
    const ctx = this.ctx;
    const cam = this.camera;
    const buckets = this.edgeBuckets;
    const used = this.usedBuckets;
    used.length = 0;
    for (const e of this.visibleEdges) {
      if (!e.style.border_enabled || e.group.width <= 0) continue;
      const i = e.group.id * 2 + (this.dimmed(e.edge.visibility) ? 1 : 0);
      let b = buckets[i];
      if (!b) buckets[i] = b = [];
      if (b.length === 0) used.push(i);
      b.push(e);
    }
    const shadows = cam.scale >= LOD_SHADOW_MIN_SCALE;
    const groups = this.scene.strokeGroups();
    ctx.setTransform(S, 0, 0, S, -cam.x * S, -cam.y * S);
    for (const i of used) {
      const list = buckets[i];
      const g = groups[i >> 1];
      if (!list || !g) continue;
      ctx.globalAlpha = (i & 1) === 1 ? OUT_OF_LEVEL_OPACITY : 1;
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
      ctx.setLineDash(dashFor(g.dash, g.width));
      ctx.lineCap = g.dash === 'dotted' ? 'round' : 'butt';
      ctx.beginPath();
      for (const e of list) {
        if (!e.hasLine) continue;
        ctx.moveTo(e.line.x1, e.line.y1);
        ctx.lineTo(e.line.x2, e.line.y2);
      }
      ctx.stroke();
      ctx.setLineDash(NO_DASH);
      ctx.beginPath();
      let heads = 0;
      for (const e of list) {
        if (e.start && e.start.length * S >= LOD_MIN_ARROW_PX) heads += addHead(ctx, e.start);
        if (e.end && e.end.length * S >= LOD_MIN_ARROW_PX) heads += addHead(ctx, e.end);
      }
      if (heads > 0) ctx.fill();
      if (shadows && g.shadow) {
        ctx.shadowColor = 'transparent';
        ctx.shadowBlur = ctx.shadowOffsetX = ctx.shadowOffsetY = 0;
      }
      list.length = 0;
    }
    ctx.lineCap = 'butt';
    // Labels over the lines, each in its own rotated frame.
    for (const e of this.visibleEdges) {
      if (e.labels.length === 0 || e.style.font_size * S < LOD_MIN_TEXT_PX) continue;
      ctx.globalAlpha = this.dimmed(e.edge.visibility) ? OUT_OF_LEVEL_OPACITY : 1;
      for (const l of e.labels) {
        ctx.setTransform(S * l.cos, S * l.sin, -S * l.sin, S * l.cos, (l.x - cam.x) * S, (l.y - cam.y) * S);
        drawText(ctx, l.text, S);
        this.stats.labels++;
      }
    }
    ctx.globalAlpha = 1;
  }

  private drawNodes(S: number, frame: number): void {
    const ctx = this.ctx;
    const cam = this.camera;
    // In drawing order: walk the ordered list when most nodes are in view, else sort the few.
    const list = this.drawList;
    list.length = 0;
    if (this.visibleNodes.length * 8 > this.scene.nodeCount) {
      for (const e of this.scene.drawOrder()) if (e.mark === frame) list.push(e);
    } else {
      for (const e of this.visibleNodes) list.push(e);
      list.sort(byRank);
    }
    // Three tiers. Tiny nodes: a filled box, one path per colour. Nodes showing no text, shadow or
    // media at this zoom: plain vectors, one path per fill and border. The rest: cached bitmaps.
    const shadows = cam.scale >= LOD_SHADOW_MIN_SCALE;
    const bitmapped = this.bitmapList;
    bitmapped.length = 0;
    let boxes = 0;
    let plain = 0;
    for (const e of list) {
      const size = Math.max(e.style.width, e.style.height) * S;
      const dim = this.dimmed(e.node.visibility);
      if (size < LOD_BOX_PX) {
        if (e.lodColor === '') continue;
        addTo(dim ? this.dimBoxBuckets : this.boxBuckets, e.lodColor, e);
        boxes++;
        continue;
      }
      let flags = 0;
      if (e.title && e.title.block.fontSize * S >= LOD_MIN_TEXT_PX) flags |= DRAW_TITLE;
      if (shadows && e.style.shadow_enabled) flags |= DRAW_SHADOW;
      if (flags === 0 && e.mediaUrl === '') {
        addTo(dim ? this.dimPlainBuckets : this.plainBuckets, e.plainKey, e);
        plain++;
        continue;
      }
      e.flags = flags;
      bitmapped.push(e);
    }
    ctx.setTransform(S, 0, 0, S, -cam.x * S, -cam.y * S);
    if (boxes > 0) {
      this.fillBoxes(this.dimBoxBuckets, OUT_OF_LEVEL_OPACITY);
      this.fillBoxes(this.boxBuckets, 1);
    }
    if (plain > 0) {
      this.drawPlain(this.dimPlainBuckets, OUT_OF_LEVEL_OPACITY, S);
      this.drawPlain(this.plainBuckets, 1, S);
    }
    ctx.globalAlpha = 1;
    this.stats.boxes = boxes;
    this.stats.plain = plain;

    const bucket = Math.round(Math.log2(S) * SCALE_BUCKETS_PER_OCTAVE);
    const rs = Math.pow(2, bucket / SCALE_BUCKETS_PER_OCTAVE);
    let alpha = 1;
    let rasterMs = 0;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    for (const e of bitmapped) {
      const a = this.dimmed(e.node.visibility) ? OUT_OF_LEVEL_OPACITY : 1;
      if (a !== alpha) ctx.globalAlpha = alpha = a;
      const flags = e.flags;
      const bw = Math.ceil((e.lx1 - e.lx0) * rs) + 2 * BITMAP_PAD;
      const bh = Math.ceil((e.ly1 - e.ly0) * rs) + 2 * BITMAP_PAD;
      const cx = (e.box.x - cam.x) * S;
      const cy = (e.box.y - cam.y) * S;
      const rotated = e.box.sin !== 0;
      if (bw > MAX_BITMAP_SIDE || bh > MAX_BITMAP_SIDE) {
        ctx.setTransform(S * e.box.cos, S * e.box.sin, -S * e.box.sin, S * e.box.cos, cx, cy);
        drawNodeVector(ctx, e, S, flags, this.images, e.box.cos, e.box.sin);
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        this.stats.direct++;
        continue;
      }
      let bmp = this.bitmaps.get(e);
      if (bmp?.version === e.version && (bmp.bucket !== bucket || bmp.flags !== flags) && rasterMs > RASTER_BUDGET_MS) {
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
  private drawPlain(buckets: Map<string, NodeEntry[]>, alpha: number, S: number): void {
    const ctx = this.ctx;
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
      // Without fill the border is all there is: then it stays however thin.
      const fill = s.bg_enabled && s.bg_color !== 'transparent';
      if (s.border_enabled && s.border_width > 0 && (!fill || s.border_width * S >= LOD_MIN_BORDER_PX)) {
        ctx.strokeStyle = s.border_color;
        ctx.lineWidth = Math.max(s.border_width, 1 / S);
        ctx.setLineDash(dashFor(s.border_style, s.border_width));
        ctx.lineCap = s.border_style === 'dotted' ? 'round' : 'butt';
        ctx.stroke();
        ctx.setLineDash(NO_DASH);
        ctx.lineCap = 'butt';
      }
      b.length = 0;
    }
  }

  private fillBoxes(buckets: Map<string, NodeEntry[]>, alpha: number): void {
    const ctx = this.ctx;
    ctx.globalAlpha = alpha;
    for (const [color, b] of buckets) {
      if (b.length === 0) continue;
      ctx.fillStyle = color;
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
      if (this.bitmapPixels <= BITMAP_PIXEL_BUDGET || e.mark === frame) break;
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

  /** Hover, selection and others' locks of edges, under the edges themselves. */
  private drawEdgeOverlays(S: number): void {
    const st = this.state;
    const ctx = this.ctx;
    const cam = this.camera;
    const px = this.dpr / S;
    const one = (id: number | null, color: string, extra: number): void => {
      if (id === null) return;
      const e = this.scene.edge(id);
      if (e?.mark !== this.frame) return;
      ctx.setTransform(S, 0, 0, S, -cam.x * S, -cam.y * S);
      ctx.strokeStyle = color;
      ctx.lineWidth = e.group.width + 2 * extra * px;
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(e.seg.x1, e.seg.y1);
      ctx.lineTo(e.seg.x2, e.seg.y2);
      ctx.stroke();
      ctx.lineCap = 'butt';
    };
    for (const [id, color] of st.edgesLockedByOthers) one(id, color, OUTLINE_WIDTH * 2);
    if (st.showLocked) for (const e of this.visibleEdges) if (e.edge.locked) one(e.id, LOCKED_COLOR, OUTLINE_WIDTH * 2);
    for (const id of st.selectedEdges) one(id, SELECTION_COLOR, OUTLINE_WIDTH);
    one(st.hoverEdge, HOVER_COLOR, OUTLINE_WIDTH * 2);
    ctx.setTransform(S, 0, 0, S, -cam.x * S, -cam.y * S);
    ctx.fillStyle = SELECTION_COLOR;
    for (const id of st.selectedEdges) {
      const e = this.scene.edge(id);
      if (e?.mark !== this.frame) continue;
      ctx.beginPath();
      ctx.arc(e.seg.x1, e.seg.y1, SELECTION_MARK_RADIUS * px, 0, Math.PI * 2);
      ctx.moveTo(e.seg.x2 + SELECTION_MARK_RADIUS * px, e.seg.y2);
      ctx.arc(e.seg.x2, e.seg.y2, SELECTION_MARK_RADIUS * px, 0, Math.PI * 2);
      ctx.fill();
    }
  }

  /** Hover (#B9E0E3), locked (#ED6F78), others' locks (their colour), selection marks (#0125ea). */
  private drawNodeOverlays(S: number, frame: number): void {
    const st = this.state;
    const ctx = this.ctx;
    const px = this.dpr / S;
    const outline = (e: NodeEntry | undefined, color: string, ring: number): void => {
      if (e?.mark !== frame) return;
      this.nodeTransform(e, S);
      const bp = e.style.border_enabled ? e.style.border_width / 2 : 0;
      ctx.strokeStyle = color;
      ctx.lineWidth = OUTLINE_WIDTH * px;
      nodeOutlinePath(ctx, e, bp + (ring + 0.5) * OUTLINE_WIDTH * px);
      ctx.stroke();
    };
    if (st.showLocked) for (const e of this.visibleNodes) if (e.node.editing.locked) outline(e, LOCKED_COLOR, 0);
    for (const [id, color] of st.nodesLockedByOthers) outline(this.scene.node(id), color, 1);
    if (st.hoverNode !== null) outline(this.scene.node(st.hoverNode), HOVER_COLOR, 0);
    for (const id of st.selectedNodes) {
      const e = this.scene.node(id);
      if (e?.mark !== frame) continue;
      outline(e, SELECTION_COLOR, 0);
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

  private nodeTransform(e: NodeEntry, S: number): void {
    const cam = this.camera;
    this.ctx.setTransform(S * e.box.cos, S * e.box.sin, -S * e.box.sin, S * e.box.cos, (e.box.x - cam.x) * S, (e.box.y - cam.y) * S);
  }
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
