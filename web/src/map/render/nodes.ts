// Nodes in three tiers by their size on screen. Tiny ones: a filled box, one path per colour.
// Those showing no text, shadow or media at this zoom: plain vectors, one path per fill and
// border. The rest: cached bitmaps (bitmaps.ts).
import { LOD_BOX_PX, LOD_MIN_BORDER_PX, LOD_MIN_TEXT_PX, LOD_SHADOW_MIN_SCALE } from '../constants';
import type { NodeBitmaps } from './bitmaps';
import { DRAW_SHADOW, DRAW_TITLE, dashAt } from './draw';
import { byAlphaClass, type LevelView } from './levels';
import type { NodeEntry, Scene } from './scene';
import type { FrameStats, Pass } from './state';
import type { Context2D } from './types';

const NO_DASH: number[] = [];

export class NodeDrawer {
  // Reused per frame so that drawing allocates next to nothing.
  /** Per alpha class: filled boxes and plain shapes by colour key. */
  private readonly boxBuckets = byAlphaClass(() => new Map<string, NodeEntry[]>());
  private readonly plainBuckets = byAlphaClass(() => new Map<string, NodeEntry[]>());
  private readonly drawList: NodeEntry[] = [];
  private readonly bitmapList: NodeEntry[] = [];

  constructor(
    private readonly scene: Scene,
    private readonly levels: LevelView,
    private readonly bitmaps: NodeBitmaps,
  ) {}

  /**
   * Draws the visible nodes (those stamped `stamp`) in drawing order; background: the map's,
   * against which a node's fill may not show.
   */
  draw(
    pass: Pass,
    visible: readonly NodeEntry[],
    stamp: number,
    frame: number,
    dpr: number,
    background: string | null,
    stats: FrameStats,
  ): void {
    const { ctx, S } = pass;
    const levels = this.levels;
    // In drawing order: walk the ordered list when most nodes are in view, else sort the few.
    const list = this.drawList;
    list.length = 0;
    if (visible.length * 8 > this.scene.nodeCount) {
      for (const e of this.scene.drawOrder()) if (e.mark === stamp) list.push(e);
    } else {
      for (const e of visible) list.push(e);
      list.sort(byRank);
    }
    const shadows = S / dpr >= LOD_SHADOW_MIN_SCALE;
    const bitmapped = this.bitmapList;
    bitmapped.length = 0;
    let boxes = 0;
    let plain = 0;
    for (const e of list) {
      const size = Math.max(e.style.width, e.style.height) * S;
      const cls = levels.alphaClass(e.node.visibility);
      if (size < LOD_BOX_PX) {
        if (e.lodColor === '') continue;
        addTo(this.boxBuckets[cls], e.lodColor, e);
        boxes++;
        continue;
      }
      let flags = 0;
      if (e.title && e.title.block.fontSize * S >= LOD_MIN_TEXT_PX) flags |= DRAW_TITLE;
      if (shadows && e.style.shadow_enabled) flags |= DRAW_SHADOW;
      if (flags === 0 && e.media === null) {
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
      const alpha = levels.alphas[cls];
      if (boxes > 0) fillBoxes(ctx, this.boxBuckets[cls], alpha, background);
      if (plain > 0) drawPlain(ctx, this.plainBuckets[cls], alpha, S, background);
    }
    ctx.globalAlpha = 1;
    stats.boxes += boxes;
    stats.plain += plain;
    this.bitmaps.draw(pass, bitmapped, frame, levels, stats);
  }
}

/** Plain shapes sharing a fill and border: one path, one fill, one stroke. */
function drawPlain(ctx: Context2D, buckets: Map<string, NodeEntry[]>, alpha: number, S: number, background: string | null): void {
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
    const fill = s.bg_enabled && s.bg_color !== 'transparent' && !sameColour(s.bg_color, background);
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

function fillBoxes(ctx: Context2D, buckets: Map<string, NodeEntry[]>, alpha: number, background: string | null): void {
  ctx.globalAlpha = alpha;
  for (const [color, b] of buckets) {
    const first = b[0];
    if (!first) continue;
    // Boxes the colour of the map would not show: their border's colour stands for them (that of
    // the first, as a box this small cannot tell them apart).
    ctx.fillStyle = sameColour(color, background) && first.style.border_enabled ? first.style.border_color : color;
    ctx.beginPath();
    for (const e of b) ctx.rect(e.box.x - e.style.width / 2, e.box.y - e.style.height / 2, e.style.width, e.style.height);
    ctx.fill();
    b.length = 0;
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

/** Whether two CSS colours are the same hex colour (#fff is #FFFFFF); a null background is none. */
function sameColour(a: string, b: string | null): boolean {
  if (b === null) return false;
  return a === b || expandHex(a) === expandHex(b);
}

function expandHex(c: string): string {
  const x = c.trim().toLowerCase();
  return /^#[0-9a-f]{3}$/.test(x) ? `#${x[1]}${x[1]}${x[2]}${x[2]}${x[3]}${x[3]}` : x;
}
