// Cookie consent's form (account-area §3): the banner's texts, the three categories a reader
// chooses from, each with a label and description by language, and the imprint and privacy links.
import type { CookieCategory, CookieConsent } from '../../../api/sections';
import type { Language } from '../../../api/types';
import { withText } from '../kit/checks';

export type CookieCategoryName = 'necessary' | 'external' | 'statistics';
export const COOKIE_CATEGORIES: readonly CookieCategoryName[] = ['necessary', 'external', 'statistics'];
export type CookieUrlField = 'imprint_url' | 'privacy_policy_url';

const emptyCategory = (): CookieCategory => ({ label: {}, description: {} });

export const EMPTY_COOKIES: CookieConsent = {
  enabled: false,
  title: {},
  text: {},
  necessary: emptyCategory(),
  external: emptyCategory(),
  statistics: emptyCategory(),
  imprint_url: '',
  privacy_policy_url: '',
};

/** The consent with one category's label or description in one language replaced. */
export function withCategoryText(
  value: CookieConsent,
  category: CookieCategoryName,
  field: keyof CookieCategory,
  lang: Language,
  text: string,
): CookieConsent {
  const current = value[category];
  return { ...value, [category]: { ...current, [field]: withText(current[field], lang, text) } };
}
