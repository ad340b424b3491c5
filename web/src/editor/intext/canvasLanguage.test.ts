import { describe, expect, it } from 'vitest';
import { addressWithLanguage, effectiveCanvasLanguage, initialCanvasLanguage, mapLanguagesOf } from './canvasLanguage';

describe('the canvas language', () => {
  it('opens on the link language, else the interface language the map has, else the map first', () => {
    expect(initialCanvasLanguage('fr', 'de', ['en', 'de', 'fr'])).toBe('fr');
    expect(initialCanvasLanguage(null, 'de', ['en', 'de'])).toBe('de');
    expect(initialCanvasLanguage(null, 'fr', ['de', 'en'])).toBe('de');
    expect(initialCanvasLanguage('fr', 'en', ['de'])).toBe('de');
    expect(initialCanvasLanguage(null, 'fr', [])).toBe('en');
  });

  it('falls back to the map first when the chosen language leaves the map', () => {
    expect(effectiveCanvasLanguage('de', ['en', 'de'])).toBe('de');
    expect(effectiveCanvasLanguage('fr', ['en', 'de'])).toBe('en');
    expect(mapLanguagesOf([])).toEqual(['en']);
  });

  it('writes the language into the address, keeping the rest', () => {
    expect(addressWithLanguage('https://x.test/editor/4?node=9&lang=en', 'de')).toBe('https://x.test/editor/4?node=9&lang=de');
    expect(addressWithLanguage('https://x.test/editor/4', 'fr')).toBe('https://x.test/editor/4?lang=fr');
  });
});
