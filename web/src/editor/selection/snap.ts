// Snapping while dragging or resizing: the moving box's edges and centre lines are pulled onto
// other nodes' edges and centre lines within a few screen pixels, and the lines they meet on are
// shown as guides. The targets are gathered once when the gesture starts (the nodes near the view)
// and kept sorted, so each pointer move is a binary search per line.
import type { Bounds } from '../../map';
import type { Guide } from './overlayMarks';

/** How near (screen pixels) a line must come to be pulled on. */
export const SNAP_DISTANCE_PX = 6;

interface Line {
  at: number;
  box: number;
}

export interface Snapped {
  dx: number;
  dy: number;
  guides: Guide[];
}

const NONE: Snapped = { dx: 0, dy: 0, guides: [] };

function linesOf(boxes: readonly Bounds[], axis: 'x' | 'y'): Line[] {
  const out: Line[] = [];
  boxes.forEach((b, i) => {
    const lo = axis === 'x' ? b.minX : b.minY;
    const hi = axis === 'x' ? b.maxX : b.maxY;
    out.push({ at: lo, box: i }, { at: (lo + hi) / 2, box: i }, { at: hi, box: i });
  });
  return out.sort((a, b) => a.at - b.at);
}

/** The index of the first line at or after v. */
function lowerBound(lines: readonly Line[], v: number): number {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((lines[mid]?.at ?? Infinity) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class SnapTargets {
  readonly #boxes: readonly Bounds[];
  readonly #xs: Line[];
  readonly #ys: Line[];

  constructor(boxes: readonly Bounds[]) {
    this.#boxes = boxes;
    this.#xs = linesOf(boxes, 'x');
    this.#ys = linesOf(boxes, 'y');
  }

  get size(): number {
    return this.#boxes.length;
  }

  /** The nearest target line to any of the values, within tolerance: its offset, or null. */
  #nearest(lines: readonly Line[], values: readonly number[], tolerance: number): number | null {
    let best: number | null = null;
    for (const v of values) {
      const i = lowerBound(lines, v);
      for (const j of [i - 1, i]) {
        const line = lines[j];
        if (!line) continue;
        const d = line.at - v;
        if (Math.abs(d) <= tolerance && (best === null || Math.abs(d) < Math.abs(best))) best = d;
      }
    }
    return best;
  }

  /** Guides along the values of `moved` that lie on target lines, spanning the boxes that meet them. */
  #guides(lines: readonly Line[], values: readonly number[], moved: Bounds, axis: 'x' | 'y'): Guide[] {
    const out: Guide[] = [];
    const seen = new Set<number>();
    for (const v of values) {
      const key = Math.round(v * 1000);
      if (seen.has(key)) continue;
      let from = axis === 'x' ? moved.minY : moved.minX;
      let to = axis === 'x' ? moved.maxY : moved.maxX;
      let found = false;
      for (let j = lowerBound(lines, v - 1e-6); j < lines.length; j++) {
        const line = lines[j];
        if (!line || line.at > v + 1e-6) break;
        const b = this.#boxes[line.box];
        if (!b) continue;
        found = true;
        from = Math.min(from, axis === 'x' ? b.minY : b.minX);
        to = Math.max(to, axis === 'x' ? b.maxY : b.maxX);
      }
      if (found) {
        seen.add(key);
        out.push({ axis, at: v, from, to });
      }
    }
    return out;
  }

  /** A moving box: its left, centre and right (top, middle, bottom) pulled onto the nearest lines. */
  snapBox(box: Bounds, tolerance: number): Snapped {
    if (this.#boxes.length === 0) return NONE;
    const xs = [box.minX, (box.minX + box.maxX) / 2, box.maxX];
    const ys = [box.minY, (box.minY + box.maxY) / 2, box.maxY];
    const dx = this.#nearest(this.#xs, xs, tolerance) ?? 0;
    const dy = this.#nearest(this.#ys, ys, tolerance) ?? 0;
    const moved = { minX: box.minX + dx, maxX: box.maxX + dx, minY: box.minY + dy, maxY: box.maxY + dy };
    return {
      dx,
      dy,
      guides: [
        ...this.#guides(
          this.#xs,
          xs.map((x) => x + dx),
          moved,
          'x',
        ),
        ...this.#guides(
          this.#ys,
          ys.map((y) => y + dy),
          moved,
          'y',
        ),
      ],
    };
  }

  /** A moving corner (a resize): pulled onto the nearest lines; `box` is the resized box for the guides. */
  snapPoint(x: number, y: number, box: Bounds, tolerance: number): Snapped {
    if (this.#boxes.length === 0) return NONE;
    const dx = this.#nearest(this.#xs, [x], tolerance) ?? 0;
    const dy = this.#nearest(this.#ys, [y], tolerance) ?? 0;
    return {
      dx,
      dy,
      guides: [...this.#guides(this.#xs, [x + dx], box, 'x'), ...this.#guides(this.#ys, [y + dy], box, 'y')],
    };
  }
}

/** The union of boxes. */
export function unionBounds(boxes: readonly Bounds[]): Bounds | null {
  if (boxes.length === 0) return null;
  return {
    minX: Math.min(...boxes.map((b) => b.minX)),
    minY: Math.min(...boxes.map((b) => b.minY)),
    maxX: Math.max(...boxes.map((b) => b.maxX)),
    maxY: Math.max(...boxes.map((b) => b.maxY)),
  };
}

const SNAP_KEY = 'strata.editor.snap';
const browserStorage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** Whether snapping is on (remembered in the browser; on unless turned off). */
export function readSnapSetting(storage: Pick<Storage, 'getItem'> | null = browserStorage()): boolean {
  try {
    return storage?.getItem(SNAP_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function writeSnapSetting(on: boolean, storage: Pick<Storage, 'setItem'> | null = browserStorage()): void {
  try {
    storage?.setItem(SNAP_KEY, on ? 'on' : 'off');
  } catch {
    // A browser that keeps nothing forgets it with the page.
  }
}
