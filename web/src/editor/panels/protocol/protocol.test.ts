import { describe, expect, it } from 'vitest';
import type { ProtocolEntry } from '../../../api/publishing';
import { appendPage, takenDown, titlesOf, whatParts } from './protocol';

const entry = (revision: number): ProtocolEntry => ({
  revision,
  type: 'node_design',
  user: { id: 1, name: 'Ada' },
  created_at: '2025-03-01T10:00:00Z',
  what: {},
  version: null,
});

describe('whatParts', () => {
  it('lists counts above 0 in a fixed order, then what else changed', () => {
    expect(whatParts({ positions: 3, nodes: 2, edges: 0, global_design: true, removed_edges: 1, map: false, layers: true })).toEqual([
      { kind: 'count', key: 'nodes', count: 2 },
      { kind: 'count', key: 'removed_edges', count: 1 },
      { kind: 'count', key: 'positions', count: 3 },
      { kind: 'flag', key: 'layers' },
      { kind: 'flag', key: 'global_design' },
    ]);
    expect(whatParts({})).toEqual([]);
  });

  it('names only titles that say something', () => {
    expect(titlesOf({ titles: ['Start', ' ', 'Goal '] })).toEqual(['Start', 'Goal']);
    expect(titlesOf({})).toEqual([]);
  });

  it('names a node that still exists by its current title in the reader’s language', () => {
    const nodes = new Map([
      [1, { content: { de: { title: 'Anfang' }, en: { title: 'Beginning' } } }],
      [2, { content: { de: { title: 'Neuer Name' } } }],
    ]);
    const what = { titles: ['Anfang', 'Alter Name', 'Entfernt'], node_ids: [1, 2, 3] };
    // The English interface: the English title; a node with German only falls back to it, as it is
    // now (renamed); a removed node keeps what the change recorded.
    expect(titlesOf(what, (id) => nodes.get(id), ['en', 'en'])).toEqual(['Beginning', 'Neuer Name', 'Entfernt']);
    expect(titlesOf(what, (id) => nodes.get(id), ['fr', 'de'])).toEqual(['Anfang', 'Neuer Name', 'Entfernt']);
  });
});

describe('appendPage', () => {
  it('puts an older page below, each revision once, newest first', () => {
    expect(appendPage([entry(9), entry(8)], [entry(8), entry(7), entry(5)]).map((e) => e.revision)).toEqual([9, 8, 7, 5]);
  });
});

describe('takenDown', () => {
  it('is a publishing change that names no version', () => {
    expect(takenDown({ type: 'map_published', version: null })).toBe(true);
    expect(takenDown({ type: 'map_published', version: { id: 2, name: '' } })).toBe(false);
    expect(takenDown({ type: 'map_reset', version: null })).toBe(false);
  });
});
