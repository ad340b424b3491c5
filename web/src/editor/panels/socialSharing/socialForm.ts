// Social sharing's form (account-area §3): the networks offered, in one fixed order whatever the
// order they were ticked in, and the hashtags kept as the reader's share links use them.
import { DomainSocialNetwork } from '../../../api/constants';
import type { SocialSharing } from '../../../api/sections';
import { isHttpUrl, isTooLong, LIMITS } from '../kit/checks';

export type SocialNetwork = SocialSharing['networks'][number];

/** The networks in the order the form shows them: the server's own list (api/constants.ts). */
export const SOCIAL_NETWORKS: readonly SocialNetwork[] = DomainSocialNetwork;

/** The networks' own names, the same in every language; e-mail is named in the user's. */
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

export const EMPTY_SOCIAL: SocialSharing = { networks: [], title: {}, description: {}, hashtags: '', image: '' };

/** The networks with one ticked or unticked, in the fixed order. */
export function withNetwork(networks: readonly SocialNetwork[], network: SocialNetwork, on: boolean): SocialNetwork[] {
  const set = new Set(networks);
  if (on) set.add(network);
  else set.delete(network);
  return SOCIAL_NETWORKS.filter((n) => set.has(n));
}

/** Hashtags as typed ("#maps, learning  map") made one list: without #, space separated, no repeats. */
export function normalizeHashtags(raw: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of raw.split(/[\s,]+/)) {
    const tag = part.replace(/^#+/, '');
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out.join(' ');
}

export type SocialProblem = { field: 'hashtags'; key: 'tooLong'; max: number } | { field: 'image'; key: 'url' };

/** What the form refuses before sending: hashtags too long, an image that is not an http(s) address. */
export function socialProblem(field: 'hashtags' | 'image', value: string): SocialProblem | null {
  if (field === 'hashtags') return isTooLong(value, LIMITS.hashtags) ? { field, key: 'tooLong', max: LIMITS.hashtags } : null;
  return isHttpUrl(value) ? null : { field, key: 'url' };
}
