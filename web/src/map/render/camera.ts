// The view onto the world: which world point is at the canvas's top-left and how many CSS pixels a
// world unit takes. Screen coordinates are CSS pixels from the canvas's top-left.
import type { Point } from '../../api/document';
import { MAX_ZOOM_SCALE, MIN_ZOOM_SCALE } from '../constants';
import type { Bounds } from '../spatial';

export class Camera {
  /** World coordinates at the canvas's top-left. */
  x = 0;
  y = 0;
  scale = 1;
  /** Viewport size in CSS pixels. */
  width = 0;
  height = 0;
  minScale = MIN_ZOOM_SCALE;
  maxScale = MAX_ZOOM_SCALE;
  /** Bumped on every change, so that a renderer can tell whether the view moved. */
  version = 0;

  setViewport(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.version++;
  }

  worldToScreen(wx: number, wy: number, out: Point = { x: 0, y: 0 }): Point {
    out.x = (wx - this.x) * this.scale;
    out.y = (wy - this.y) * this.scale;
    return out;
  }

  screenToWorld(sx: number, sy: number, out: Point = { x: 0, y: 0 }): Point {
    out.x = this.x + sx / this.scale;
    out.y = this.y + sy / this.scale;
    return out;
  }

  /** The world rectangle in view. */
  viewport(out: Bounds = { minX: 0, minY: 0, maxX: 0, maxY: 0 }): Bounds {
    out.minX = this.x;
    out.minY = this.y;
    out.maxX = this.x + this.width / this.scale;
    out.maxY = this.y + this.height / this.scale;
    return out;
  }

  /** Moves the view by a drag of (dx, dy) screen pixels: the world follows the pointer. */
  panBy(dx: number, dy: number): void {
    this.x -= dx / this.scale;
    this.y -= dy / this.scale;
    this.version++;
  }

  /** Centres the view on a world point. */
  centerOn(wx: number, wy: number): void {
    this.x = wx - this.width / 2 / this.scale;
    this.y = wy - this.height / 2 / this.scale;
    this.version++;
  }

  /** Zooms by factor keeping the world point under (sx, sy) where it is (wheel and pinch). */
  zoomAt(factor: number, sx: number, sy: number): void {
    this.setScale(this.scale * factor, sx, sy);
  }

  /** Sets the scale (clamped) keeping the world point under (sx, sy) in place. */
  setScale(scale: number, sx = this.width / 2, sy = this.height / 2): void {
    const next = Math.min(this.maxScale, Math.max(this.minScale, scale));
    const wx = this.x + sx / this.scale;
    const wy = this.y + sy / this.scale;
    this.scale = next;
    this.x = wx - sx / next;
    this.y = wy - sy / next;
    this.version++;
  }

  /** Shows the whole of bounds with padding screen pixels around it, centred. */
  fitBounds(bounds: Bounds, padding = 40): void {
    const w = Math.max(1e-6, bounds.maxX - bounds.minX);
    const h = Math.max(1e-6, bounds.maxY - bounds.minY);
    const availW = Math.max(1, this.width - 2 * padding);
    const availH = Math.max(1, this.height - 2 * padding);
    this.scale = Math.min(this.maxScale, Math.max(this.minScale, Math.min(availW / w, availH / h)));
    this.centerOn((bounds.minX + bounds.maxX) / 2, (bounds.minY + bounds.maxY) / 2);
  }
}
