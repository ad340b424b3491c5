// The language the editor's canvas shows (and edits titles in): chosen in the toolbar, kept in
// the address's lang= so that a reload or a copied link opens on it. Framework-free.
import type { Language } from '../../api/types';

/** The map's languages, English for a map that names none. */
export function mapLanguagesOf(languages: readonly Language[]): Language[] {
  return languages.length > 0 ? [...languages] : ['en'];
}

/**
 * The language the canvas opens on: the address's lang=, else the interface language when the
 * map has it (the author likely writes in it), else the map's first.
 */
export function initialCanvasLanguage(linkLanguage: Language | null, uiLanguage: Language, mapLanguages: readonly Language[]): Language {
  const all = mapLanguagesOf(mapLanguages);
  if (linkLanguage && all.includes(linkLanguage)) return linkLanguage;
  if (all.includes(uiLanguage)) return uiLanguage;
  return all[0] ?? 'en';
}

/** The canvas's language in effect: the chosen one while the map has it, else the map's first. */
export function effectiveCanvasLanguage(chosen: Language, mapLanguages: readonly Language[]): Language {
  const all = mapLanguagesOf(mapLanguages);
  return all.includes(chosen) ? chosen : (all[0] ?? 'en');
}

/** The address with lang= set to the language; the rest of it kept. */
export function addressWithLanguage(href: string, language: Language): string {
  const url = new URL(href);
  url.searchParams.set('lang', language);
  return url.toString();
}
