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

/** "Ada Lovelace" → "AL"; one word → its first letter. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => p?.charAt(0).toUpperCase() ?? '').join('');
}
