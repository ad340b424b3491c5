// What one wheel event asks of the view, shared by the editor and the public map. Browsers
// deliver a trackpad's two-finger scroll as plain wheel events (often on both axes, in small or
// fractional pixels) and its pinch as wheel events with ctrlKey, so by default a plain wheel pans
// and only Ctrl (or ⌘) zooms. Mouse users who want their wheel to zoom turn on "wheelZooms";
// a scroll that moves sideways still pans then, as a mouse wheel moves one axis only.
import { wheelZoomFactor } from './gestures';

export type WheelIntent = { kind: 'pan'; dx: number; dy: number } | { kind: 'zoom'; factor: number };

export interface WheelInput {
  deltaX: number;
  deltaY: number;
  /** 0 pixels, 1 lines, 2 pages. */
  deltaMode: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/** Pixels in a line of a line-based wheel, and in a page of a page-based one. */
const LINE_PX = 16;
const PAGE_PX = 800;

function pixels(delta: number, mode: number): number {
  return mode === 1 ? delta * LINE_PX : mode === 2 ? delta * PAGE_PX : delta;
}

/**
 * The pan (screen pixels the world moves by, as a drag would) or zoom (factor above 1 zooms in,
 * about the pointer) that a wheel event asks for.
 */
export function wheelIntent(e: WheelInput, options: { wheelZooms: boolean }): WheelIntent {
  if (e.ctrlKey || e.metaKey) return { kind: 'zoom', factor: wheelZoomFactor(e) };
  let dx = pixels(e.deltaX, e.deltaMode);
  let dy = pixels(e.deltaY, e.deltaMode);
  // Shift turns a mouse wheel sideways where the browser has not done so itself.
  if (e.shiftKey && dx === 0) {
    dx = dy;
    dy = 0;
  }
  if (options.wheelZooms && dx === 0 && dy !== 0) return { kind: 'zoom', factor: wheelZoomFactor(e) };
  // Scrolling down shows what is below: the world moves up (and no -0 leaves here).
  return { kind: 'pan', dx: -dx || 0, dy: -dy || 0 };
}
