// The map's header bar: its links' targets, and which addresses a reader's link may have.
import type { HeaderLink } from '../../api/sections';

/** Only http(s) and mailto: anything else (javascript:, data:) is no link. */
export function safeLink(url: string | undefined): string | null {
  if (!url) return null;
  const s = url.trim();
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'mailto:' ? s : null;
  } catch {
    return null;
  }
}

/**
 * A link's target as the anchor takes it. The map's frame and the same window are both the
 * frame the map is shown in (the spec's "same/iframe"); the embedding window is the top one.
 */
export function linkTarget(target: HeaderLink['target']): { target: string; rel?: string } {
  switch (target) {
    case 'new_window':
      return { target: '_blank', rel: 'noopener noreferrer' };
    case 'embedding_window':
      return { target: '_top' };
    case 'same_window':
    case 'map_frame':
      return { target: '_self' };
  }
}
