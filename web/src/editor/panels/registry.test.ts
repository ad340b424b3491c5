import { describe, expect, it } from 'vitest';
import { MENU_OPTIONS } from './sideMenu';
import { panelDefinition, REGISTRY } from './registry';
import type { PanelDefinition } from './types';

const panels = REGISTRY.filter((e): e is PanelDefinition => e.kind === 'panel');

describe('the panel registry', () => {
  it('registers each panel once, each opened by at least one option', () => {
    const ids = panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of panels) {
      expect(p.menu.length).toBeGreaterThan(0);
      expect(panelDefinition(p.id)).toBe(p);
    }
  });

  it('gives the side menu its options in the order of map-editor.md §2', () => {
    expect(MENU_OPTIONS.map((o) => o.id)).toEqual([
      'addNode',
      'textOnMap',
      'edgeConnection',
      'layers',
      'nodeDesign',
      'contentForm',
      'nodeVisibility',
      'edgeDesign',
      'edgeVisibility',
      'shapeTemplates',
      'edgeTemplates',
      'globalSettings',
      'manageTemplates',
      'mapSettings',
      'editorsNote',
      'glossary',
      'sources',
      'headerBar',
      'quiz',
      'quizForm',
      'tableOfContents',
      'mediaTemplates',
      'mediaAssets',
      'socialNetworks',
      'cookieConsent',
      'seo',
      'mapUrl',
      'mapAccess',
      'embedCode',
      'versions',
      'protocol',
    ]);
  });

  it('keeps each option with the panel, role and section lock it had', () => {
    const of = (id: string) => MENU_OPTIONS.find((o) => o.id === id);
    expect(of('sources')).toMatchObject({
      group: 'organize',
      role: 'student',
      lock: 'source',
      opens: { kind: 'panel', panel: 'references' },
    });
    expect(of('mapAccess')).toMatchObject({
      group: 'manage',
      role: 'editor',
      lock: 'map_access',
      opens: { kind: 'panel', panel: 'publishing' },
    });
    expect(of('mediaAssets')).toMatchObject({ lock: 'media_asset', opens: { kind: 'panel', panel: 'mediaLibrary' } });
    expect(of('mediaTemplates')?.lock).toBeUndefined();
    expect(of('protocol')).toMatchObject({ role: 'admin', opens: { kind: 'panel', panel: 'protocol' } });
    expect(of('edgeConnection')?.opens).toEqual({ kind: 'mode', mode: 'connect' });
    expect(of('textOnMap')?.opens).toEqual({ kind: 'later' });
  });
});
