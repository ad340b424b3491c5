import { describe, expect, it } from 'vitest';
import { firstLanguage, hasProblemIn, hasProblemUnder, hasText, isHttpUrl, isTooLong, textIn, withText } from './sectionTexts';

describe('texts by language', () => {
  it('sets a language and drops it when emptied', () => {
    const t = withText({ en: 'Map' }, 'de', 'Karte');
    expect(t).toEqual({ en: 'Map', de: 'Karte' });
    expect(withText(t, 'en', '  ')).toEqual({ de: 'Karte' });
    expect(textIn(t, 'fr')).toBe('');
    expect(textIn(null, 'en')).toBe('');
    expect(hasText({})).toBe(false);
    expect(hasText({ fr: 'Carte' })).toBe(true);
  });

  it('finds problems under a path and in a language', () => {
    const problems = { 'entries[2].title.de': { code: 'too_long' }, imprint_url: { code: 'invalid' } };
    expect(hasProblemUnder(problems, 'entries[2]')).toBe(true);
    expect(hasProblemUnder(problems, 'entries[1]')).toBe(false);
    expect(hasProblemUnder(problems, 'entries[20]')).toBe(false);
    expect(hasProblemIn(problems, 'de')).toBe(true);
    expect(hasProblemIn(problems, 'en')).toBe(false);
  });

  it('takes only http(s) links and counts characters', () => {
    expect(isHttpUrl('')).toBe(true);
    expect(isHttpUrl('https://example.org/imprint')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('example.org')).toBe(false);
    expect(isTooLong('é'.repeat(200), 200)).toBe(false);
    expect(isTooLong('x'.repeat(201), 200)).toBe(true);
  });

  it('opens on the interface language when the map has it, else the map first', () => {
    expect(firstLanguage(['en', 'de'], 'de-AT')).toBe('de');
    expect(firstLanguage(['de', 'fr'], 'en')).toBe('de');
    expect(firstLanguage([], 'fr')).toBe('en');
  });
});
