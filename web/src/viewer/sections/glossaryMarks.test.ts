// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Glossary } from '../../api/sections';
import { GlossaryMatcher, glossaryEntries, indexLetter, markGlossary } from './glossaryMarks';
import { readerContent, readerText } from './readerContent';

const glossary: Glossary = {
  terms: [
    { term: { en: 'climate', de: 'Klima' }, alternatives: {}, synonyms: {}, definition: { en: 'Long-run weather.' } },
    {
      term: { en: 'climate change', de: 'Klimawandel' },
      alternatives: { en: 'global warming; warming' },
      synonyms: { de: 'Erderwärmung' },
      definition: { en: '<p>The <strong>shift</strong>.</p>' },
    },
    { term: { en: 'Straße', de: 'Straße' }, alternatives: {}, synonyms: {}, definition: { de: 'Weg' } },
    { term: { fr: 'été' }, alternatives: {}, synonyms: {}, definition: { fr: 'La saison chaude.' } },
    { term: { en: 'C++' }, alternatives: {}, synonyms: {}, definition: { en: 'A language.' } },
    { term: null, alternatives: {}, synonyms: {}, definition: {} },
  ],
};

function marked(html: string, languages: ('en' | 'de' | 'fr')[] = ['en']): string {
  const matcher = new GlossaryMatcher(glossaryEntries(glossary, languages));
  return readerContent(html, { glossary: matcher, referenceKeys: new Set(), blockExternal: null, origin: 'https://maps.example.org' });
}

const mark = (term: number, word: string) => `<button type="button" class="glossary-term" data-glossary="${term}">${word}</button>`;

describe('glossaryEntries', () => {
  it('lists the terms in the reader’s language A–Z, with their words, leaving out terms without a name', () => {
    const en = glossaryEntries(glossary, ['en', 'de', 'fr']);
    expect(en.map((e) => e.term)).toEqual(['C++', 'climate', 'climate change', 'été', 'Straße']);
    expect(en.find((e) => e.term === 'climate change')?.words).toEqual(['climate change', 'global warming', 'warming', 'Erderwärmung']);
    expect(glossaryEntries(glossary, ['de', 'en', 'fr']).map((e) => e.term)).toEqual(['C++', 'été', 'Klima', 'Klimawandel', 'Straße']);
    expect(glossaryEntries(null, ['en'])).toEqual([]);
  });

  it('files terms under their letter, accents folded', () => {
    expect(['été', 'Straße', '3D', 'Äpfel'].map(indexLetter)).toEqual(['E', 'S', '#', 'A']);
  });
});

describe('markGlossary', () => {
  it('marks whole words, case-insensitive, the longest match first', () => {
    expect(marked('<p>Climate change is not climate.</p>')).toBe(`<p>${mark(1, 'Climate change')} is not ${mark(0, 'climate')}.</p>`);
    expect(marked('<p>climates and microclimate</p>')).toBe('<p>climates and microclimate</p>');
    expect(marked('<p>GLOBAL WARMING, warming.</p>')).toBe(`<p>${mark(1, 'GLOBAL WARMING')}, ${mark(1, 'warming')}.</p>`);
  });

  it('finds words of other languages with accents and ß as whole words', () => {
    expect(marked('<p>Die Straße und die Straßenbahn.</p>', ['de'])).toBe(`<p>Die ${mark(2, 'Straße')} und die Straßenbahn.</p>`);
    expect(marked('<p>L’été, pas étés ni étéX.</p>', ['fr'])).toBe(`<p>L’${mark(3, 'été')}, pas étés ni étéX.</p>`);
    expect(marked('<p>Die Erderwärmung.</p>', ['de'])).toBe(`<p>Die ${mark(1, 'Erderwärmung')}.</p>`);
  });

  it('takes terms with signs in them literally', () => {
    expect(marked('<p>C++ and C+</p>')).toBe(`<p>${mark(4, 'C++')} and C+</p>`);
  });

  it('marks inside nested formatting but never inside links, nor across tags', () => {
    expect(marked('<p><em>about <strong>climate</strong></em></p>')).toBe(`<p><em>about <strong>${mark(0, 'climate')}</strong></em></p>`);
    expect(marked('<p><a href="https://x.example/climate">climate <b>change</b></a> climate <i>change</i></p>')).toBe(
      `<p><a href="https://x.example/climate">climate <b>change</b></a> ${mark(0, 'climate')} <i>change</i></p>`,
    );
  });

  it('leaves attributes alone and escapes what it serialises', () => {
    expect(marked('<p title="climate">&lt;climate&gt;</p>')).toBe(`<p title="climate">&lt;${mark(0, 'climate')}&gt;</p>`);
    expect(marked('<img src="x" alt="climate">')).toBe('<img src="x" alt="climate">');
  });

  it('marks plain texts too, escaping them', () => {
    const matcher = new GlossaryMatcher(glossaryEntries(glossary, ['en']));
    expect(readerText('<b>climate</b> & more', matcher)).toBe(`&lt;b&gt;${mark(0, 'climate')}&lt;/b&gt; &amp; more`);
    expect(readerText('<script>x</script>', null)).toBe('&lt;script&gt;x&lt;/script&gt;');
  });

  it('marks nothing with an empty glossary', () => {
    const root = document.createElement('div');
    root.innerHTML = '<p>climate</p>';
    expect(markGlossary(root, new GlossaryMatcher([]))).toBe(0);
    expect(root.innerHTML).toBe('<p>climate</p>');
  });
});
