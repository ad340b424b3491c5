// Viewing gestures shared by the editor and the public map: wheel zoom and a two-finger pinch.
import type { Point } from '../../api/document';

const WHEEL_ZOOM = 0.0015;
/** Pinching on a touchpad arrives as wheel events with ctrlKey and small deltas. */
const PINCH_WHEEL_ZOOM = 0.01;
/** Lines of a line-based wheel (deltaMode 1), in pixels. */
const WHEEL_LINE_PX = 16;

/** The zoom factor one wheel event asks for (above 1 zooms in). */
export function wheelZoomFactor(e: { deltaY: number; deltaMode: number; ctrlKey: boolean }): number {
  const dy = e.deltaMode === 1 ? e.deltaY * WHEEL_LINE_PX : e.deltaY;
  return Math.exp(-dy * (e.ctrlKey ? PINCH_WHEEL_ZOOM : WHEEL_ZOOM));
}

/** One step of a pinch: pan by (dx, dy), then zoom by factor about mid (screen pixels). */
export interface PinchStep {
  dx: number;
  dy: number;
  factor: number;
  mid: Point;
}

/**
 * Follows touch pointers on a surface. Two of them make a pinch: it zooms about their midpoint by
 * the change of their distance and pans with the midpoint. Lifting one ends it; the other does
 * nothing until it is lifted too.
 */
export class Pinch {
  private readonly pointers = new Map<number, Point>();
  private last: { distance: number; mid: Point } | null = null;

  get active(): boolean {
    return this.last !== null;
  }

  /** A pointer went down; answers true when it starts a pinch (the caller drops its gesture). */
  down(id: number, p: Point): boolean {
    this.pointers.set(id, p);
    if (this.pointers.size !== 2) return false;
    this.last = this.figures();
    return true;
  }

  /** A pointer moved; answers the step when it belongs to a pinch. */
  move(id: number, p: Point): PinchStep | null {
    if (!this.pointers.has(id)) return null;
    this.pointers.set(id, p);
    if (!this.last) return null;
    const next = this.figures();
    if (!next) return null;
    const prev = this.last;
    this.last = next;
    return { dx: next.mid.x - prev.mid.x, dy: next.mid.y - prev.mid.y, factor: next.distance / prev.distance, mid: next.mid };
  }

  /** A pointer went up or was cancelled; answers whether it was one of a pinch's. */
  up(id: number): boolean {
    if (!this.pointers.delete(id)) return false;
    if (!this.last) return false;
    if (this.pointers.size < 2) this.last = null;
    return true;
  }

  private figures(): { distance: number; mid: Point } | null {
    const [a, b] = [...this.pointers.values()];
    if (!a || !b) return null;
    return { distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
  }
}
