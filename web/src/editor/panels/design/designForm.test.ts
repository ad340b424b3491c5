import { describe, expect, it } from 'vitest';
import {
  EDGE_DESIGN_FIELDS,
  NODE_DESIGN_FIELDS,
  type EdgeDesignValues,
  type NodeDesignValues,
  type ObjectTemplate,
} from '../../../api/document';
import { EDGE_DEFAULTS, NODE_DEFAULTS } from '../../../map/constants';
import { makeEdge, makeNode } from '../../../map/render/testing';
import { indexTemplates } from '../../../map/style';
import {
  EDGE_DESIGN_FORM,
  NODE_DESIGN_FORM,
  edgeFieldStates,
  followedTemplate,
  nodeFieldPatch,
  nodeFieldStates,
  selectChoices,
  templateAsEdge,
  templateAsNode,
} from './designForm';
import { parseFieldInput } from '../kit/checks';

const templates: ObjectTemplate[] = [
  { id: 4, name: 'Topic', type: 'node', design: { bg_color: '#111111', width: 200 } },
  { id: 5, name: 'Flow', type: 'edge', design: { line_end: 'sharp' } },
];
const ctx = {
  templates: indexTemplates(templates),
  global: { nodes: { border_width: 3 }, edges: { border_color: '#444444' } },
};

describe('the design form tables', () => {
  it('offer every node design field the spec lists, once, except the ones set elsewhere', () => {
    const shown = NODE_DESIGN_FORM.flatMap((g) => g.rows.map((r) => r.field));
    expect(new Set(shown).size).toBe(shown.length);
    // The template has its own sidebars.
    const elsewhere: (keyof NodeDesignValues)[] = ['object_template'];
    expect([...shown, ...elsewhere].sort()).toEqual(Object.keys(NODE_DESIGN_FIELDS).sort());
  });

  it('offer every edge design field but the template', () => {
    const shown = EDGE_DESIGN_FORM.flatMap((g) => g.rows.map((r) => r.field));
    const elsewhere: (keyof EdgeDesignValues)[] = ['object_template'];
    expect([...shown, ...elsewhere].sort()).toEqual(Object.keys(EDGE_DESIGN_FIELDS).sort());
  });

  it('lists the shapes that cannot be chosen yet as disabled, and weights in hundreds', () => {
    const shapes = selectChoices(NODE_DESIGN_FIELDS.shape, 'shape');
    expect(shapes.filter((c) => !c.disabled).map((c) => c.value)).toEqual(['circle', 'rectangle']);
    expect(shapes.some((c) => c.value === 'star' && c.disabled)).toBe(true);
    expect(selectChoices(NODE_DESIGN_FIELDS.font_weight, 'font_weight').map((c) => c.value)).toEqual([
      '100',
      '200',
      '300',
      '400',
      '500',
      '600',
      '700',
      '800',
      '900',
    ]);
  });
});

describe('field states: the value in effect and where it comes from', () => {
  it('names own, template, global and default for a node', () => {
    const node = makeNode(1, 0, 0, { object_template: '4', font_size: 20 });
    const s = nodeFieldStates(node, ctx);
    expect(s.font_size).toEqual({ value: 20, source: 'own' });
    expect(s.bg_color).toEqual({ value: '#111111', source: 'template' });
    expect(s.border_width).toEqual({ value: 3, source: 'global' });
    expect(s.border_color).toEqual({ value: NODE_DEFAULTS.border_color, source: 'default' });
    expect(followedTemplate(node, 'node', ctx.templates)?.name).toBe('Topic');
  });

  it('names the sources for an edge, and no template of the wrong kind', () => {
    const edge = makeEdge(1, 1, 2, { object_template: '5' });
    const s = edgeFieldStates(edge, ctx);
    expect(s.line_end).toEqual({ value: 'sharp', source: 'template' });
    expect(s.border_color).toEqual({ value: '#444444', source: 'global' });
    expect(s.line_start_size).toEqual({ value: EDGE_DEFAULTS.line_start_size, source: 'default' });
    expect(followedTemplate(makeEdge(2, 1, 2, { object_template: '4' }), 'edge', ctx.templates)).toBeUndefined();
  });
});

describe('typed values', () => {
  it('takes numbers within the server’s range, with a comma as decimal mark', () => {
    expect(parseFieldInput(NODE_DESIGN_FIELDS.line_height, '1,5')).toEqual({ ok: true, value: 1.5 });
    expect(parseFieldInput(NODE_DESIGN_FIELDS.media_opacity, '101')).toEqual({
      ok: false,
      problem: { key: 'range', min: 0, max: 100 },
    });
    expect(parseFieldInput(NODE_DESIGN_FIELDS.width, '')).toMatchObject({ ok: false });
    expect(parseFieldInput(NODE_DESIGN_FIELDS.width, 'abc')).toMatchObject({ ok: false });
  });

  it('takes hex colours and transparent, addresses over http(s) or on this site', () => {
    expect(parseFieldInput(NODE_DESIGN_FIELDS.bg_color, '#ff000080')).toEqual({ ok: true, value: '#ff000080' });
    expect(parseFieldInput(NODE_DESIGN_FIELDS.bg_color, 'red')).toEqual({ ok: false, problem: { key: 'color' } });
    expect(parseFieldInput(NODE_DESIGN_FIELDS.media_url, 'https://example.org/a.png')).toMatchObject({ ok: true });
    expect(parseFieldInput(NODE_DESIGN_FIELDS.media_url, 'javascript:alert(1)')).toEqual({ ok: false, problem: { key: 'url' } });
  });
});

describe('nodeFieldPatch', () => {
  const states = nodeFieldStates(makeNode(1, 0, 0, { shape: 'circle', width: 50, height: 50 }), ctx);

  it('keeps a circle’s sides equal', () => {
    expect(nodeFieldPatch('width', 80, states)).toEqual({ width: 80, height: 80 });
    expect(nodeFieldPatch('height', null, states)).toEqual({ height: null });
  });

  it('makes a rectangle round on its larger side', () => {
    const rect = nodeFieldStates(makeNode(1, 0, 0, { width: 120, height: 60 }), ctx);
    expect(nodeFieldPatch('shape', 'circle', rect)).toEqual({ shape: 'circle', width: 120, height: 120 });
    expect(nodeFieldPatch('width', 90, rect)).toEqual({ width: 90 });
  });
});

describe('a template’s own design', () => {
  it('shows its values as own and the rest as global or default', () => {
    const topic = templates[0] as ObjectTemplate & { type: 'node' };
    const s = nodeFieldStates(templateAsNode(topic), { templates: new Map(), global: ctx.global });
    expect(s.bg_color).toEqual({ value: '#111111', source: 'own' });
    expect(s.border_width).toEqual({ value: 3, source: 'global' });
    const flow = templates[1] as ObjectTemplate & { type: 'edge' };
    expect(edgeFieldStates(templateAsEdge(flow), { templates: new Map(), global: ctx.global }).line_end).toEqual({
      value: 'sharp',
      source: 'own',
    });
  });
});
