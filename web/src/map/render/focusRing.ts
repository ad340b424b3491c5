// The keyboard focus on the map: a ring around the focused node, drawn over everything else and
// unlike the selection (blue, thin) or the hover — a dark ring on a white halo, wide enough to be
// seen on any background (WCAG's focus appearance: at least 2 CSS pixels, contrasting both ways).
import { nodeOutlinePath } from './draw';
import type { NodeEntry } from './scene';
import type { Pass } from './state';

export const FOCUS_RING_COLOR = '#1b1f24';
const FOCUS_HALO_COLOR = '#ffffff';
/** CSS pixels: the ring's width, its halo's, and the gap from the node's border to the ring. */
const RING_WIDTH = 3;
const HALO_WIDTH = 7;
const GAP = 6;

export function drawFocusRing(pass: Pass, e: NodeEntry, dpr: number): void {
  const { ctx, S } = pass;
  const px = dpr / S;
  ctx.setTransform(S * e.box.cos, S * e.box.sin, -S * e.box.sin, S * e.box.cos, (e.box.x - pass.x) * S, (e.box.y - pass.y) * S);
  ctx.globalAlpha = 1;
  const out = (e.style.border_enabled ? e.style.border_width / 2 : 0) + GAP * px;
  ctx.strokeStyle = FOCUS_HALO_COLOR;
  ctx.lineWidth = HALO_WIDTH * px;
  nodeOutlinePath(ctx, e, out);
  ctx.stroke();
  ctx.strokeStyle = FOCUS_RING_COLOR;
  ctx.lineWidth = RING_WIDTH * px;
  nodeOutlinePath(ctx, e, out);
  ctx.stroke();
}
