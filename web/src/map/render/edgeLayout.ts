// Laying out one edge for the scene: its line between the end nodes' outlines, its arrow heads,
// its labels in three slots, its bounds; and the stroke groups edges are batched by.
import { EDGE_LABEL_GAP, SHADOW_BLUR_MULTIPLIER } from '../constants';
import { arrowGeometry, edgeAttachPoints, rotatedBoxBounds } from '../geometry';
import type { Bounds } from '../spatial';
import { type EdgeStyle, contentIn, labelSlotShown } from '../style';
import type { EdgeEntry, EdgeLabel, PlacedText, StrokeGroup } from './entries';
import { alignLines, type TextSettings } from './nodeLayout';
import { cssFont, layoutText } from './text';

/** Label slots and where along the edge each sits. */
const SLOTS = [
  ['start', 1 / 6],
  ['middle', 1 / 2],
  ['end', 5 / 6],
] as const;

/** The edges' strokes, one group per look, so that the renderer draws each group in one batch. */
export class StrokeGroups {
  private readonly byKey = new Map<string, StrokeGroup>();
  readonly list: StrokeGroup[] = [];

  /** The group of a style's stroke, made when first seen. */
  of(s: EdgeStyle): StrokeGroup {
    const shadow = s.shadow_enabled;
    const key = `${s.border_color}|${s.border_width}|${s.border_style}|${shadow ? `${s.shadow_color}|${s.shadow_x}|${s.shadow_y}|${s.shadow_blur}` : ''}`;
    let g = this.byKey.get(key);
    if (!g) {
      g = {
        id: this.list.length,
        color: s.border_color,
        width: s.border_width,
        dash: s.border_style,
        shadow,
        shadowColor: s.shadow_color,
        shadowX: s.shadow_x,
        shadowY: s.shadow_y,
        shadowBlur: s.shadow_blur,
      };
      this.byKey.set(key, g);
      this.list.push(g);
    }
    return g;
  }
}

/** Lays out an edge between its (connected) end nodes: line, arrow heads, labels and bounds. */
export function layoutEdge(e: EdgeEntry, text: TextSettings): void {
  const s = e.style;
  e.labels = [];
  e.start = e.end = null;
  e.hasLine = false;
  e.drawable = e.from !== null && e.to !== null && edgeAttachPoints(e.from.box, e.to.box, e.seg);
  if (!e.drawable) {
    // Out of the way of every query until it can be drawn.
    e.minX = e.minY = e.maxX = e.maxY = -1e15;
    return;
  }
  const { seg, line } = e;
  const dx = seg.x2 - seg.x1;
  const dy = seg.y2 - seg.y1;
  const len = Math.hypot(dx, dy);
  const ux = len === 0 ? 1 : dx / len;
  const uy = len === 0 ? 0 : dy / len;
  const lw = s.border_enabled ? s.border_width : 0;
  let pad = lw / 2;
  if (lw > 0) {
    e.start = arrowGeometry(s.line_start, seg.x1, seg.y1, -ux, -uy, lw, s.line_start_size);
    e.end = arrowGeometry(s.line_end, seg.x2, seg.y2, ux, uy, lw, s.line_end_size);
    const si = e.start.inset;
    const ei = e.end.inset;
    if (len - si - ei > 0) {
      e.hasLine = true;
      line.x1 = seg.x1 + ux * si;
      line.y1 = seg.y1 + uy * si;
      line.x2 = seg.x2 - ux * ei;
      line.y2 = seg.y2 - uy * ei;
    }
    pad = Math.max(pad, e.start.length, e.end.length);
    if (s.shadow_enabled) {
      pad = Math.max(pad, lw / 2 + Math.max(Math.abs(s.shadow_x), Math.abs(s.shadow_y)) + s.shadow_blur * SHADOW_BLUR_MULTIPLIER);
    }
  }
  e.minX = Math.min(seg.x1, seg.x2) - pad;
  e.minY = Math.min(seg.y1, seg.y2) - pad;
  e.maxX = Math.max(seg.x1, seg.x2) + pad;
  e.maxY = Math.max(seg.y1, seg.y2) + pad;

  const content = contentIn(e.edge.content, text.languages);
  if (!content) return;
  const slotWidth = len / 3;
  if (!labelSlotShown(s, slotWidth)) return;
  // Text reads left to right: the label frame points rightwards whatever the edge's direction.
  const flip = ux < 0 || (ux === 0 && uy < 0);
  const cos = flip ? -ux : ux;
  const sin = flip ? -uy : uy;
  const font = cssFont(s.font_style, s.font_weight, s.font_size, s.font_family);
  const tmp: Bounds = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  for (const [slot, t] of SLOTS) {
    const label = content[slot];
    if (label === undefined || label.trim() === '') continue;
    const block = layoutText(label, slotWidth, font, s.font_size, s.line_height, s.paragraph_spacing, text.measure);
    const off = lw / 2 + EDGE_LABEL_GAP;
    const y = s.text_position === 'top' ? -off - block.height : s.text_position === 'bottom' ? off : -block.height / 2;
    const placed: PlacedText = {
      block,
      xs: alignLines(block, -slotWidth / 2, slotWidth, s.text_align),
      y,
      color: s.font_color,
      decoration: s.text_decoration,
    };
    const placedLabel: EdgeLabel = { text: placed, x: seg.x1 + dx * t, y: seg.y1 + dy * t, cos, sin };
    e.labels.push(placedLabel);
    let lx0 = Infinity,
      lx1 = -Infinity;
    for (let j = 0; j < placed.xs.length; j++) {
      lx0 = Math.min(lx0, placed.xs[j] ?? 0);
      lx1 = Math.max(lx1, (placed.xs[j] ?? 0) + (block.widths[j] ?? 0));
    }
    rotatedBoxBounds(placedLabel.x, placedLabel.y, lx0, y, lx1, y + block.height, cos, sin, tmp);
    e.minX = Math.min(e.minX, tmp.minX);
    e.minY = Math.min(e.minY, tmp.minY);
    e.maxX = Math.max(e.maxX, tmp.maxX);
    e.maxY = Math.max(e.maxY, tmp.maxY);
  }
}
