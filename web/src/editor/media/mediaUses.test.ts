import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import type { MediaUse } from '../../api/media';
import { nodeTitleOfUse, placeText } from './mediaUses';

const node: MediaUse = { map_id: 3, map_name: 'Harbour map', place: 'node', node_id: 41, node_titles: { de: 'Hafen', en: 'Harbour' } };

// The catalogue's own texts, with their placeholders filled in.
const t = ((key: string, values: Record<string, unknown>) => {
  const text = key.split('.').reduce<unknown>((at, k) => (at as Record<string, unknown>)[k], en) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}) as unknown as TFunction;

describe('the places an asset is used', () => {
  it('names a node by its title in the interface language, else another', () => {
    expect(nodeTitleOfUse(node, ['en'])).toBe('Harbour');
    expect(nodeTitleOfUse(node, ['fr'])).toBe('Hafen');
    expect(nodeTitleOfUse({ ...node, node_titles: undefined }, ['en'])).toBeNull();
  });

  it('says which node, not its number', () => {
    expect(placeText(t, node, ['en'])).toBe('“Harbour” in “Harbour map”');
    expect(placeText(t, { ...node, node_titles: {} }, ['en'])).toBe('Node 41 in “Harbour map”');
    expect(placeText(t, { map_id: 3, map_name: 'Harbour map', place: 'map_background' }, ['en'])).toBe('Background of “Harbour map”');
  });
});
