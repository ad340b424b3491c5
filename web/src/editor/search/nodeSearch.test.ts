import { describe, expect, it } from 'vitest';
import type { Node } from '../../api/document';
import { NodeSearchIndex, foldText } from './nodeSearch';

function node(id: number, content: Node['content']): Node {
  return { id, content } as Node;
}

const nodes = [
  node(1, { en: { title: 'Market overview' }, de: { title: 'Marktübersicht', node_search_terms: 'Markt, Überblick' } }),
  node(2, { en: { title: 'Overview', node_search_terms: 'summary' } }),
  node(3, { de: { title: 'Herr Müller' }, fr: { title: 'Élément clé' } }),
  node(4, { de: { title: 'Hauptstraße' }, en: { title: 'Main street' } }),
  node(5, { en: { title: 'Reviewing' } }),
];

describe('foldText', () => {
  it('folds case, accents and the letters written as two', () => {
    expect(foldText('Müller')).toBe('muller');
    expect(foldText('Straße')).toBe(foldText('STRASSE'));
    expect(foldText('Élément Œuvre')).toBe('element oeuvre');
  });
});

describe('NodeSearchIndex', () => {
  const index = new NodeSearchIndex(nodes, ['en', 'de', 'fr']);

  it('finds titles starting with the query first, then holding it, then search terms', () => {
    expect(index.search('overview').map((h) => h.id)).toEqual([2, 1]);
    expect(index.search('view').map((h) => h.id)).toEqual([1, 2, 5]);
    expect(index.search('summary').map((h) => h.id)).toEqual([2]);
  });

  it('finds titles in every language, accents and case folded, naming the language when not the canvas’s', () => {
    expect(index.search('muller')).toEqual([{ id: 3, title: 'Herr Müller', matchedIn: 'de' }]);
    expect(index.search('ELEMENT')).toEqual([{ id: 3, title: 'Herr Müller', matchedIn: 'fr' }]);
    expect(index.search('hauptstrasse')).toEqual([{ id: 4, title: 'Main street', matchedIn: 'de' }]);
    expect(index.search('uberblick')).toEqual([{ id: 1, title: 'Market overview', matchedIn: 'de' }]);
    expect(index.search('main')).toEqual([{ id: 4, title: 'Main street', matchedIn: null }]);
  });

  it('answers nothing for an empty query, and at most the limit', () => {
    expect(index.search('  ')).toEqual([]);
    expect(index.search('e', 2)).toHaveLength(2);
  });

  it('a title start beats a title holding the query even past the limit', () => {
    const many = Array.from({ length: 50 }, (_, i) => node(100 + i, { en: { title: `Alpha ${i}` } }));
    const idx = new NodeSearchIndex([...many, node(1, { en: { title: 'Pha start' } })], ['en']);
    expect(idx.search('pha', 3).map((h) => h.title)).toEqual(['Pha start', 'Alpha 0', 'Alpha 1']);
  });

  it('scans 20,000 nodes per keystroke without building anything again', () => {
    const big = Array.from({ length: 20_000 }, (_, i) =>
      node(i + 1, { en: { title: `Node number ${i}` }, de: { title: `Knoten Nummer ${i}`, node_search_terms: `Begriff ${i}, Stichwort` } }),
    );
    const idx = new NodeSearchIndex(big, ['en', 'de']);
    expect(idx.size).toBe(20_000);
    const started = performance.now();
    for (const q of ['k', 'kn', 'kno', 'knoten 1999', 'stichwort', 'zzz']) idx.search(q);
    const perKeystroke = (performance.now() - started) / 6;
    // Measured at 2–6 ms on the CI machine; a rebuild per keystroke or a sort of all hits takes far more.
    expect(perKeystroke).toBeLessThan(60);
    expect(idx.search('knoten nummer 19999')).toEqual([{ id: 20_000, title: 'Node number 19999', matchedIn: 'de' }]);
  });
});
