import { describe, expect, it } from 'vitest';
import type { ObjectTemplate } from '../../api/document';
import { edge, node } from '../store/storeFixtures';
import {
  clipOf,
  clipboardFlavours,
  MAX_CLIP_NODES,
  parseClip,
  readClipboard,
  STRATA_MIME,
  titlesText,
  type ClipPayload,
} from './clipboard';

const template = { id: 5, name: 'Station', type: 'node', design: {} } as unknown as ObjectTemplate;

function sample(): ClipPayload {
  const nodes = new Map([
    [1, node(1, { content: { en: { title: 'Town hall' }, de: { title: 'Rathaus' } }, template: '5', next_id: 2 })],
    [2, node(2, { content: { de: { title: 'Brücke' } }, next_id: 99 })],
    [3, node(3)],
  ]);
  return clipOf(7, [1, 2, 404], {
    node: (id) => nodes.get(id),
    edges: [edge(10, 1, 2), edge(11, 2, 3)],
    templates: new Map([[5, template]]),
  });
}

const asData = (flavours: Record<string, string>) => ({ getData: (type: string) => flavours[type] ?? '' });

describe('copying', () => {
  it('takes the nodes that exist and the edges between them, links only among them', () => {
    const p = sample();
    expect(p.nodes.map((n) => n.key)).toEqual([1, 2]);
    expect(p.edges.map((e) => [e.from, e.to])).toEqual([[1, 2]]);
    expect(p.nodes[0]?.template).toEqual({ name: 'Station', type: 'node' });
    expect(p.nodes[0]?.next).toBe(2);
    expect(p.nodes[1]?.next).toBeNull();
    expect(p.nodes[0]?.design).toEqual({ width: 100, height: 40 });
  });

  it('lists the titles as plain text, in the languages preferred', () => {
    expect(titlesText(sample(), ['de'])).toBe('Rathaus\nBrücke');
    expect(titlesText(sample(), ['en'])).toBe('Town hall\nBrücke');
  });

  it('reads back what it wrote, from its own type or from the HTML alone', () => {
    const flavours = clipboardFlavours(sample(), ['en']);
    expect(flavours['text/plain']).toBe('Town hall\nBrücke');
    expect(readClipboard(asData(flavours))).toEqual(sample());
    const htmlOnly = { 'text/html': `<html><body><!--StartFragment-->${flavours['text/html'] ?? ''}<!--EndFragment--></body></html>` };
    expect(readClipboard(asData(htmlOnly))).toEqual(sample());
  });
});

describe('reading a paste', () => {
  it('refuses junk and other formats', () => {
    expect(readClipboard(asData({ 'text/plain': 'Town hall' }))).toBeNull();
    expect(readClipboard(asData({ [STRATA_MIME]: '{not json' }))).toBeNull();
    expect(readClipboard(asData({ 'text/html': '<div data-strata-clipboard="!!!">' }))).toBeNull();
    expect(parseClip(JSON.stringify({ format: 'other', version: 1, mapId: 1, nodes: [], edges: [] }))).toBeNull();
    const p = sample();
    expect(parseClip(JSON.stringify({ ...p, nodes: [] }))).toBeNull();
    expect(parseClip(JSON.stringify({ ...p, nodes: [{ ...p.nodes[0], center: { x: 'a', y: 1 } }] }))).toBeNull();
    expect(parseClip(JSON.stringify({ ...p, edges: [{ ...p.edges[0], to: 404 }] }))).toBeNull();
  });

  it('keeps only the design and content fields the server takes', () => {
    const p = sample();
    const odd = {
      ...p,
      nodes: [
        {
          ...p.nodes[0],
          design: { width: 50, height: -4, bg_color: '#ff0000', evil: 'x', border_style: 'wavy' },
          content: { en: { title: 'A', has_more: true, script: 1 }, xx: { title: 'B' } },
        },
      ],
      edges: [],
    };
    const parsed = parseClip(JSON.stringify(odd));
    expect(parsed?.nodes[0]?.design).toEqual({ width: 50, bg_color: '#ff0000' });
    expect(parsed?.nodes[0]?.content).toEqual({ en: { title: 'A' } });
  });

  it('refuses a paste larger than it may be', () => {
    const p = sample();
    const many = { ...p, edges: [], nodes: Array.from({ length: MAX_CLIP_NODES + 1 }, (_, i) => ({ ...p.nodes[1], key: i + 1 })) };
    expect(parseClip(JSON.stringify(many))).toBeNull();
    expect(parseClip(' '.repeat(8_000_001))).toBeNull();
  });
});
