// The places a map uses an asset, as people read them: a node by its title (in the interface
// language when it has one there, else in another), not its number.
import type { TFunction } from 'i18next';
import type { MediaUse } from '../../api/media';

/** A used node's title in the first of the languages it has one in, else any; null without one. */
export function nodeTitleOfUse(use: MediaUse, languages: readonly string[]): string | null {
  const titles: Partial<Record<string, string>> = use.node_titles ?? {};
  for (const lang of languages) {
    const title = titles[lang]?.trim();
    if (title) return title;
  }
  return (
    Object.values(titles)
      .find((t) => t?.trim())
      ?.trim() ?? null
  );
}

/** The text of one place. */
export function placeText(t: TFunction, use: MediaUse, languages: readonly string[]): string {
  const title = use.place === 'node' ? nodeTitleOfUse(use, languages) : null;
  if (title !== null) return t('media.places.nodeTitled', { title, map: use.map_name });
  return t(`media.places.${use.place}`, { map: use.map_name, node: use.node_id ?? '' });
}
