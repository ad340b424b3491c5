import { describe, expect, it } from 'vitest';
import { EMPTY_COOKIES, withCategoryText } from './cookieForm';

describe('cookie consent', () => {
  it('changes one category text in one language and leaves the rest', () => {
    const one = withCategoryText(EMPTY_COOKIES, 'external', 'label', 'de', 'Externe Quellen');
    const two = withCategoryText(one, 'external', 'description', 'en', 'Videos and maps from other sites');
    expect(two.external).toEqual({ label: { de: 'Externe Quellen' }, description: { en: 'Videos and maps from other sites' } });
    expect(two.necessary).toEqual(EMPTY_COOKIES.necessary);
    expect(withCategoryText(two, 'external', 'label', 'de', '').external.label).toEqual({});
    expect(EMPTY_COOKIES.external.label).toEqual({});
  });
});
