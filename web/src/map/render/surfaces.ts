// Offscreen surfaces for node bitmaps and tiles: made, and given back at once when dropped.
import type { Surface } from './types';

export function defaultSurface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

export function releaseSurface(s: Surface): void {
  // A zero-sized canvas gives its memory back at once instead of at garbage collection.
  s.width = 0;
  s.height = 0;
}
