import { describe, expect, it } from 'vitest';
import { languageName } from './languageName';

describe('language names', () => {
  it('names any tag in the interface language', () => {
    expect(languageName('de', 'en')).toBe('German');
    expect(languageName('de', 'de')).toBe('Deutsch');
    expect(languageName('en', 'fr')).toBe('anglais');
    expect(languageName('pt-BR', 'en')).toBe('Brazilian Portuguese');
  });

  it('shows a tag it cannot name as it is', () => {
    expect(languageName('not a tag', 'en')).toBe('not a tag');
  });
});
