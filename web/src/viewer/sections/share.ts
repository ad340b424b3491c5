// Share buttons: each network's own share address with the map's (or the open node's) link.
// Plain links opened in a new window without opener: no network's script is loaded.
import type { SocialSharing } from '../../api/sections';

export type SocialNetwork = SocialSharing['networks'][number];

export interface Shared {
  url: string;
  title: string;
  description: string;
  /** Separated by spaces or commas, without #. */
  hashtags: string;
}

const q = encodeURIComponent;

function tags(hashtags: string): string[] {
  return hashtags
    .split(/[\s,]+/)
    .map((t) => t.replace(/^#/, ''))
    .filter((t) => t !== '');
}

/** The text that goes with the link where a network takes only one text. */
function message(s: Shared): string {
  const hash = tags(s.hashtags)
    .map((t) => `#${t}`)
    .join(' ');
  return [s.title, hash].filter((p) => p !== '').join(' ');
}

export function shareAddress(network: SocialNetwork, s: Shared): string {
  const text = message(s);
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${q(s.url)}`;
    case 'x':
      return `https://x.com/intent/post?url=${q(s.url)}&text=${q(s.title)}${tags(s.hashtags).length > 0 ? `&hashtags=${q(tags(s.hashtags).join(','))}` : ''}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${q(s.url)}`;
    case 'xing':
      return `https://www.xing.com/spi/shares/new?url=${q(s.url)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${q([text, s.url].filter((p) => p !== '').join(' '))}`;
    case 'telegram':
      return `https://t.me/share/url?url=${q(s.url)}&text=${q(text)}`;
    case 'mastodon':
      // Mastodon has no one address: its share page asks the reader for their instance.
      return `https://mastodonshare.com/?text=${q(text)}&url=${q(s.url)}`;
    case 'bluesky':
      return `https://bsky.app/intent/compose?text=${q([text, s.url].filter((p) => p !== '').join(' '))}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${q(s.url)}&title=${q(s.title)}`;
    case 'email':
      return `mailto:?subject=${q(s.title)}&body=${q([s.description, s.url].filter((p) => p !== '').join('\n\n'))}`;
  }
}

/** The networks' names as they write them (not translated). */
export const NETWORK_NAMES: Record<Exclude<SocialNetwork, 'email'>, string> = {
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  xing: 'XING',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  reddit: 'Reddit',
};
