// Nodes showing text, a shadow or media are drawn from a bitmap cached per node, rasterised again
// only when the node's look or the zoom bucket changes, and then within a time budget a frame
// (a bitmap of the old zoom, scaled, stands in meanwhile). Least recently drawn ones are dropped
// beyond a pixel budget.
import { BITMAP_PIXEL_BUDGET, MAX_BITMAP_SIDE, SCALE_BUCKETS_PER_OCTAVE } from '../constants';
import { drawNodeVector } from './draw';
import type { LevelView } from './levels';
import type { NodeEntry } from './scene';
import type { FrameStats, Pass } from './state';
import { releaseSurface } from './surfaces';
import type { ImageLoader, Surface, SurfaceFactory } from './types';

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

/** Time a frame may spend rasterising bitmaps that only changed zoom bucket (ms). */
const RASTER_BUDGET_MS = 6;
/** Anti-aliasing margin around a node bitmap and a tile, in pixels. */
export const BITMAP_PAD = 2;

export class NodeBitmaps {
  private readonly bitmaps = new Map<NodeEntry, NodeBitmap>();
  private pixels = 0;

  constructor(
    private readonly createSurface: SurfaceFactory,
    private readonly images: ImageLoader | null,
    private readonly now: () => number,
  ) {}

  /** Draws the nodes (in order, their flags set) from their bitmaps, rasterising what must be. */
  draw(pass: Pass, list: readonly NodeEntry[], frame: number, levels: LevelView, stats: FrameStats): void {
    const { ctx, S } = pass;
    const bucket = Math.round(Math.log2(S) * SCALE_BUCKETS_PER_OCTAVE);
    const rs = Math.pow(2, bucket / SCALE_BUCKETS_PER_OCTAVE);
    let alpha = 1;
    let rasterMs = 0;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    for (const e of list) {
      const a = levels.alpha(e.node.visibility);
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
        stats.direct++;
        continue;
      }
      let bmp = this.bitmaps.get(e);
      if (!pass.exact && bmp?.version === e.version && (bmp.bucket !== bucket || bmp.flags !== flags) && rasterMs > RASTER_BUDGET_MS) {
        // Out of time this frame: the old bitmap, scaled, stands in until the next frame redoes it.
        stats.stale++;
      } else if (bmp?.version !== e.version || bmp.bucket !== bucket || bmp.flags !== flags) {
        const r0 = this.now();
        bmp = this.rasterise(e, bmp, bucket, rs, flags, bw, bh);
        rasterMs += this.now() - r0;
        stats.rasterised++;
      } else {
        // Most recently drawn last: eviction takes from the front.
        this.bitmaps.delete(e);
        this.bitmaps.set(e, bmp);
        stats.blits++;
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
      this.pixels -= prev.pixels;
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
    this.pixels += bmp.pixels;
    return bmp;
  }

  /** Drops the least recently drawn bitmaps beyond the budget (never one drawn this frame). */
  evict(frame: number): void {
    if (this.pixels <= BITMAP_PIXEL_BUDGET) return;
    for (const [e, b] of this.bitmaps) {
      if (this.pixels <= BITMAP_PIXEL_BUDGET || b.frame === frame) break;
      this.bitmaps.delete(e);
      this.pixels -= b.pixels;
      releaseSurface(b.surface);
    }
  }

  dispose(): void {
    for (const b of this.bitmaps.values()) releaseSurface(b.surface);
    this.bitmaps.clear();
    this.pixels = 0;
  }
}
