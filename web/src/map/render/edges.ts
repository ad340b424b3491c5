// Edges: batched by stroke group (one path per look and opacity), heads and labels left out when
// too small to see; the outlines drawn under marked edges.
import { LOD_MIN_ARROW_PX, LOD_MIN_TEXT_PX, LOD_SHADOW_MIN_SCALE, SHADOW_BLUR_MULTIPLIER } from '../constants';
import { dashAt, drawText } from './draw';
import type { LevelView } from './levels';
import type { EdgeEntry, Scene } from './scene';
import type { FrameStats, Pass } from './state';
import type { Context2D } from './types';

const NO_DASH: number[] = [];

export class EdgeDrawer {
  // Reused per frame so that drawing allocates next to nothing.
  private readonly buckets: EdgeEntry[][] = [];
  private readonly used: number[] = [];

  constructor(
    private readonly scene: Scene,
    private readonly levels: LevelView,
  ) {}

  /** Draws the edges in the list; dpr: device pixels per CSS pixel. */
  draw(pass: Pass, list: readonly EdgeEntry[], dpr: number, stats: FrameStats): void {
    const { ctx, S } = pass;
    const { buckets, used, levels } = this;
    used.length = 0;
    for (const e of list) {
      if (!e.style.border_enabled || e.group.width <= 0) continue;
      const i = e.group.id * 3 + levels.alphaClass(e.edge.visibility);
      let b = buckets[i];
      if (!b) buckets[i] = b = [];
      if (b.length === 0) used.push(i);
      b.push(e);
    }
    const shadows = S / dpr >= LOD_SHADOW_MIN_SCALE;
    const groups = this.scene.strokeGroups();
    ctx.setTransform(S, 0, 0, S, -pass.x * S, -pass.y * S);
    for (const i of used) {
      const bucket = buckets[i];
      const g = groups[Math.floor(i / 3)];
      if (!bucket || !g) continue;
      const { dash, alpha } = dashAt(g.dash, g.width, S);
      ctx.globalAlpha = (levels.alphas[i % 3] ?? 1) * alpha;
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
      ctx.globalAlpha = levels.alphas[i % 3] ?? 1;
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
      ctx.globalAlpha = levels.alpha(e.edge.visibility);
      for (const l of e.labels) {
        ctx.setTransform(S * l.cos, S * l.sin, -S * l.sin, S * l.cos, (l.x - pass.x) * S, (l.y - pass.y) * S);
        drawText(ctx, l.text, S);
        stats.labels++;
      }
    }
    ctx.globalAlpha = 1;
  }
}

/** Outlines edges in a colour (under them: the caller draws the edges after); extra in device pixels. */
export function outlineEdges(pass: Pass, list: readonly EdgeEntry[], color: string, extra: number, dpr: number): void {
  const { ctx, S } = pass;
  const px = dpr / S;
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

/** How far beyond its line an edge draws (heads, width, shadow), for exact culling. */
export function edgePad(e: EdgeEntry): number {
  const s = e.style;
  let pad = s.border_width / 2 + Math.max(e.start?.length ?? 0, e.end?.length ?? 0);
  if (s.shadow_enabled) pad += Math.max(Math.abs(s.shadow_x), Math.abs(s.shadow_y)) + s.shadow_blur * SHADOW_BLUR_MULTIPLIER;
  return pad;
}
