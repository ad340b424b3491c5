// User Timing marks of the first frames of a map, set by the editor and the public map alike
// (read by the canvas benchmark and the browser's dev tools).
import type { FrameStats } from './renderer';

export const FIRST_MAP_FRAME_MARK = 'strata:first-map-frame';
/** The first frame with nothing left standing in (no stale tile or bitmap). */
export const MAP_SETTLED_MARK = 'strata:map-settled';
/** The steps of opening a map before its first frame, for the benchmark's breakdown. */
export const DOCUMENT_READ_MARK = 'strata:document-read';
export const SCENE_BUILT_MARK = 'strata:scene-built';

/** Marks a step of opening a map (once a page: the first opening is the one measured). */
export function markOpening(name: typeof DOCUMENT_READ_MARK | typeof SCENE_BUILT_MARK): void {
  if (performance.getEntriesByName(name).length === 0) performance.mark(name);
}

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
