// The levels a frame shows: the current one and, while a change of level fades (the public map),
// the one fading out. Decides which elements are drawn at all and at which opacity.
import type { Visibility } from '../../api/document';
import { OUT_OF_LEVEL_OPACITY } from '../constants';
import type { EdgeEntry, NodeEntry } from './scene';
import type { RenderState } from './state';

/** How an element is drawn at the levels in view: 0 fully; 1 out of level (dimmed) or fading in; 2 fading out. */
export type AlphaClass = 0 | 1 | 2;
export type ByAlphaClass<T> = [T, T, T];

export function byAlphaClass<T>(make: () => T): ByAlphaClass<T> {
  return [make(), make(), make()];
}

function inLevel(v: Visibility, level: number): boolean {
  return v.min_level <= level && level <= v.max_level;
}

export class LevelView {
  /** The level drawn, and during a change of level the one faded out (0: none) and how far (0..1). */
  level = 1;
  from = 0;
  t = 1;
  /** The opacity of each alpha class this frame. */
  readonly alphas: ByAlphaClass<number> = [1, OUT_OF_LEVEL_OPACITY, 0];
  private fade: { from: number; start: number; ms: number } | null = null;

  /** Whether a change of level is still fading. */
  get fading(): boolean {
    return this.fade !== null;
  }

  /** Starts a fade from the level shown (or, with ms 0, ends any). */
  startFade(from: number, start: number, ms: number): void {
    this.fade = ms > 0 ? { from, start, ms } : null;
  }

  /** This frame's levels: the state's, and while a fade runs, the level faded out and how far. */
  forFrame(level: number, now: number): { level: number; from: number; t: number } {
    const f = this.fade;
    let t = 1;
    if (f) {
      t = Math.min(1, (now - f.start) / f.ms);
      if (t >= 1) this.fade = null;
    }
    this.set(level, this.fade ? (f?.from ?? 0) : 0, t);
    return { level: this.level, from: this.from, t: this.t };
  }

  set(level: number, from: number, t: number): void {
    this.level = level;
    this.from = from;
    this.t = t;
    if (from > 0) {
      this.alphas[1] = t;
      this.alphas[2] = 1 - t;
    } else {
      this.alphas[1] = OUT_OF_LEVEL_OPACITY;
      this.alphas[2] = 0;
    }
  }

  /** How an element is drawn at the view's levels; the opacity of each class is in alphas. */
  alphaClass(v: Visibility): AlphaClass {
    const on = inLevel(v, this.level);
    if (this.from === 0) return on ? 0 : 1;
    const was = inLevel(v, this.from);
    return on && was ? 0 : on ? 1 : 2;
  }

  /** The opacity an element of this visibility is drawn with. */
  alpha(v: Visibility): number {
    return this.alphas[this.alphaClass(v)];
  }

  /** Whether a node is drawn at all under the state (hidden ones are not, nor their edges). */
  nodeShown(e: NodeEntry, st: RenderState): boolean {
    const n = e.node;
    if (n.visibility.hidden || st.hiddenNodes.has(e.id)) return false;
    if (inLevel(n.visibility, this.level)) return st.layers[this.level - 1]?.hidden !== true;
    if (this.from > 0 && inLevel(n.visibility, this.from)) return st.layers[this.from - 1]?.hidden !== true;
    return st.outOfLevel === 'dim';
  }

  edgeShown(e: EdgeEntry, st: RenderState): boolean {
    if (!e.drawable || !e.from || !e.to) return false;
    const v = e.edge.visibility;
    if (v.hidden || st.hiddenEdges.has(e.id)) return false;
    if (!this.nodeShown(e.from, st) || !this.nodeShown(e.to, st)) return false;
    return st.outOfLevel === 'dim' || inLevel(v, this.level) || (this.from > 0 && inLevel(v, this.from));
  }
}
