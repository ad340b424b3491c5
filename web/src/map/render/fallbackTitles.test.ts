import { describe, expect, it } from 'vitest';
import type { Node } from '../../api/document';
import { FALLBACK_TITLE_ALPHA } from '../constants';
import { firstTitle } from '../style';
import { drawText } from './draw';
import { Scene, sceneDocument } from './scene';
import { FakeContext, fakeMeasure, makeNode } from './testing';

function withTitles(id: number, titles: Partial<Record<'en' | 'de' | 'fr', string>>): Node {
  const content = Object.fromEntries(Object.entries(titles).map(([l, title]) => [l, { title }]));
  return makeNode(id, 100 * id, 100, {}, { content });
}

function sceneOf(nodes: Node[], dimFallbackTitles: boolean) {
  const scene = new Scene({ measure: fakeMeasure, languages: ['de', 'en', 'fr'], dimFallbackTitles });
  scene.setDocument(sceneDocument({ nodes, edges: [], object_templates: [], global_design: null }));
  return scene;
}

describe('firstTitle', () => {
  it('takes the first language with a non-empty title', () => {
    expect(firstTitle({ de: { title: ' ' }, en: { title: 'Map' } }, ['de', 'en'])).toEqual({ title: 'Map', language: 'en' });
    expect(firstTitle({ de: { title: 'Karte' }, en: { title: 'Map' } }, ['de', 'en'])).toEqual({ title: 'Karte', language: 'de' });
    expect(firstTitle({ fr: { title: 'Carte' } }, ['de', 'en'])).toBeNull();
  });
});

describe('fallback titles on the canvas', () => {
  it('draws a title of another language dimmed, the own language fully', () => {
    const scene = sceneOf([withTitles(1, { de: 'Karte', en: 'Map' }), withTitles(2, { en: 'Only English' })], true);
    const own = scene.node(1);
    const other = scene.node(2);
    expect(own?.titleText).toBe('Karte');
    expect(own?.titleFallback).toBe(false);
    expect(own?.title?.alpha).toBeUndefined();
    expect(other?.titleText).toBe('Only English');
    expect(other?.titleLanguage).toBe('en');
    expect(other?.titleFallback).toBe(true);
    expect(other?.title?.alpha).toBe(FALLBACK_TITLE_ALPHA);

    const ctx = new FakeContext();
    ctx.globalAlpha = 0.8;
    if (other?.title) drawText(ctx, other.title, 1);
    expect(ctx.ops('fillText')[0]?.alpha).toBeCloseTo(0.8 * FALLBACK_TITLE_ALPHA);
    // The alpha is given back for what is drawn next.
    expect(ctx.globalAlpha).toBe(0.8);
  });

  it('falls back without dimming where the scene is not asked to (the public map)', () => {
    const scene = sceneOf([withTitles(2, { en: 'Only English' })], false);
    expect(scene.node(2)?.titleText).toBe('Only English');
    expect(scene.node(2)?.titleFallback).toBe(false);
    expect(scene.node(2)?.title?.alpha).toBeUndefined();
  });

  it('lays out again when the languages change, and a changed fallback redraws the bitmap', () => {
    const scene = sceneOf([withTitles(2, { en: 'Only English', de: '' })], true);
    const entry = scene.node(2);
    const before = entry?.version ?? 0;
    expect(entry?.titleFallback).toBe(true);
    scene.relayoutText(['en', 'de', 'fr']);
    expect(entry?.titleFallback).toBe(false);
    expect(entry?.version).toBeGreaterThan(before);
  });
});
