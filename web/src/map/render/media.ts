// What a node or the map shows as media, and which of an asset's sizes to ask for. An asset is
// named by its key only (the document holds no version or sizes): the host turns a key and a
// wanted width into a URL, and the server answers the variant nearest that width it has.
import type { NodeStyle } from '../style';

/** An asset of the map's client (by key) or a link to another site. */
export type MediaRef = { kind: 'asset'; key: string } | { kind: 'remote'; url: string };

/** Where the map's media come from: given by the host (the editor, the reader's map). */
export interface MediaSource {
  /** The URL of an asset's bytes at a variant width (null: the original), or null when keys are not shown. */
  assetUrl(key: string, width: number | null): string | null;
  /** Whether links to other sites may be loaded (the reader's cookie consent); absent: always. */
  remoteAllowed?: () => boolean;
}

/** The widths the server makes of an uploaded image (only those narrower than the original). */
export const VARIANT_WIDTHS: readonly number[] = [256, 1024, 2048];

/**
 * The narrowest variant at least `px` device pixels wide, which is then sharp where it is drawn;
 * null (the original) past the widest.
 */
export function variantFor(px: number): number | null {
  for (const w of VARIANT_WIDTHS) if (px <= w) return w;
  return null;
}

/** A node's media: media_url wins (the two exclude each other; a stored pair would show the link). */
export function mediaOf(media: string | null | undefined, mediaUrl: string | null | undefined): MediaRef | null {
  if (mediaUrl) return { kind: 'remote', url: mediaUrl };
  if (media) return { kind: 'asset', key: media };
  return null;
}

export function nodeMedia(s: Pick<NodeStyle, 'media' | 'media_url'>): MediaRef | null {
  return mediaOf(s.media, s.media_url);
}

/** One name per media, for the nodes that show it: '' for none. */
export function mediaId(ref: MediaRef | null): string {
  if (!ref) return '';
  return ref.kind === 'asset' ? `k:${ref.key}` : `u:${ref.url}`;
}
