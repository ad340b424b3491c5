// Bringing a node into view for the keyboard: the least move of the view that shows it whole with
// a margin, or, when it is larger than the view, one that centres it.
import type { Bounds } from '../map/spatial';

/** How far (world units) to move the view's top-left so that `target` shows within `view` less `margin`. */
export function revealDelta(view: Bounds, target: Bounds, margin: number): { dx: number; dy: number } {
  const axis = (vMin: number, vMax: number, tMin: number, tMax: number): number => {
    const room = vMax - vMin - 2 * margin;
    if (tMax - tMin > room) return (tMin + tMax) / 2 - (vMin + vMax) / 2;
    if (tMin < vMin + margin) return tMin - (vMin + margin);
    if (tMax > vMax - margin) return tMax - (vMax - margin);
    return 0;
  };
  return { dx: axis(view.minX, view.maxX, target.minX, target.maxX), dy: axis(view.minY, view.maxY, target.minY, target.maxY) };
}

interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * How much of the canvas's left and right (CSS pixels) panels floating over it cover: a panel on
 * the left half covers up to its right edge, one on the right half from its left edge.
 */
export function coveredSides(canvas: Rect, panels: readonly Rect[]): { left: number; right: number } {
  let left = 0;
  let right = 0;
  const middle = (canvas.left + canvas.right) / 2;
  for (const p of panels) {
    if (p.right <= canvas.left || p.left >= canvas.right || p.bottom <= canvas.top || p.top >= canvas.bottom) continue;
    if ((p.left + p.right) / 2 < middle) left = Math.max(left, p.right - canvas.left);
    else right = Math.max(right, canvas.right - p.left);
  }
  // A view covered all across is revealed into as if nothing covered it.
  if (left + right >= canvas.right - canvas.left) return { left: 0, right: 0 };
  return { left, right };
}
