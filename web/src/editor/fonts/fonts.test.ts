import { describe, expect, it, vi } from 'vitest';
import { makeEdge, makeNode } from '../../map/render/testing';
import { FontLoader, clientFontSources, fontSources, usesFamilies } from './fonts';

describe('fontSources', () => {
  it('names each family with an address once, from objects, templates and the global design', () => {
    const sources = fontSources({
      nodes: [
        makeNode(1, 0, 0, { font_family: 'Inter', font_url: '/fonts/inter.woff2' }),
        makeNode(2, 0, 0, { font_family: 'Inter', font_url: '/fonts/inter.woff2' }),
        makeNode(3, 0, 0, { font_family: 'serif' }),
      ],
      edges: [makeEdge(1, 1, 2, { font_family: 'Lora', font_url: 'https://fonts.example.org/lora.woff2' })],
      object_templates: [{ id: 1, name: 'T', type: 'node', design: { font_family: 'Mono', font_url: '/m.woff2' } }],
      global_design: { nodes: {}, edges: {}, popups: {}, tooltips: {}, table_of_contents: {}, templates: {} },
    });
    expect(sources).toEqual([
      { family: 'Inter', url: '/fonts/inter.woff2' },
      { family: 'Lora', url: 'https://fonts.example.org/lora.woff2' },
      { family: 'Mono', url: '/m.woff2' },
    ]);
  });
});

describe('FontLoader', () => {
  it('loads each font once, adds it, and only logs one that fails', async () => {
    const added: string[] = [];
    const log = vi.fn();
    const make = vi.fn((family: string, source: string) => {
      const ok = !source.includes('broken');
      return { family, load: () => (ok ? Promise.resolve() : Promise.reject(new Error('404'))) } as unknown as FontFace;
    });
    const loader = new FontLoader({ add: (f) => added.push(f.family) }, make, log);
    const a = { family: 'Inter', url: '/inter.woff2' };
    const b = { family: 'Broken', url: '/broken.woff2' };
    expect(await loader.load([a, b])).toBe(1);
    expect(added).toEqual(['Inter']);
    expect(log).toHaveBeenCalledOnce();
    expect(make).toHaveBeenCalledWith('Inter', 'url("/inter.woff2")', undefined);
    expect(await loader.load([a, b])).toBe(0);
    expect(make).toHaveBeenCalledTimes(2);
  });
});

describe('clientFontSources', () => {
  it('makes one source per face, with its weight and style', () => {
    const sources = clientFontSources([
      {
        family_name: 'Inter',
        name: 'Inter (sans-serif)',
        faces: [
          { url: '/fonts/inter-latin-400-normal.woff2', style: 'normal', weight: 400, format: 'woff2' },
          { url: '/fonts/inter-latin-700-italic.woff2', style: 'italic', weight: 700, format: 'woff2' },
        ],
      },
    ]);
    expect(sources).toEqual([
      { family: 'Inter', url: '/fonts/inter-latin-400-normal.woff2', descriptors: { weight: '400', style: 'normal' } },
      { family: 'Inter', url: '/fonts/inter-latin-700-italic.woff2', descriptors: { weight: '700', style: 'italic' } },
    ]);
  });

  it('loads each face of a family, with its descriptors', async () => {
    const make = vi.fn((family: string, _source: string, descriptors?: FontFaceDescriptors) => {
      return { family, descriptors, load: () => Promise.resolve() } as unknown as FontFace;
    });
    const loader = new FontLoader({ add: () => undefined }, make, vi.fn());
    const faces = clientFontSources([
      {
        family_name: 'Inter',
        name: 'Inter',
        faces: [
          { url: '/a.woff2', style: 'normal', weight: 400, format: 'woff2' },
          { url: '/b.woff2', style: 'italic', weight: 400, format: 'woff2' },
        ],
      },
    ]);
    expect(await loader.load(faces)).toBe(2);
    expect(make).toHaveBeenLastCalledWith('Inter', 'url("/b.woff2")', { weight: '400', style: 'italic' });
  });
});

describe('usesFamilies', () => {
  it('tells whether any design names one of the families', () => {
    const doc = {
      nodes: [makeNode(1, 0, 0, { font_family: 'serif' })],
      edges: [makeEdge(1, 1, 1)],
      object_templates: [],
      global_design: { nodes: {}, edges: {}, popups: {}, tooltips: {}, table_of_contents: {}, templates: {} },
    };
    const families = new Set(['Inter', 'Merriweather']);
    expect(usesFamilies(doc, families)).toBe(false);
    expect(usesFamilies({ ...doc, nodes: [makeNode(2, 0, 0, { font_family: 'Inter' })] }, families)).toBe(true);
    expect(
      usesFamilies({ ...doc, object_templates: [{ id: 1, name: 'T', type: 'edge', design: { font_family: 'Merriweather' } }] }, families),
    ).toBe(true);
    expect(usesFamilies({ ...doc, global_design: { ...doc.global_design, nodes: { font_family: 'Inter' } } }, families)).toBe(true);
  });
});
