import { describe, expect, it } from 'vitest';
import type {
  Change,
  ChangeList,
  Edge,
  EdgeCreate,
  ElementsPatch,
  GlobalDesignPatch,
  MapDocument,
  Node,
  NodeCreate,
  NodeDesign,
  NodeDesignPatch,
  TemplateCreate,
} from './document';

const parse = (text: string): unknown => JSON.parse(text) as unknown;

// Answers of the server (go build ./cmd/strata, the demo map, then the calls of maps.test.ts),
// copied verbatim: the typed literals below must equal them.
const documentJson = String.raw`{"map":{"id":1,"name":"Welcome to Strata","description":"A first map to explore: zoom through its levels.","measurement":{"width":4000,"height":3000},"design":{"expansion":"both","bg_color":"#f0f0f0","media":null,"media_url":null,"media_position":"center","media_repeat":"no-repeat","media_size":"cover","media_opacity":100},"visibility_levels":3,"behavior":{"mark_visited_nodes":true},"languages":["en","de","fr"],"updated_at":"2026-11-22T02:19:31.86577Z"},"object_templates":[{"id":1,"name":"Key idea","type":"node","design":{"bg_color":"#ffcc00","border_width":2,"shape":"circle"}}],"global_design":{"edges":{},"nodes":{"font_size":18},"popups":{"width":400},"table_of_contents":{},"templates":{},"tooltips":{}},"layers":[{"id":1,"hidden":false,"locked":false},{"id":2,"hidden":false,"locked":false},{"id":3,"hidden":true,"locked":false}],"revision":16,"nodes":[{"id":1,"template":"1","design":{"bg_color":"#00aa88","height":120,"object_template":"1","shape":"circle","width":120},"geometry":{"shape":"circle","center":{"x":500,"y":10}},"visibility":{"min_level":1,"max_level":3,"hidden":false},"content":{"de":{"title":"Fotosynthese"},"en":{"title":"Photosynthesis","content":"\u003cp\u003eLight to sugar\u003c/p\u003e"}},"next_id":2,"previous_id":null,"popup_type":"popup-small","editing":{"locked":false},"order":1},{"id":2,"template":"0","design":{"object_template":"0","shape":"rectangle"},"geometry":{"shape":"rectangle","center":{"x":1,"y":2}},"visibility":{"min_level":2,"max_level":3,"hidden":false},"content":{},"next_id":null,"previous_id":null,"popup_type":"popup-small","editing":{"locked":false},"order":2}],"edges":[{"id":1,"node":{"from_id":1,"to_id":2},"name":"","type":"","template":"0","design":{"line_end":"sharp","object_template":"0"},"content":{"en":{"middle":"feeds","translated":true}},"visibility":{"min_level":2,"max_level":3,"hidden":false},"locked":false}]}`;

const changesJson = String.raw`{"changes":[{"revision":5,"user_id":2,"type":"node_design","data":{"nodes":[{"id":1,"template":"1","design":{"bg_color":"#00aa88","height":120,"object_template":"1","shape":"circle","width":120},"geometry":{"shape":"circle","center":{"x":410.5,"y":-20}},"visibility":{"min_level":1,"max_level":3,"hidden":false},"content":{"de":{"title":"Fotosynthese"},"en":{"title":"Photosynthesis","content":"<p>Light to sugar</p>"}},"next_id":2,"previous_id":null,"popup_type":"popup-small","editing":{"locked":false},"order":1}]},"at":"2026-11-22T02:19:20.053Z"},{"revision":9,"user_id":2,"type":"node_position","data":{"positions":[{"id":1,"center":{"x":500,"y":10}},{"id":2,"center":{"x":900,"y":310}}]},"at":"2026-11-22T02:19:20.067Z"},{"revision":12,"user_id":2,"type":"global_design","data":{"global_design":{"edges":{},"nodes":{"font_size":18},"popups":{"width":400},"table_of_contents":{},"templates":{},"tooltips":{}}},"at":"2026-11-22T02:19:20.131Z"},{"revision":14,"user_id":2,"type":"layer_hidden","data":{"layers":[{"id":1,"hidden":false,"locked":false},{"id":2,"hidden":false,"locked":false},{"id":3,"hidden":true,"locked":false}]},"at":"2026-11-22T02:19:20.161Z"},{"revision":15,"user_id":2,"type":"node_removed","data":{"removed_node_ids":[3]},"at":"2026-11-22T02:19:20.175Z"}],"revision":15}`;

const keyIdea: Node = {
  id: 1,
  template: '1',
  // Sparse: only what the node sets itself; the rest comes from template 1 and the global design.
  design: { bg_color: '#00aa88', height: 120, object_template: '1', shape: 'circle', width: 120 },
  geometry: { shape: 'circle', center: { x: 500, y: 10 } },
  visibility: { min_level: 1, max_level: 3, hidden: false },
  content: {
    de: { title: 'Fotosynthese' },
    en: { title: 'Photosynthesis', content: '<p>Light to sugar</p>' },
  },
  next_id: 2,
  previous_id: null,
  popup_type: 'popup-small',
  editing: { locked: false },
  order: 1,
};

const plain: Node = {
  id: 2,
  template: '0',
  design: { object_template: '0', shape: 'rectangle' },
  geometry: { shape: 'rectangle', center: { x: 1, y: 2 } },
  visibility: { min_level: 2, max_level: 3, hidden: false },
  content: {},
  next_id: null,
  previous_id: null,
  popup_type: 'popup-small',
  editing: { locked: false },
  order: 2,
};

const feeds: Edge = {
  id: 1,
  node: { from_id: 1, to_id: 2 },
  name: '',
  type: '',
  template: '0',
  design: { line_end: 'sharp', object_template: '0' },
  content: { en: { middle: 'feeds', translated: true } },
  visibility: { min_level: 2, max_level: 3, hidden: false },
  locked: false,
};

const layers = [
  { id: 1, hidden: false, locked: false },
  { id: 2, hidden: false, locked: false },
  { id: 3, hidden: true, locked: false },
];

const globalDesign = {
  edges: {},
  nodes: { font_size: 18 },
  popups: { width: 400 },
  table_of_contents: {},
  templates: {},
  tooltips: {},
};

const doc: MapDocument = {
  map: {
    id: 1,
    name: 'Welcome to Strata',
    description: 'A first map to explore: zoom through its levels.',
    measurement: { width: 4000, height: 3000 },
    design: {
      expansion: 'both',
      bg_color: '#f0f0f0',
      media: null,
      media_url: null,
      media_position: 'center',
      media_repeat: 'no-repeat',
      media_size: 'cover',
      media_opacity: 100,
    },
    visibility_levels: 3,
    behavior: { mark_visited_nodes: true },
    languages: ['en', 'de', 'fr'],
    updated_at: '2026-11-22T02:19:31.86577Z',
  },
  object_templates: [{ id: 1, name: 'Key idea', type: 'node', design: { bg_color: '#ffcc00', border_width: 2, shape: 'circle' } }],
  global_design: globalDesign,
  layers,
  revision: 16,
  nodes: [keyIdea, plain],
  edges: [feeds],
};

const changes: ChangeList = {
  revision: 15,
  changes: [
    {
      revision: 5,
      user_id: 2,
      type: 'node_design',
      data: { nodes: [{ ...keyIdea, geometry: { shape: 'circle', center: { x: 410.5, y: -20 } } }] },
      at: '2026-11-22T02:19:20.053Z',
    },
    {
      revision: 9,
      user_id: 2,
      type: 'node_position',
      data: {
        positions: [
          { id: 1, center: { x: 500, y: 10 } },
          { id: 2, center: { x: 900, y: 310 } },
        ],
      },
      at: '2026-11-22T02:19:20.067Z',
    },
    {
      revision: 12,
      user_id: 2,
      type: 'global_design',
      data: { global_design: globalDesign },
      at: '2026-11-22T02:19:20.131Z',
    },
    { revision: 14, user_id: 2, type: 'layer_hidden', data: { layers }, at: '2026-11-22T02:19:20.161Z' },
    {
      revision: 15,
      user_id: 2,
      type: 'node_removed',
      data: { removed_node_ids: [3] },
      at: '2026-11-22T02:19:20.175Z',
    },
  ],
};

describe('the document types', () => {
  it('describe the document the server answers', () => {
    expect(parse(documentJson)).toEqual(doc);
  });

  it('describe the change log the server answers', () => {
    expect(parse(changesJson)).toEqual(changes);
  });

  it('let a change be applied by its parts, whatever its type', () => {
    const moved = new Map(doc.nodes.map((n) => [n.id, n.geometry.center]));
    const change: Change | undefined = changes.changes.find((c) => c.type === 'node_position');
    for (const p of change?.data.positions ?? []) moved.set(p.id, p.center);
    expect(moved.get(2)).toEqual({ x: 900, y: 310 });
  });

  it('type requests as the server reads them', () => {
    const patch: ElementsPatch = {
      map: { design: { bg_color: '#f0f0f0', media: '' }, behavior: { mark_visited_nodes: true } },
      levels: [{ id: 3, hidden: true }],
      nodes: [
        {
          id: 1,
          design: { bg_color: '#00aa88', width: 120, rotate: null },
          content: { en: { title: 'Photosynthesis' }, de: { title: 'Fotosynthese' } },
          next_id: 2,
          previous_id: null,
        },
        { id: 2, geometry: { center: { x: 900, y: 310 } } },
      ],
      edges: [{ id: 1, design: { line_end: 'sharp' }, content: { en: { middle: 'feeds', translated: true } } }],
      all_edges: { hidden: false },
    };
    const created: NodeCreate = {
      design: { shape: 'circle', object_template: '1' },
      geometry: { center: { x: 410.5, y: -20 } },
    };
    const edge: EdgeCreate = { node: { from_id: 1, to_id: 2 } };
    const global: GlobalDesignPatch = { nodes: { font_size: 18, bg_color: null }, popups: { width: 400 } };
    const template: TemplateCreate = { name: 'Key idea', type: 'edge', from_edge_id: 1 };
    expect([patch, created, edge, global, template]).toHaveLength(5);
  });

  it('refuse what the server refuses', () => {
    // @ts-expect-error line_end is an edge field
    const wrongField: NodeDesign = { line_end: 'sharp' };
    // @ts-expect-error not a shape
    const wrongShape: NodeDesign = { shape: 'oval' };
    // @ts-expect-error a stored design never holds null; only a patch does
    const nullInDesign: NodeDesign = { bg_color: null };
    const nullInPatch: NodeDesignPatch = { bg_color: null };
    const disabledShape: NodeCreate = {
      // @ts-expect-error the other shapes cannot be created yet
      design: { shape: 'star' },
      geometry: { center: { x: 0, y: 0 } },
    };
    // @ts-expect-error from_node_id goes with type node
    const wrongSource: TemplateCreate = { name: 'x', type: 'edge', from_node_id: 1 };
    expect([wrongField, wrongShape, nullInDesign, nullInPatch, disabledShape, wrongSource]).toHaveLength(6);
  });
});
