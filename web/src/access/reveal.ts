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
