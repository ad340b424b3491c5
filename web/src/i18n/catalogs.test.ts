import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';

type Catalog = Record<string, unknown>;

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') {
      out.set(path, value);
    } else if (typeof value === 'object' && value !== null) {
      for (const [k, v] of flatten(value as Catalog, path)) out.set(k, v);
    } else {
      throw new Error(`${path} is neither text nor a group`);
    }
  }
  return out;
}

const catalogs = { en: flatten(en), de: flatten(de), fr: flatten(fr) };
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

// Texts that are the same in every language on purpose.
const sameEverywhere = new Set(['app.name', 'language.en', 'language.de', 'language.fr']);

describe('catalogs', () => {
  const enKeys = [...catalogs.en.keys()].sort();

  it.each(['de', 'fr'] as const)('%s has exactly the keys of en', (lang) => {
    expect([...catalogs[lang].keys()].sort()).toEqual(enKeys);
  });

  it.each(['en', 'de', 'fr'] as const)('%s has no empty texts', (lang) => {
    for (const [key, text] of catalogs[lang]) expect(text.trim(), key).not.toBe('');
  });

  it.each(['de', 'fr'] as const)('%s keeps the placeholders of en', (lang) => {
    for (const [key, text] of catalogs.en) {
      expect(placeholders(catalogs[lang].get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it.each(['de', 'fr'] as const)('%s is translated, not copied from en', (lang) => {
    const copied = enKeys.filter(
      (key) => !sameEverywhere.has(key) && catalogs[lang].get(key) === catalogs.en.get(key),
    );
    // A few words are the same in both languages (Administrator, Superuser); most are not.
    expect(copied.length, copied.join(', ')).toBeLessThanOrEqual(2);
  });
});
