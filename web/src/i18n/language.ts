import type { Language } from '../api';

export const LANGUAGES = ['en', 'de', 'fr'] as const satisfies readonly Language[];
export const FALLBACK_LANGUAGE: Language = 'en';

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** The interface language for a browser language tag such as "de-CH": its first two letters, else English. */
export function pickLanguage(browserLanguage: string | null | undefined): Language {
  const code = (browserLanguage ?? '').slice(0, 2).toLowerCase();
  return isLanguage(code) ? code : FALLBACK_LANGUAGE;
}
