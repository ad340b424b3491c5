import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { refusal, skipReason } from './bibtexImport';
import {
  checkEditorsNote,
  checkGlossary,
  checkHeader,
  checkReferences,
  firstLanguage,
  isLinkUrl,
  languagesWithProblems,
  matchingTerms,
  moved,
  shownProblems,
  withText,
} from './sectionChecks';

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

describe('BibTeX import', () => {
  it('words the server’s skip reasons it knows, and leaves others as sent', () => {
    expect(skipReason('a reference with this key exists already')).toBe('keyTaken');
    expect(skipReason('the references are full (2000)')).toBe('full');
    expect(skipReason('something new')).toBeNull();
  });

  it('says why a file was refused: its problem and the parser’s words', () => {
    const err = new ApiError(
      400,
      'validation_failed',
      'the file is not BibTeX',
      { file: 'syntax error at line 1' },
      { file: { code: 'invalid', params: { format: 'bibtex' } } },
    );
    expect(refusal(err)).toEqual({ kind: 'refused', problem: { code: 'invalid' }, detail: 'syntax error at line 1' });
    expect(refusal(new ApiError(413, 'too_large', 'too large'))).toMatchObject({ kind: 'refused', problem: { code: 'too_large' } });
    expect(refusal(new ApiError(0, 'network_error', 'offline'))).toEqual({ kind: 'failed', message: 'offline' });
  });
});
