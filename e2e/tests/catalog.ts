import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Lang = 'en' | 'de' | 'fr';

export const LOCALES: readonly { lang: Lang; locale: string }[] = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'de', locale: 'de-DE' },
  { lang: 'fr', locale: 'fr-FR' },
];

type Catalog = { [key: string]: string | Catalog };

const cache = new Map<Lang, Catalog>();

function load(lang: Lang): Catalog {
  let catalog = cache.get(lang);
  if (!catalog) {
    const file = fileURLToPath(new URL(`../../web/src/i18n/${lang}.json`, import.meta.url));
    catalog = JSON.parse(readFileSync(file, 'utf8')) as Catalog;
    cache.set(lang, catalog);
  }
  return catalog;
}

/**
 * A text of the web app's catalog, as the user sees it: placeholders filled in, the markup that
 * <Trans> turns into elements dropped. The tests check the screens against the catalogs.
 */
export function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  let node: string | Catalog | undefined = load(lang);
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`)).replace(/<\/?\w+>/g, '');
}
