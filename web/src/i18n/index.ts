import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../api';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';
import { FALLBACK_LANGUAGE, isLanguage, LANGUAGES, pickLanguage } from './language';

export const resources = {
  en: { translation: en },
  de: { translation: de },
  fr: { translation: fr },
} as const;

export function initI18n(): typeof i18n {
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  void i18n.use(initReactI18next).init({
    resources,
    lng: pickLanguage(navigator.language),
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: LANGUAGES,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : FALLBACK_LANGUAGE;
}

/** Switches to the given language; null keeps the current one. */
export async function applyLanguage(language: Language | null): Promise<void> {
  if (language !== null && language !== currentLanguage()) {
    await i18n.changeLanguage(language);
  }
}
