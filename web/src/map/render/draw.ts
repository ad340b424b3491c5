// Vector drawing of one node and of text, in the node's local coordinates (origin at its centre,
// unrotated): the caller's transform maps them to device pixels. Used to rasterise a node into its
// cached bitmap and, when zoomed in too far for a bitmap, to draw it directly.
import { SHADOW_BLUR_MULTIPLIER } from '../constants';
import type { BorderStyle } from '../../api/document';
import type { NodeEntry, PlacedText } from './scene';
import type { NodeStyle } from '../style';
import type { Context2D, ImageLoader, LoadedImage } from './types';

export const DRAW_TITLE = 1;
export const DRAW_SHADOW = 2;

const NO_DASH: number[] = [];

/** Line dash for a border style, in the units the line width is in. */
export function dashFor(style: BorderStyle, width: number): number[] {
  if (style === 'dashed') return [Math.max(4, width * 3), Math.max(3, width * 2)];
  // Zero-length dashes with round caps draw dots as wide as the line.
  if (style === 'dotted') return [0, Math.max(2, width * 2)];
  return NO_DASH;
}

/**
 * Dashes shorter on screen than this (device pixels, a dash and its gap) cannot be told apart:
 * such a line is drawn solid and lighter, which looks the same and costs a rasteriser one segment
 * instead of dozens (a dashed edge zoomed far out was most of a tile's cost).
 */
const MIN_DASH_PERIOD_PX = 3;

/** The dash of a line drawn at S device pixels per unit, and the opacity it is drawn with. */
export function dashAt(style: BorderStyle, width: number, S: number): { dash: number[]; alpha: number } {
  const dash = dashFor(style, width);
  const on = dash[0] ?? 0;
  const off = dash[1] ?? 0;
  if (dash.length === 0 || (on + off) * S >= MIN_DASH_PERIOD_PX) return { dash, alpha: 1 };
  // The share of the line the dashes cover (a dot is as long as the line is wide).
  const covered = style === 'dotted' ? Math.max(width, 1 / S) : on;
  return { dash: NO_DASH, alpha: Math.min(1, covered / (covered + off)) };
}

function shapePath(ctx: Context2D, round: boolean, w: number, h: number, grow: number): void {
  ctx.beginPath();
  if (round) ctx.arc(0, 0, w / 2 + grow, 0, Math.PI * 2);
  else ctx.rect(-w / 2 - grow, -h / 2 - grow, w + 2 * grow, h + 2 * grow);
}

/** Outline path of the node's shape grown by `grow` (for hover, lock and selection outlines). */
export function nodeOutlinePath(ctx: Context2D, e: NodeEntry, grow: number): void {
  shapePath(ctx, e.box.round, e.style.width, e.style.height, grow);
}

/**
 * Draws the node. k: device pixels per world unit of the current transform (canvas shadows ignore
 * the transform, so their sizes are scaled by hand); cos/sin: the rotation the transform applies,
 * to turn the shadow's offset with the node.
 */
export function drawNodeVector(ctx: Context2D, e: NodeEntry, k: number, flags: number, images: ImageLoader | null, cos = 1, sin = 0): void {
  const s = e.style;
  const round = e.box.round;
  const w = s.width;
  const h = s.height;
  const shadow = (flags & DRAW_SHADOW) !== 0 && s.shadow_enabled;
  const bg = s.bg_enabled && s.bg_color !== 'transparent';
  const border = s.border_enabled && s.border_width > 0;

  if (shadow) {
    ctx.shadowColor = s.shadow_color;
    ctx.shadowBlur = s.shadow_blur * SHADOW_BLUR_MULTIPLIER * k;
    ctx.shadowOffsetX = (s.shadow_x * cos - s.shadow_y * sin) * k;
    ctx.shadowOffsetY = (s.shadow_x * sin + s.shadow_y * cos) * k;
  }
  if (bg) {
    shapePath(ctx, round, w, h, 0);
    ctx.fillStyle = s.bg_color;
    ctx.fill();
    // The fill casts the shadow; without a fill the border does.
    if (shadow) ctx.shadowColor = 'transparent';
  }

  if (e.media && images) {
    const img = nodeImage(images, e, k);
    if (img) {
      if (shadow && !bg) ctx.shadowColor = 'transparent';
      const { dw, dh } = mediaBox(s, img);
      ctx.save();
      if (s.media_cropped) {
        shapePath(ctx, round, w, h, 0);
        ctx.clip();
      }
      ctx.globalAlpha *= Math.min(1, Math.max(0, s.media_opacity / 100));
      ctx.drawImage(img.image, -dw / 2, -dh / 2, dw, dh);
      ctx.restore();
    }
  }

  if (border) {
    shapePath(ctx, round, w, h, 0);
    ctx.strokeStyle = s.border_color;
    ctx.lineWidth = s.border_width;
    ctx.setLineDash(dashFor(s.border_style, s.border_width));
    ctx.lineCap = s.border_style === 'dotted' ? 'round' : 'butt';
    ctx.stroke();
    ctx.setLineDash(NO_DASH);
    ctx.lineCap = 'butt';
  }
  if (shadow) {
    ctx.shadowColor = 'transparent';
    ctx.shadowBlur = 0;
    ctx.shadowOffsetX = 0;
    ctx.shadowOffsetY = 0;
  }
  if ((flags & DRAW_TITLE) !== 0 && e.title) drawText(ctx, e.title, k);
}

/**
 * The size a node's image is drawn at (world units): cropped, it covers the shape (and is
 * clipped to it); otherwise it fits inside. media_size (%) scales both.
 */
export function mediaBox(
  s: Pick<NodeStyle, 'width' | 'height' | 'media_cropped' | 'media_size'>,
  img: { width: number; height: number },
): { dw: number; dh: number } {
  const fx = s.width / img.width;
  const fy = s.height / img.height;
  const f = (s.media_cropped ? Math.max(fx, fy) : Math.min(fx, fy)) * (s.media_size / 100);
  return { dw: img.width * f, dh: img.height * f };
}

/**
 * The node's image at hand, asked for as wide as it is drawn (k device pixels a unit). Before
 * any is decoded the aspect is unknown: the node's larger side stands in for the width; once one
 * is, a wider drawing (a cropped, wide picture) asks again for a sharp enough one.
 */
function nodeImage(images: ImageLoader, e: NodeEntry, k: number): LoadedImage | null {
  const s = e.style;
  const ref = e.media;
  if (!ref) return null;
  const guess = Math.max(s.width, s.height) * (s.media_size / 100) * k;
  let img = images.get(ref, guess);
  if (!img || img.width <= 0 || img.height <= 0) return null;
  const px = mediaBox(s, img).dw * k;
  if (px > guess) img = images.get(ref, px) ?? img;
  return img;
}

/** Draws a placed text block (lines, colour, decoration) in the current transform. */
export function drawText(ctx: Context2D, t: PlacedText, k: number): void {
  const b = t.block;
  const alpha = ctx.globalAlpha;
  if (t.alpha !== undefined) ctx.globalAlpha = alpha * t.alpha;
  ctx.font = b.font;
  ctx.fillStyle = t.color;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const half = b.lineHeight / 2;
  const thick = Math.max(1 / k, b.fontSize / 15);
  for (let i = 0; i < b.lines.length; i++) {
    const x = t.xs[i] ?? 0;
    const mid = t.y + (b.tops[i] ?? 0) + half;
    ctx.fillText(b.lines[i] ?? '', x, mid);
    if (t.decoration !== 'none') {
      const dy = t.decoration === 'underline' ? b.fontSize * 0.45 : b.fontSize * 0.05;
      ctx.fillRect(x, mid + dy - thick / 2, b.widths[i] ?? 0, thick);
    }
  }
  ctx.globalAlpha = alpha;
}
