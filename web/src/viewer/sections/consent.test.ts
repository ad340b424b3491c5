import { describe, expect, it } from 'vitest';
import type { CookieConsent } from '../../api/sections';
import { ALL, allowCategory, allows, asking, consentKey, decide, initialConsent, NECESSARY_ONLY, type ConsentStorage } from './consent';

const category = { label: { en: 'x' }, description: { en: 'y' } };
const consent = (enabled: boolean): CookieConsent => ({
  enabled,
  title: { en: 'Cookies' },
  text: { en: 'We ask.' },
  necessary: category,
  external: category,
  statistics: category,
});

function memory(): ConsentStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => {
      items.set(k, v);
    },
  };
}

describe('cookie consent', () => {
  it('allows everything and keeps nothing when the map does not ask', () => {
    const store = memory();
    for (const c of [null, consent(false)]) {
      const state = initialConsent(c, store, 'm-a');
      expect(state).toEqual({ kind: 'off' });
      expect(allows(state, 'external') && allows(state, 'statistics')).toBe(true);
      expect(asking(state)).toBe(false);
      expect(decide(state, NECESSARY_ONLY, store, 'm-a')).toEqual({ kind: 'off' });
    }
    expect(store.items.size).toBe(0);
  });

  it('asks first, allowing only the necessary and storing nothing', () => {
    const store = memory();
    const state = initialConsent(consent(true), store, 'm-a');
    expect(asking(state)).toBe(true);
    expect(allows(state, 'external')).toBe(false);
    expect(allows(state, 'statistics')).toBe(false);
    expect(store.items.size).toBe(0);
  });

  it('keeps the choice per map address once made, and reads it back', () => {
    const store = memory();
    const all = decide(initialConsent(consent(true), store, 'm-a'), ALL, store, 'm-a');
    expect(allows(all, 'external')).toBe(true);
    expect(store.items.get(consentKey('m-a'))).toBe('{"external":true,"statistics":true}');
    expect(initialConsent(consent(true), store, 'm-a')).toEqual({ kind: 'decided', choice: ALL });
    expect(asking(initialConsent(consent(true), store, 'm-b'))).toBe(true);

    const refused = decide(all, NECESSARY_ONLY, store, 'm-a');
    expect(allows(refused, 'external')).toBe(false);
    expect(initialConsent(consent(true), store, 'm-a')).toEqual({ kind: 'decided', choice: NECESSARY_ONLY });
  });

  it('allows one category on top of the choice, from undecided too', () => {
    const store = memory();
    const state = allowCategory(initialConsent(consent(true), store, 'm-a'), 'external', store, 'm-a');
    expect(state).toEqual({ kind: 'decided', choice: { external: true, statistics: false } });
    expect(allowCategory(decide(state, { external: false, statistics: true }, store, 'm-a'), 'external', store, 'm-a')).toEqual({
      kind: 'decided',
      choice: ALL,
    });
  });

  it('asks again over a kept value it cannot read, and survives storage that throws', () => {
    const store = memory();
    store.items.set(consentKey('m-a'), '{"external":"yes"}');
    expect(asking(initialConsent(consent(true), store, 'm-a'))).toBe(true);
    store.items.set(consentKey('m-a'), 'not json');
    expect(asking(initialConsent(consent(true), store, 'm-a'))).toBe(true);
    const broken: ConsentStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const state = initialConsent(consent(true), broken, 'm-a');
    expect(asking(state)).toBe(true);
    expect(decide(state, ALL, broken, 'm-a')).toEqual({ kind: 'decided', choice: ALL });
    expect(asking(initialConsent(consent(true), null, 'm-a'))).toBe(true);
  });
});
