import { describe, expect, it } from 'vitest';
import { checkForm, EMPTY_FORM, formOf, isDateTime, metadataOf, parseList, toggleContainer } from './metadataForm';

describe('isDateTime', () => {
  it.each(['2026-11-25 14:30:00', '2024-02-29 00:00:00', '1999-12-31 23:59:59'])('takes %s', (text) => {
    expect(isDateTime(text)).toBe(true);
  });
  it.each([
    '2026-11-25',
    '2026-11-25T14:30:00',
    '2026-11-25 14:30',
    '2025-02-29 10:00:00',
    '2026-04-31 10:00:00',
    '2026-13-01 10:00:00',
    '2026-00-10 10:00:00',
    '2026-11-25 24:00:00',
    '2026-11-25 12:60:00',
    ' 2026-11-25 14:30:00',
  ])('refuses %s', (text) => {
    expect(isDateTime(text)).toBe(false);
  });
});

describe('parseList', () => {
  it('splits at commas, trims, drops empty words and repeats', () => {
    expect(parseList(' atoms, quarks,, atoms ,  ')).toEqual(['atoms', 'quarks']);
    expect(parseList('')).toEqual([]);
  });
});

describe('the metadata form', () => {
  const metadata = {
    containers: ['wide_panel' as const],
    kind: 'photo' as const,
    author: 'Ada',
    title: 'Atoms',
    contact: '',
    copyright: 'CC BY',
    date_creation: '2026-01-02 03:04:05',
    date_publication: null,
    author_text: '',
    summary: 'What matter is made of',
    source: '',
    keywords: ['atom', 'matter'],
    search_terms: [],
    categories: ['physics'],
  };

  it('round-trips the metadata', () => {
    expect(metadataOf(formOf(metadata))).toEqual(metadata);
  });

  it('sends empty dates and no kind as null, and trimmed texts', () => {
    const out = metadataOf({ ...EMPTY_FORM, title: '  Atoms ', date_creation: '  ', kind: '' });
    expect(out).toMatchObject({ title: 'Atoms', date_creation: null, date_publication: null, kind: null, keywords: [] });
  });

  it('names each field that cannot be sent', () => {
    const problems = checkForm({
      ...EMPTY_FORM,
      date_creation: '25.11.2026',
      date_publication: '2026-11-25 14:30:00',
      title: 'x'.repeat(501),
      summary: 'x'.repeat(5000),
      keywords: Array.from({ length: 51 }, (_, i) => `k${i}`).join(','),
      categories: 'y'.repeat(101),
    });
    expect(problems).toEqual({
      date_creation: { key: 'date' },
      title: { key: 'tooLong', max: 500 },
      keywords: { key: 'tooMany', max: 50 },
      categories: { key: 'tooLong', max: 100 },
    });
    expect(checkForm(formOf(metadata))).toEqual({});
  });

  it('adds and takes away containers', () => {
    expect(toggleContainer(['map_icon'], 'wide_panel', true)).toEqual(['map_icon', 'wide_panel']);
    expect(toggleContainer(['map_icon', 'wide_panel'], 'map_icon', false)).toEqual(['wide_panel']);
    expect(toggleContainer(['map_icon'], 'map_icon', true)).toEqual(['map_icon']);
  });
});
