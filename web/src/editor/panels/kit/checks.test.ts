import { describe, expect, it } from 'vitest';
import {
  checkEditorsNote,
  checkGlossary,
  checkHeader,
  checkReferences,
  firstLanguage,
  hasProblemUnder,
  hasText,
  isHttpUrl,
  isHttpUrlOrEmpty,
  isTooLong,
  isLinkUrl,
  languagesWithProblems,
  matchingTerms,
  moved,
  shownProblems,
  textIn,
  withText,
} from './checks';

const note = { shown: true, label: {}, title: {}, text: {}, team_members: [] };
const term = (en: string, alternatives = '') => ({
  term: { en },
  alternatives: alternatives ? { en: alternatives } : {},
  synonyms: {},
  definition: {},
});

describe('section checks', () => {
  it('passes a good editor’s note and names each field that is not', () => {
    expect(checkEditorsNote({ ...note, title: { en: 'About' }, team_members: [{ name: 'Ada', description: {} }] }, ['en'])).toEqual({});
    expect(
      checkEditorsNote({ ...note, title: { en: 'x'.repeat(201), de: 'a\nb' }, team_members: [{ name: ' ', description: {} }] }, [
        'en',
        'de',
      ]),
    ).toEqual({
      'title.en': { code: 'too_long', params: { max: 200 } },
      'title.de': { code: 'lineBreak' },
      'team_members[0].name': { code: 'required' },
    });
  });

  it('needs a glossary term in some language, and checks the definition’s length', () => {
    expect(checkGlossary({ terms: [term('Atom')] }, ['en', 'fr'])).toEqual({});
    const bad = { ...term(''), definition: { fr: 'x'.repeat(10_001) } };
    expect(checkGlossary({ terms: [bad] }, ['en', 'fr'])).toEqual({
      'terms[0].term.en': { code: 'required' },
      'terms[0].definition.fr': { code: 'too_long', params: { max: 10_000 } },
    });
  });

  it('checks reference keys (form, duplicates), sources and http(s) links', () => {
    const refs = [
      { key: 'smith:2020', source: { en: 'Smith' }, link: 'https://doi.org/10.1/x' },
      { key: 'smith:2020', source: { en: 'Again' } },
      { key: 'bad key', source: {}, link: 'javascript:alert(1)' },
    ];
    expect(checkReferences({ references: refs }, ['en'])).toEqual({
      'references[1].key': { code: 'duplicate' },
      'references[2].key': { code: 'invalid' },
      'references[2].source.en': { code: 'required' },
      'references[2].link': { code: 'invalid_url' },
    });
  });

  it('checks the header’s colours, heights, addresses and links', () => {
    const link = { title: { en: 'Home' }, url: 'mailto:a@example.org', target: 'new_window' as const };
    expect(
      checkHeader({ background: '#fff', height: 60, logo_url: '/media/logo.png', floating_links: [link], additional_links: [] }, ['en']),
    ).toEqual({});
    expect(
      checkHeader(
        {
          background: 'red',
          height: 10,
          logo_height: Number.NaN,
          logo_link: 'ftp://x',
          floating_links: [],
          additional_links: [{ title: {}, url: 'nope', target: 'map_frame' }],
        },
        ['en'],
      ),
    ).toEqual({
      background: { code: 'invalid_colour' },
      height: { code: 'out_of_range', params: { min: 20, max: 300 } },
      logo_height: { code: 'out_of_range', params: { min: 8, max: 300 } },
      logo_link: { code: 'invalid_url' },
      'additional_links[0].title.en': { code: 'required' },
      'additional_links[0].url': { code: 'invalid_url' },
    });
  });

  it('shows the server’s problems of a refused value, and the panel’s own over them', () => {
    const server = {
      'title.en': { code: 'too_long', params: { max: 200 } },
      'label.de': { code: 'not_allowed', params: { allowed: ['en'] } },
    };
    expect(shownProblems({ 'title.en': { code: 'lineBreak' } }, server)).toEqual({
      'title.en': { code: 'lineBreak' },
      'label.de': { code: 'not_allowed', params: { allowed: 'en' } },
    });
    expect(languagesWithProblems(shownProblems({}, server), ['en', 'de', 'fr'])).toEqual(['en', 'de']);
  });

  it('edits texts by language, moves list items and searches terms', () => {
    expect(withText({ en: 'a', de: 'b' }, 'de', '')).toEqual({ en: 'a' });
    expect(withText(null, 'fr', 'c')).toEqual({ fr: 'c' });
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    const g = { terms: [term('Atom', 'atoms; atomic'), term('Bond'), term('Cell')] };
    expect(matchingTerms(g, 'ATOMIC', 'en')).toEqual([0]);
    expect(matchingTerms(g, '', 'en')).toEqual([0, 1, 2]);
    expect(matchingTerms(g, 'bond', 'de')).toEqual([]);
    expect(firstLanguage(['de', 'fr'], 'en')).toBe('de');
    expect(isLinkUrl('https://example.org')).toBe(true);
    expect(isLinkUrl('javascript:alert(1)')).toBe(false);
  });
});

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
    expect(languagesWithProblems(problems, ['en', 'de', 'pt-BR'])).toEqual(['de']);
  });

  it('takes only http(s) links and counts characters', () => {
    expect(isHttpUrl('')).toBe(false);
    expect(isHttpUrlOrEmpty('')).toBe(true);
    expect(isHttpUrl('https://example.org/imprint')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('example.org')).toBe(false);
    expect(isTooLong('é'.repeat(200), 200)).toBe(false);
    expect(isTooLong('x'.repeat(201), 200)).toBe(true);
  });

  it('opens on the canvas language, else the interface language, when the map has it, else the map first', () => {
    expect(firstLanguage(['en', 'de', 'fr'], 'fr', 'de')).toBe('fr');
    expect(firstLanguage(['en', 'pt-BR'], 'pt', 'en')).toBe('pt-BR');
    expect(firstLanguage(['en', 'de'], undefined, 'de-AT')).toBe('de');
    expect(firstLanguage(['de', 'fr'], 'en')).toBe('de');
    expect(firstLanguage([], 'fr')).toBe('en');
  });
});
