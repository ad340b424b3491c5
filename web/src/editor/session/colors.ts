// The visitor colours (docs/live-protocol.md) as CSS colours, and initials for names.
import type { VisitorColor } from '../../api/live';

export const VISITOR_CSS: Readonly<Record<VisitorColor, string>> = {
  orange: '#e8772e',
  'blue-grey': '#5f7a94',
  golden: '#c99a13',
  'dusky-rose': '#b86b7b',
  sea: '#1f8fa6',
  pink: '#e0559a',
  'greeny-blue': '#2a9d8f',
  'pale-teal': '#5fb3a8',
};

/** A visitor colour name (or '' from a released lock) as CSS; unknown names fall back to grey. */
export function visitorCss(color: string): string {
  return (VISITOR_CSS as Record<string, string | undefined>)[color] ?? '#7a8699';
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = '#000000';

/**
 * The text colour for initials on a visitor colour: white or near-black, whichever reads better.
 * White on the lighter colours (orange, golden, sea) stays under 3:1; one of the two always
 * reaches 4.5:1, as the luminance where both are equal gives about 4.6:1.
 */
export function visitorTextCss(color: string): string {
  const bg = visitorCss(color);
  return contrastRatio(bg, LIGHT_TEXT) >= contrastRatio(bg, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

/** "Ada Lovelace" → "AL"; one word → its first letter. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => p?.charAt(0).toUpperCase() ?? '').join('');
}
