// The spec's rules that both the stored design and the drawing need, in one
// place for the web app (the server's home for them is package domain).

/** A circle's width and height are equal, to the larger of those set (domain.EqualCircleSides). */
export function equalCircleSides<D extends { shape?: string; width?: number; height?: number }>(d: D): D {
  if (d.shape !== 'circle') return d;
  const { width: w, height: h } = d;
  if (w !== undefined && h !== undefined) {
    const side = Math.max(w, h);
    return side === w && side === h ? d : { ...d, width: side, height: side };
  }
  if (w !== undefined) return { ...d, height: w };
  if (h !== undefined) return { ...d, width: h };
  return d;
}
