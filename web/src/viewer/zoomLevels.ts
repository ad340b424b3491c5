// The public map's levels follow its zoom: the whole map is level 1 and each doubling of the zoom
// beyond it goes one level deeper, down to the map's last level.

/** The level shown at a scale, given the scale that shows the whole map. */
export function levelAtScale(scale: number, wholeMapScale: number, levels: number): number {
  const last = Math.max(1, Math.floor(levels));
  if (!(scale > 0) || !(wholeMapScale > 0)) return 1;
  const level = 1 + Math.floor(Math.log2(scale / wholeMapScale) + 1e-9);
  return Math.min(last, Math.max(1, level));
}

/** A scale well inside a level's band (half a doubling past its start): for jumping to it. */
export function scaleForLevel(level: number, wholeMapScale: number): number {
  return wholeMapScale * Math.pow(2, Math.max(0, level - 1) + 0.5);
}
