// What the rich-text box allows and tells: links to http(s) and mailto: addresses and citations
// of the map's references (`#ref-{key}`, as the reader resolves them), where a link opens, and
// which pasted content the text cannot hold (pictures and embedded frames: the schema has no
// place for them, so they are left out, and the author is told).
import type { LinkTarget } from './fields';

const CITATION = '#ref-';

/** A link the text may carry: http(s), mailto: or a citation. */
export function isAllowedHref(href: string): boolean {
  const s = href.trim();
  if (s.startsWith(CITATION)) return s.length > CITATION.length;
  try {
    const u = new URL(s);
    return u.protocol === 'mailto:' || ((u.protocol === 'http:' || u.protocol === 'https:') && u.host !== '');
  } catch {
    return false;
  }
}

/** The link that cites a reference. */
export const citationHref = (key: string): string => `${CITATION}${encodeURIComponent(key)}`;

/** The targets a link in a text may have: the map's frame is the same window there. */
export const TEXT_LINK_TARGETS: readonly LinkTarget[] = ['new_window', 'same_window', 'embedding_window'];

/** The anchor's target for a link's (as the reader's header links use them). */
export function anchorTarget(target: LinkTarget): string {
  return target === 'new_window' ? '_blank' : target === 'embedding_window' ? '_top' : '_self';
}

/** A link's target from its anchor's (a link without one opens in a new window, Tiptap's default). */
export function targetOfAnchor(target: unknown): LinkTarget {
  return target === '_self' ? 'same_window' : target === '_top' ? 'embedding_window' : 'new_window';
}

const DROPPED = /<(img|picture|iframe|video|audio|object|embed|svg|canvas)\b/i;

/** Whether pasted HTML carries content the text leaves out. */
export const pasteLeavesOut = (html: string): boolean => DROPPED.test(html);

/** Whether pasted or dropped files are pictures (which the text cannot hold). */
export const filesArePictures = (files: readonly { type: string }[]): boolean => files.some((f) => f.type.startsWith('image/'));
