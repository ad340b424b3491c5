import { describe, expect, it } from 'vitest';
import type { EdgeDesignValues, GlobalDesign, NodeDesignValues, ObjectTemplate } from '../api/document';
import { EDGE_DEFAULTS, NODE_DEFAULTS } from './constants';
import { makeEdge, makeNode } from './render/testing';
import {
  StyleResolver,
  indexTemplates,
  labelSlotShown,
  resolveEdgeStyle,
  resolveNodeStyle,
  shownTitle,
  inheritTemplateEqual,
  styleSource,
} from './style';

const templates: ObjectTemplate[] = [
  { id: 1, name: 'Topic', type: 'node', design: { bg_color: '#111111', font_size: 22, width: 200 } },
  { id: 2, name: 'Flow', type: 'edge', design: { border_color: '#222222', line_end: 'sharp', border_width: 9 } },
];
const byId = indexTemplates(templates);
const global: Pick<GlobalDesign, 'nodes' | 'edges'> = {
  nodes: { bg_color: '#333333', font_size: 16, border_width: 3 },
  edges: { border_color: '#444444', font_size: 30, border_style: 'dashed' },
};

describe('resolveNodeStyle', () => {
  it('takes the built-in defaults when nothing sets a field', () => {
    const s = resolveNodeStyle(makeNode(1, 0, 0), new Map(), null);
    for (const key of Object.keys(NODE_DEFAULTS) as (keyof NodeDesignValues)[]) {
      if (key === 'shape') continue;
      expect(s[key], key).toBe(NODE_DEFAULTS[key]);
    }
    expect(s.templated).toBe(false);
  });

  it('resolves each field from own, then template, then global, then default', () => {
    const node = makeNode(1, 0, 0, { object_template: '1', width: 150 });
    const s = resolveNodeStyle(node, byId, global);
    expect(s.width).toBe(150); // own over template's 200
    expect(s.bg_color).toBe('#111111'); // template over global
    expect(s.font_size).toBe(22); // template over global
    expect(s.border_width).toBe(3); // global
    expect(s.border_color).toBe(NODE_DEFAULTS.border_color); // default
    expect(s.templated).toBe(true);
    expect(s.object_template).toBe('1');

    expect(styleSource(node, 'width', byId, global)).toBe('own');
    expect(styleSource(node, 'bg_color', byId, global)).toBe('template');
    expect(styleSource(node, 'border_width', byId, global)).toBe('global');
    expect(styleSource(node, 'border_color', byId, global)).toBe('default');
    expect(styleSource(node, 'shape', byId, global)).toBe('own');
  });

  it('without a template goes from own straight to global', () => {
    const node = makeNode(1, 0, 0);
    expect(resolveNodeStyle(node, byId, global).bg_color).toBe('#333333');
    expect(styleSource(node, 'bg_color', byId, global)).toBe('global');
  });

  it('ignores a missing template and a template of the wrong type', () => {
    for (const ref of ['99', '2']) {
      const node = makeNode(1, 0, 0, { object_template: ref });
      const s = resolveNodeStyle(node, byId, global);
      expect(s.templated).toBe(false);
      expect(s.object_template).toBe('0');
      expect(s.bg_color).toBe('#333333');
    }
  });

  it('lets a value of the wrong type fall through to the next source', () => {
    const node = makeNode(1, 0, 0, { width: 'wide' as unknown as number });
    expect(resolveNodeStyle(node, byId, null).width).toBe(NODE_DEFAULTS.width);
    expect(styleSource(node, 'width', byId, null)).toBe('default');
  });

  it('makes a circle as wide as high, to the larger side', () => {
    const s = resolveNodeStyle(makeNode(1, 0, 0, { shape: 'circle', width: 50, height: 90 }), byId, null);
    expect([s.width, s.height]).toEqual([90, 90]);
    const r = resolveNodeStyle(makeNode(1, 0, 0, { shape: 'rectangle', width: 50, height: 90 }), byId, null);
    expect([r.width, r.height]).toEqual([50, 90]);
  });

  it('takes the shape from the geometry when the design has none', () => {
    const node = makeNode(1, 0, 0, { shape: 'circle' });
    node.design = {};
    expect(resolveNodeStyle(node, byId, null).shape).toBe('circle');
  });

  it('resolves the same through the caching StyleResolver', () => {
    const resolver = new StyleResolver(byId, global);
    for (const node of [
      makeNode(1, 0, 0),
      makeNode(2, 0, 0, { object_template: '1', font_size: 0 }),
      makeNode(3, 0, 0, { shape: 'circle' }),
    ]) {
      expect(resolver.node(node)).toEqual(resolveNodeStyle(node, byId, global));
    }
    const edge = makeEdge(1, 1, 2, { object_template: '2' });
    expect(resolver.edge(edge)).toEqual(resolveEdgeStyle(edge, byId, global));
  });
});

describe('resolveEdgeStyle', () => {
  it('takes the built-in defaults when nothing sets a field', () => {
    const s = resolveEdgeStyle(makeEdge(1, 1, 2), new Map(), null);
    for (const key of Object.keys(EDGE_DEFAULTS) as (keyof EdgeDesignValues)[]) {
      expect(s[key], key).toBe(EDGE_DEFAULTS[key]);
    }
  });

  it('resolves each field from own, then template, then the global edge default, then default', () => {
    const edge = makeEdge(1, 1, 2, { object_template: '2', line_end: 'dot' });
    const s = resolveEdgeStyle(edge, byId, global);
    expect(s.line_end).toBe('dot');
    expect(s.border_color).toBe('#222222');
    expect(s.border_style).toBe('dashed');
    expect(s.line_start).toBe('none');
    expect(styleSource(edge, 'line_end', byId, global)).toBe('own');
    expect(styleSource(edge, 'border_color', byId, global)).toBe('template');
    expect(styleSource(edge, 'border_style', byId, global)).toBe('global');
    expect(styleSource(edge, 'line_start', byId, global)).toBe('default');
  });

  it('caps an unnamed edge label font at 20 and a named edge width at 4', () => {
    const unnamed = resolveEdgeStyle(makeEdge(1, 1, 2, { object_template: '2' }), byId, global);
    expect(unnamed.font_size).toBe(20); // global 30, capped
    expect(unnamed.border_width).toBe(9); // not capped without a name
    const named = resolveEdgeStyle(makeEdge(1, 1, 2, { object_template: '2' }, { name: 'causes' }), byId, global);
    expect(named.border_width).toBe(4);
    expect(named.font_size).toBe(30);
    expect(named.named).toBe(true);
  });
});

describe('spec §5 drawing rules', () => {
  it('shows no title when the font size is 0 or the title is empty', () => {
    expect(shownTitle({ font_size: 0 }, 'Hello')).toBe('');
    expect(shownTitle({ font_size: 12 }, '')).toBe('');
    expect(shownTitle({ font_size: 12 }, '   ')).toBe('');
    expect(shownTitle({ font_size: 12 }, undefined)).toBe('');
    expect(shownTitle({ font_size: 12 }, 'Hello')).toBe('Hello');
  });

  it('draws a label slot under 30 px only with a template', () => {
    expect(labelSlotShown({ templated: false, font_size: 12 }, 29)).toBe(false);
    expect(labelSlotShown({ templated: false, font_size: 12 }, 30)).toBe(true);
    expect(labelSlotShown({ templated: true, font_size: 12 }, 10)).toBe(true);
    expect(labelSlotShown({ templated: true, font_size: 0 }, 100)).toBe(false);
  });
});

describe('inheritTemplateEqual (a change equal to the template-computed value is saved as null)', () => {
  const topic = templates[0];
  const flow = templates[1];

  it('nulls values equal to what the template computes, from the template, the global design or the default', () => {
    const patch = { bg_color: '#111111', border_width: 3, border_color: NODE_DEFAULTS.border_color, width: 201 };
    expect(inheritTemplateEqual('node', patch, topic, global)).toEqual({
      bg_color: null, // the template's
      border_width: null, // the global design's, through the template
      border_color: null, // the default, through the template
      width: 201, // differs from the template's 200
    });
  });

  it('keeps everything for an object without a template, or with a template of the other kind', () => {
    const patch = { bg_color: '#111111' };
    expect(inheritTemplateEqual('node', patch, undefined, global)).toEqual(patch);
    expect(inheritTemplateEqual('edge', { border_color: '#222222' }, topic, global)).toEqual({ border_color: '#222222' });
  });

  it('never nulls the shape, the template reference or a reset already null', () => {
    const patch = { shape: 'rectangle' as const, object_template: '1', font_size: null };
    expect(inheritTemplateEqual('node', patch, topic, global)).toEqual(patch);
  });

  it('works the same for edges', () => {
    expect(inheritTemplateEqual('edge', { line_end: 'sharp', border_style: 'dashed', line_start: 'dot' }, flow, global)).toEqual({
      line_end: null,
      border_style: null,
      line_start: 'dot',
    });
  });
});
