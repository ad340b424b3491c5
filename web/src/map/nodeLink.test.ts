import { describe, expect, it } from 'vitest';
import { nodeLinkUrl, readNodeLink, withFirst } from './nodeLink';

describe('readNodeLink', () => {
  it('reads the node, level and language', () => {
    expect(readNodeLink(new URLSearchParams('node=12&level=3&lang=de'), ['en', 'de'])).toEqual({ node: 12, level: 3, lang: 'de' });
  });

  it('leaves out what is malformed or not the map’s', () => {
    expect(readNodeLink(new URLSearchParams('node=1e3&level=-2&lang=fr'), ['en', 'de'])).toEqual({ node: null, level: null, lang: null });
    expect(readNodeLink(new URLSearchParams('node=0&level=x'), ['en'])).toEqual({ node: null, level: null, lang: null });
    expect(readNodeLink(new URLSearchParams(''), ['en'])).toEqual({ node: null, level: null, lang: null });
  });
});

describe('nodeLinkUrl', () => {
  it('puts the parts given on the page’s address, replacing its query', () => {
    expect(nodeLinkUrl('https://strata.example/m/city?node=1', { node: 7, level: 2 })).toBe('https://strata.example/m/city?node=7&level=2');
    expect(nodeLinkUrl('https://strata.example/editor/4', { node: 7, lang: 'fr' })).toBe('https://strata.example/editor/4?node=7&lang=fr');
  });
});

describe('withFirst', () => {
  it('puts the chosen language first, or keeps the map’s order', () => {
    expect(withFirst(['en', 'de', 'fr'], 'de')).toEqual(['de', 'en', 'fr']);
    expect(withFirst(['en', 'de'], null)).toEqual(['en', 'de']);
    expect(withFirst([], null)).toEqual(['en']);
  });
});
