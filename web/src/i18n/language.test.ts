import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language';

describe('pickLanguage', () => {
  it('takes the first two letters of the browser language', () => {
    expect(pickLanguage('de-DE')).toBe('de');
    expect(pickLanguage('fr-CA')).toBe('fr');
    expect(pickLanguage('en-GB')).toBe('en');
    expect(pickLanguage('DE')).toBe('de');
  });

  it('falls back to English', () => {
    expect(pickLanguage('es-ES')).toBe('en');
    expect(pickLanguage('')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage(null)).toBe('en');
  });
});
