// User Timing marks of the first frames of a map, set by the editor and the public map alike
// (read by the canvas benchmark and the browser's dev tools).
import type { FrameStats } from './renderer';

export const FIRST_MAP_FRAME_MARK = 'strata:first-map-frame';
/** The first frame with nothing left standing in (no stale tile or bitmap). */
export const MAP_SETTLED_MARK = 'strata:map-settled';

export class FirstFrameMarks {
  private shown = false;
  private settled = false;

  /** Called after each drawn frame with its figures. */
  afterFrame(stats: FrameStats): void {
    if (!this.shown && (stats.nodes > 0 || stats.tiles > 0)) {
      this.shown = true;
      performance.mark(FIRST_MAP_FRAME_MARK);
    }
    if (this.shown && !this.settled && stats.stale === 0) {
      this.settled = true;
      performance.mark(MAP_SETTLED_MARK);
    }
  }
}
