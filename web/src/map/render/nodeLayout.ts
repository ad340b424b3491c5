// Laying out one node for the scene: its title placed for its style (spec §9), the bounds of
// everything drawn of it, and whether a new style changes its look.
import type { Language } from '../../api/types';
import type { NodeTextPosition } from '../../api/document';
import { FALLBACK_TITLE_ALPHA, SHADOW_BLUR_MULTIPLIER, TITLE_GAP } from '../constants';
import { rotatedBoxBounds } from '../geometry';
import { type NodeStyle, firstTitle, shownTitle } from '../style';
import type { NodeEntry, PlacedText } from './entries';
import { type TextBlock, cssFont, layoutText } from './text';
import type { TextMeasure } from './types';

/** How the scene lays out texts: the measure, and the languages in order of preference. */
export interface TextSettings {
  readonly measure: TextMeasure;
  /** Content languages in order of preference: the first one an element has is drawn. */
  readonly languages: readonly Language[];
  /** Whether a title in another language than the first is drawn dimmed (the editor shows it so). */
  readonly dimFallbackTitles: boolean;
}

/** Lays out the node's title for its style; answers whether what is drawn of it changed. */
export function layoutTitle(e: NodeEntry, text: TextSettings): boolean {
  const s = e.style;
  const prevText = e.title ? e.titleText : '';
  const prevFallback = e.titleFallback;
  const first = firstTitle(e.node.content, text.languages);
  const shown = shownTitle(s, first?.title);
  e.titlePending = false;
  e.titleLanguage = shown === '' ? null : (first?.language ?? null);
  e.titleFallback = text.dimFallbackTitles && e.titleLanguage !== null && e.titleLanguage !== text.languages[0];
  e.title = shown === '' ? null : placeTitle(shown, s, s.border_enabled ? s.border_width / 2 : 0, text.measure);
  if (e.title && e.titleFallback) e.title.alpha = FALLBACK_TITLE_ALPHA;
  e.titleText = shown;
  return shown !== prevText || e.titleFallback !== prevFallback;
}

/** Leaves the title for later (Scene.layoutPendingTitles); answers whether what is drawn of it changed. */
export function putOffTitle(e: NodeEntry): boolean {
  const had = e.title !== null;
  e.title = null;
  e.titleText = '';
  e.titleLanguage = null;
  e.titleFallback = false;
  e.titlePending = true;
  return had;
}

/** Everything drawn of the node (shape, shadow, title), locally and in the world. */
export function boundNode(e: NodeEntry): void {
  const s = e.style;
  const hw = s.width / 2;
  const hh = s.height / 2;
  const bp = s.border_enabled ? s.border_width / 2 : 0;
  let x0 = -hw - bp,
    y0 = -hh - bp,
    x1 = hw + bp,
    y1 = hh + bp;
  if (s.shadow_enabled) {
    const spread = s.shadow_blur * SHADOW_BLUR_MULTIPLIER;
    x0 = Math.min(x0, -hw + s.shadow_x - spread);
    y0 = Math.min(y0, -hh + s.shadow_y - spread);
    x1 = Math.max(x1, hw + s.shadow_x + spread);
    y1 = Math.max(y1, hh + s.shadow_y + spread);
  }
  const t = e.title;
  if (t) {
    for (let i = 0; i < t.xs.length; i++) {
      x0 = Math.min(x0, t.xs[i] ?? 0);
      x1 = Math.max(x1, (t.xs[i] ?? 0) + (t.block.widths[i] ?? 0));
    }
    y0 = Math.min(y0, t.y);
    y1 = Math.max(y1, t.y + t.block.height);
  }
  e.lx0 = x0;
  e.ly0 = y0;
  e.lx1 = x1;
  e.ly1 = y1;
  rotatedBoxBounds(e.box.x, e.box.y, x0, y0, x1, y1, e.box.cos, e.box.sin, e);
}

/** Spec §9 title gap: outside positions sit TITLE_GAP beyond the border; centre wraps inside it. */
function placeTitle(text: string, s: NodeStyle, bp: number, measure: TextMeasure): PlacedText {
  const pos: NodeTextPosition = s.title_position;
  const hw = s.width / 2;
  const hh = s.height / 2;
  const font = cssFont(s.font_style, s.font_weight, s.font_size, s.font_family);
  const wrap = pos === 'center' ? Math.max(1, s.width - 2 * TITLE_GAP) : s.width;
  const block = layoutText(text, wrap, font, s.font_size, s.line_height, 0, measure);
  let bx: number;
  let bw = wrap;
  if (pos === 'left') {
    bw = block.width;
    bx = -hw - bp - TITLE_GAP - bw;
  } else if (pos === 'right') {
    bw = block.width;
    bx = hw + bp + TITLE_GAP;
  } else if (pos === 'top-left' || pos === 'bottom-left') {
    bx = -hw;
  } else if (pos === 'top-right' || pos === 'bottom-right') {
    bx = hw - bw;
  } else {
    bx = -bw / 2;
  }
  let y: number;
  if (pos === 'top' || pos === 'top-left' || pos === 'top-right') y = -hh - bp - TITLE_GAP - block.height;
  else if (pos === 'bottom' || pos === 'bottom-left' || pos === 'bottom-right') y = hh + bp + TITLE_GAP;
  else y = -block.height / 2;
  return { block, xs: alignLines(block, bx, bw, s.text_align), y, color: s.font_color, decoration: s.text_decoration };
}

/** Where each line of a block starts in a box of this width, for the alignment. */
export function alignLines(block: TextBlock, boxX: number, boxWidth: number, align: NodeStyle['text_align']): number[] {
  return block.widths.map((w) => (align === 'left' ? boxX : align === 'right' ? boxX + boxWidth - w : boxX + (boxWidth - w) / 2));
}

/** Field-by-field equality of two resolved styles (shared style objects are simply identical). */
export function sameStyle(a: NodeStyle, b: NodeStyle): boolean {
  if (a === b) return true;
  for (const key in a) {
    if (a[key as keyof NodeStyle] !== b[key as keyof NodeStyle]) return false;
  }
  return true;
}
