// The world areas drawn differently since the renderer last asked: what its tile cache redraws.
import type { Bounds } from '../spatial';

/** Changed areas kept for the renderer before it redraws everything instead. */
const MAX_DIRTY_AREAS = 512;

export class DirtyAreas {
  private areas: Bounds[] = [];
  private all = true;

  /** Records an area drawn differently now (an element's bounds before or after a change). */
  touch(b: Bounds): void {
    if (this.all || b.minX <= -1e15) return;
    // Beyond a few hundred areas, redrawing everything is cheaper than testing each.
    if (this.areas.length >= MAX_DIRTY_AREAS) {
      this.touchAll();
      return;
    }
    this.areas.push({ minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY });
  }

  touchAll(): void {
    this.all = true;
    this.areas = [];
  }

  /** What changed since the last call: everything, or these world areas. */
  take(): { all: boolean; areas: Bounds[] } {
    const out = { all: this.all, areas: this.areas };
    this.all = false;
    this.areas = [];
    return out;
  }
}
