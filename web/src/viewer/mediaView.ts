// What a node's popup shows of its media: an image, a film or a sound, told by the asset's
// content type (asked of the server) or, for a link to another site, by its file name. A link
// to another site waits for the reader's consent to external sources; a GIF stands still when
// the map turns GIF animation off.
import type { GlobalDesign } from '../api/document';
import type { MediaRef, MediaUrl } from '../map';

export type MediaKind = 'image' | 'video' | 'audio';

export type PopupMedia =
  /** still: a GIF shown as its first frame (animation off). */
  | { kind: MediaKind; url: string; still: boolean }
  /** A link to another site the reader has not allowed yet. */
  | { kind: 'blocked'; url: string };

const VIDEO = /\.(mp4|m4v|webm|mov|ogv)$/i;
const AUDIO = /\.(mp3|m4a|aac|oga|ogg|opus|wav|flac)$/i;

/** The kind of a content type (image/svg+xml is an image too); null for none of them. */
export function kindOfType(contentType: string | null): MediaKind | null {
  const t = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (t.startsWith('image/')) return 'image';
  if (t.startsWith('video/')) return 'video';
  if (t.startsWith('audio/')) return 'audio';
  return null;
}

/** A link's kind by its path's extension (the query and fragment aside); an image otherwise. */
export function kindOfLink(url: string): MediaKind {
  let path = url;
  try {
    path = new URL(url, 'http://x.invalid').pathname;
  } catch {
    // Not a URL: judged as written.
  }
  if (VIDEO.test(path)) return 'video';
  if (AUDIO.test(path)) return 'audio';
  return 'image';
}

export function isGifLink(url: string): boolean {
  try {
    return /\.gif$/i.test(new URL(url, 'http://x.invalid').pathname);
  } catch {
    return false;
  }
}

/** The popup's picture is asked in this width: sharp across a large popup on a 2x screen. */
export const POPUP_IMAGE_WIDTH = 1024;

/**
 * What the popup shows, once the asset's content type is known (null while asking, or for an
 * asset the server did not answer). external: whether the reader allows other sites' content;
 * animateGifs: the map's switch.
 */
export function popupMedia(
  ref: MediaRef,
  assetUrl: MediaUrl,
  contentType: string | null,
  options: { external: boolean; animateGifs: boolean },
): PopupMedia | null {
  if (ref.kind === 'remote') {
    if (!options.external) return { kind: 'blocked', url: ref.url };
    const kind = kindOfLink(ref.url);
    return { kind, url: ref.url, still: kind === 'image' && isGifLink(ref.url) && !options.animateGifs };
  }
  const kind = kindOfType(contentType);
  if (kind === null) return null;
  const gif = contentType?.toLowerCase().startsWith('image/gif') ?? false;
  // Films and sounds stream from the original (ranges), a moving GIF too (variants are still);
  // any other picture comes in a variant wide enough.
  const original = kind !== 'image' || (gif && options.animateGifs);
  return { kind, url: assetUrl(ref.key, original ? null : POPUP_IMAGE_WIDTH), still: gif && !options.animateGifs };
}

/**
 * Whether GIFs move: the map's global design, popups section, gif_animation (a section stored as
 * the editor gives it; absent means on), unless the reader asked their system for less motion.
 * The canvas always draws them still.
 */
export function gifAnimationOn(design: Pick<GlobalDesign, 'popups'> | null | undefined, reducedMotion = false): boolean {
  return design?.popups.gif_animation !== false && !reducedMotion;
}
