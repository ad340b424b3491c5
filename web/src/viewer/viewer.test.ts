import { describe, expect, it } from 'vitest';
import type { Node } from '../api/document';
import { makeNode } from '../map/render/testing';
import { foldText, searchNodes } from './search';
import { browserStorage, VisitedNodes } from './visited';
import { levelAtScale, scaleForLevel } from './zoomLevels';

describe('levels follow the zoom', () => {
  it("is level 1 for the whole map and one deeper per doubling, within the map's levels", () => {
    expect(levelAtScale(0.1, 0.1, 5)).toBe(1);
    expect(levelAtScale(0.05, 0.1, 5)).toBe(1);
    expect(levelAtScale(0.19, 0.1, 5)).toBe(1);
    expect(levelAtScale(0.2, 0.1, 5)).toBe(2);
    expect(levelAtScale(0.4, 0.1, 5)).toBe(3);
    expect(levelAtScale(100, 0.1, 5)).toBe(5);
    expect(levelAtScale(100, 0.1, 1)).toBe(1);
    expect(levelAtScale(0, 0.1, 5)).toBe(1);
  });

  it('jumps to a scale inside the level asked for', () => {
    for (const level of [1, 2, 3, 4]) expect(levelAtScale(scaleForLevel(level, 0.3), 0.3, 4)).toBe(level);
  });
});

describe('search', () => {
  const withContent = (id: number, content: Node['content'], hidden = false): Node =>
    makeNode(id, 0, 0, {}, { content, visibility: { min_level: 1, max_level: 1, hidden } });
  const nodes = [
    withContent(1, { en: { title: 'Market overview' }, de: { title: 'Marktübersicht', node_search_terms: 'Markt, Überblick' } }),
    withContent(2, { en: { title: 'Overview', node_search_terms: 'summary' } }),
    withContent(3, { fr: { title: 'Élément clé' } }),
    withContent(4, { en: { title: 'Overview (hidden)' } }, true),
  ];

  it('folds case and accents', () => {
    expect(foldText('Übersicht Élément')).toBe('ubersicht element');
  });

  it('finds titles starting with the query first, then holding it, then search terms', () => {
    expect(searchNodes(nodes, 'overview', ['en'])).toEqual([
      { id: 2, title: 'Overview' },
      { id: 1, title: 'Market overview' },
    ]);
    expect(searchNodes(nodes, 'summary', ['en']).map((h) => h.id)).toEqual([2]);
  });

  it('looks in every language given and answers the title of the first', () => {
    expect(searchNodes(nodes, 'uberblick', ['en', 'de'])).toEqual([{ id: 1, title: 'Market overview' }]);
    expect(searchNodes(nodes, 'element', ['de', 'fr'])).toEqual([{ id: 3, title: 'Élément clé' }]);
    expect(searchNodes(nodes, 'element', ['en'])).toEqual([]);
    expect(searchNodes(nodes, '  ', ['en'])).toEqual([]);
  });
});

describe('visited nodes', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
  };

  it('keeps the marks per map across loads', () => {
    const storage = memory();
    const first = new VisitedNodes(storage, 'm1');
    const before = first.all;
    const after = first.add(7);
    expect(after).not.toBe(before);
    expect(first.add(7)).toBe(after);
    expect([...new VisitedNodes(storage, 'm1').all]).toEqual([7]);
    expect([...new VisitedNodes(storage, 'm2').all]).toEqual([]);
  });

  it('survives storage that holds rubbish or refuses', () => {
    const storage = memory();
    storage.data.set('strata:visited:m1', '{not json');
    expect([...new VisitedNodes(storage, 'm1').all]).toEqual([]);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    const v = new VisitedNodes(refusing, 'm1');
    expect([...v.add(3)]).toEqual([3]);
    expect([...new VisitedNodes(null, 'm1').add(4)]).toEqual([4]);
  });

  it('does without storage where even reading it throws (a frame of another site that may keep nothing)', () => {
    const denied = {
      get localStorage(): Storage {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    };
    expect(browserStorage(denied)).toBeNull();
    const storage = {} as Storage;
    expect(browserStorage({ localStorage: storage })).toBe(storage);
  });
});
