import { describe, expect, it } from 'vitest';
import designGo from '../../../internal/domain/design.go?raw';
import documentGo from '../../../internal/domain/document.go?raw';
import mapSettingsGo from '../../../internal/editing/mapsettings.go?raw';
import descriptionJSON from './openapi.json?raw';
import {
  ARROW_ENDS,
  BORDER_STYLES,
  DISABLED_SHAPES,
  EDGE_DESIGN_FIELDS,
  EDGE_TEXT_POSITIONS,
  ENABLED_SHAPES,
  EXPANSIONS,
  FONT_STYLES,
  GLOBAL_DESIGN_SECTIONS,
  MEDIA_REPEATS,
  MEDIA_SIZES,
  NODE_DESIGN_FIELDS,
  NODE_TEXT_POSITIONS,
  POPUP_TYPES,
  PUBLISHING_SYNC_TYPES,
  SYNC_TYPES,
  TEXT_ALIGNS,
  TEXT_DECORATIONS,
  type Change,
  type ChangeList,
  type DesignFieldSpec,
  type Edge,
  type EdgeCreate,
  type ElementsPatch,
  type GlobalDesignPatch,
  type MapDocument,
  type Node,
  type NodeCreate,
  type NodeDesign,
  type NodeDesignPatch,
  type TemplateCreate,
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

// --- The lists against the Go source ------------------------------------------------------------

/** The string lists of a Go file: name → values, for `Name = []string{"a", "b"}`. */
function goStringLists(source: string): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  for (const m of source.matchAll(/(\w+)\s*=\s*\[\]string\{([^}]*)\}/g)) {
    const [, name = '', body = ''] = m;
    lists.set(
      name,
      [...body.matchAll(/"([^"]*)"/g)].map(([, v = '']) => v),
    );
  }
  return lists;
}

function goList(source: string, name: string): string[] {
  const list = goStringLists(source).get(name);
  if (!list) throw new Error(`${name} not found in the Go source`);
  return list;
}

/** A Go design field table (`var NodeDesignFields = DesignFields{…}`) as DesignFieldSpecs. */
function goDesignFields(name: string): Record<string, DesignFieldSpec> {
  const block = new RegExp(`var ${name} = DesignFields\\{([^}]*)\\}`).exec(designGo)?.[1];
  if (block === undefined) throw new Error(`${name} not found in design.go`);
  const table: Record<string, DesignFieldSpec> = {};
  for (const m of block.matchAll(/"(\w+)":\s*([^\n]+?),\s*\n/g)) {
    const [, field = '', expr = ''] = m;
    table[field] = goFieldSpec(expr);
  }
  return table;
}

function goFieldSpec(expr: string): DesignFieldSpec {
  const call = /^(\w+)(?:\((.*)\))?$/.exec(expr.trim());
  const [, fn, args = ''] = call ?? [];
  const list = args.split(',').map((a) => a.trim());
  switch (fn) {
    case 'oneOf':
      return { kind: 'enum', values: list.flatMap((l) => goList(designGo, l)) };
    case 'number':
      return { kind: 'number', min: Number(list[0]), max: Number(list[1]) };
    case 'text':
      return { kind: 'text', max: Number(list[0]) };
    case 'boolean':
      return { kind: 'boolean' };
    case 'color':
      return { kind: 'color' };
    case 'link':
      return { kind: 'url' };
    case 'templateRef':
      return { kind: 'template' };
    default:
      throw new Error(`unknown design field check ${expr}`);
  }
}

describe('the enumerations and tables', () => {
  it.each([
    ['EnabledShapes', ENABLED_SHAPES],
    ['DisabledShapes', DISABLED_SHAPES],
    ['NodeTextPositions', NODE_TEXT_POSITIONS],
    ['EdgeTextPositions', EDGE_TEXT_POSITIONS],
    ['MediaRepeats', MEDIA_REPEATS],
    ['MediaSizes', MEDIA_SIZES],
    ['ArrowEnds', ARROW_ENDS],
    ['BorderStyles', BORDER_STYLES],
    ['TextAligns', TEXT_ALIGNS],
    ['FontStyles', FONT_STYLES],
    ['TextDecorations', TEXT_DECORATIONS],
    ['PopupTypes', POPUP_TYPES],
  ] as const)('%s match domain/design.go', (name, values) => {
    expect([...values]).toEqual(goList(designGo, name));
  });

  it('match the map expansions and global design sections', () => {
    expect([...EXPANSIONS]).toEqual(goList(mapSettingsGo, 'Expansions'));
    expect([...GLOBAL_DESIGN_SECTIONS]).toEqual(goList(documentGo, 'GlobalDesignSections'));
  });

  it('match the design field tables', () => {
    expect(goDesignFields('NodeDesignFields')).toEqual({ ...NODE_DESIGN_FIELDS });
    expect(goDesignFields('EdgeDesignFields')).toEqual({ ...EDGE_DESIGN_FIELDS });
  });

  it('match the change types of the description', () => {
    const spec = JSON.parse(descriptionJSON) as { components: { schemas: { ApiChangeType: { enum: string[] } } } };
    expect([...SYNC_TYPES, ...PUBLISHING_SYNC_TYPES]).toEqual(spec.components.schemas.ApiChangeType.enum);
  });
});
