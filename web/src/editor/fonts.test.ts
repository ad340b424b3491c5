import { describe, expect, it, vi } from 'vitest';
import { makeEdge, makeNode } from '../map/render/testing';
import { FontLoader, fontSources } from './fonts';

describe('fontSources', () => {
  it('names each family with an address once, from objects, templates and the global design', () => {
    const sources = fontSources({
      nodes: [makeNode(1, 0, 0, { font_family: 'Inter', font_url: '/fonts/inter.woff2' }), makeNode(2, 0, 0, { font_family: 'Inter', font_url: '/fonts/inter.woff2' }), makeNode(3, 0, 0, { font_family: 'serif' })],
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
    expect(make).toHaveBeenCalledWith('Inter', 'url("/inter.woff2")');
    expect(await loader.load([a, b])).toBe(0);
    expect(make).toHaveBeenCalledTimes(2);
  });
});
