// The node and edge design sidebars as tables: which fields, in which groups, with which control.
// The sidebar component only draws these rows; what a value is and where it comes from is worked
// out here (pure, unit-tested), through the one inheritance of map/style.ts.
import {
  EDGE_DESIGN_FIELDS,
  ENABLED_SHAPES,
  NODE_DESIGN_FIELDS,
  type DesignFieldSpec,
  type Edge,
  type EdgeDesignValues,
  type GlobalDesign,
  type Node,
  type NodeDesignPatch,
  type NodeDesignValues,
  type ObjectTemplate,
} from '../../../api/document';
import {
  resolveEdgeStyle,
  resolveNodeStyle,
  styleSource,
  type StyledEdge,
  type StyledNode,
  type StyleSource,
  type TemplatesById,
} from '../../../map/style';

/** How a field is edited. */
export type FieldControl =
  | 'toggle'
  | 'color'
  | 'number'
  | 'select'
  /** The nine title positions as a 3 × 3 grid. */
  | 'position'
  | 'font'
  | 'text'
  | 'url';

export interface FieldRow<V> {
  field: keyof V & string;
  control: FieldControl;
  /** Number step (default 1). */
  step?: number;
  /** Shown after a number: "%", "px", "°". */
  unit?: string;
}

/** Keys under sidebar.groups. */
export type DesignGroup = 'shape' | 'background' | 'border' | 'shadow' | 'text' | 'labels' | 'media' | 'line' | 'arrows';

export interface FieldGroup<V> {
  group: DesignGroup;
  rows: readonly FieldRow<V>[];
}

export const NODE_DESIGN_FORM: readonly FieldGroup<NodeDesignValues>[] = [
  {
    group: 'shape',
    rows: [
      { field: 'shape', control: 'select' },
      { field: 'width', control: 'number', unit: 'px' },
      { field: 'height', control: 'number', unit: 'px' },
      { field: 'rotate', control: 'number', unit: '°' },
    ],
  },
  {
    group: 'background',
    rows: [
      { field: 'bg_enabled', control: 'toggle' },
      { field: 'bg_color', control: 'color' },
    ],
  },
  {
    group: 'border',
    rows: [
      { field: 'border_enabled', control: 'toggle' },
      { field: 'border_color', control: 'color' },
      { field: 'border_style', control: 'select' },
      { field: 'border_width', control: 'number', unit: 'px' },
    ],
  },
  {
    group: 'shadow',
    rows: [
      { field: 'shadow_enabled', control: 'toggle' },
      { field: 'shadow_x', control: 'number', unit: 'px' },
      { field: 'shadow_y', control: 'number', unit: 'px' },
      { field: 'shadow_blur', control: 'number', unit: 'px' },
      { field: 'shadow_color', control: 'color' },
    ],
  },
  {
    group: 'text',
    rows: [
      { field: 'title_position', control: 'position' },
      { field: 'text_align', control: 'select' },
      { field: 'line_height', control: 'number', step: 0.1 },
      { field: 'font_family', control: 'font' },
      { field: 'font_url', control: 'url' },
      { field: 'font_weight', control: 'select' },
      { field: 'font_style', control: 'select' },
      { field: 'font_size', control: 'number', unit: 'px' },
      { field: 'font_color', control: 'color' },
      { field: 'text_decoration', control: 'select' },
    ],
  },
  {
    group: 'media',
    rows: [
      { field: 'media', control: 'text' },
      { field: 'media_url', control: 'url' },
      { field: 'media_size', control: 'number', unit: '%' },
      { field: 'media_opacity', control: 'number', unit: '%' },
      { field: 'media_cropped', control: 'toggle' },
    ],
  },
];

export const EDGE_DESIGN_FORM: readonly FieldGroup<EdgeDesignValues>[] = [
  {
    group: 'line',
    rows: [
      { field: 'border_enabled', control: 'toggle' },
      { field: 'border_color', control: 'color' },
      { field: 'border_style', control: 'select' },
      { field: 'border_width', control: 'number', unit: 'px' },
    ],
  },
  {
    group: 'arrows',
    rows: [
      { field: 'line_start', control: 'select' },
      { field: 'line_start_size', control: 'number', unit: '%' },
      { field: 'line_end', control: 'select' },
      { field: 'line_end_size', control: 'number', unit: '%' },
    ],
  },
  {
    group: 'shadow',
    rows: [
      { field: 'shadow_enabled', control: 'toggle' },
      { field: 'shadow_x', control: 'number', unit: 'px' },
      { field: 'shadow_y', control: 'number', unit: 'px' },
      { field: 'shadow_blur', control: 'number', unit: 'px' },
      { field: 'shadow_color', control: 'color' },
    ],
  },
  {
    group: 'labels',
    rows: [
      { field: 'text_position', control: 'select' },
      { field: 'text_align', control: 'select' },
      { field: 'line_height', control: 'number', step: 0.1 },
      { field: 'paragraph_spacing', control: 'number', unit: 'px' },
      { field: 'font_family', control: 'font' },
      { field: 'font_url', control: 'url' },
      { field: 'font_weight', control: 'select' },
      { field: 'font_style', control: 'select' },
      { field: 'font_size', control: 'number', unit: 'px' },
      { field: 'font_color', control: 'color' },
      { field: 'text_decoration', control: 'select' },
    ],
  },
];

export const FONT_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
/** Families every browser has; the client's own fonts come first when it has any. */
export const GENERIC_FONT_FAMILIES = ['sans-serif', 'serif', 'monospace', 'cursive', 'system-ui'] as const;

/** The choices of a select field: enumerations from the server's table, weights in hundreds. */
export function selectChoices(spec: DesignFieldSpec, field: string): { value: string; disabled: boolean }[] {
  if (field === 'font_weight') return FONT_WEIGHTS.map((w) => ({ value: String(w), disabled: false }));
  if (spec.kind !== 'enum') return [];
  // Stored nodes may have a shape that cannot be chosen yet: listed, but disabled.
  const enabled = field === 'shape' ? new Set<string>(ENABLED_SHAPES) : null;
  return spec.values.map((value) => ({ value, disabled: enabled !== null && !enabled.has(value) }));
}

/** What a row shows: the value in effect, where it comes from, and the template's name. */
export interface FieldState {
  value: string | number | boolean;
  source: StyleSource;
}

export interface DesignContext {
  templates: TemplatesById;
  global: Pick<GlobalDesign, 'nodes' | 'edges'>;
}

export function nodeFieldStates(
  node: StyledNode & { geometry: Pick<Node['geometry'], 'shape'> },
  ctx: DesignContext,
): Record<keyof NodeDesignValues, FieldState> {
  const style = resolveNodeStyle(node, ctx.templates, ctx.global);
  const out = {} as Record<keyof NodeDesignValues, FieldState>;
  for (const key of Object.keys(NODE_DESIGN_FIELDS) as (keyof NodeDesignValues)[]) {
    out[key] = { value: style[key], source: styleSource(node, key, ctx.templates, ctx.global) };
  }
  return out;
}

export function edgeFieldStates(edge: StyledEdge & { node: Edge['node'] }, ctx: DesignContext): Record<keyof EdgeDesignValues, FieldState> {
  const style = resolveEdgeStyle(edge, ctx.templates, ctx.global);
  const out = {} as Record<keyof EdgeDesignValues, FieldState>;
  for (const key of Object.keys(EDGE_DESIGN_FIELDS) as (keyof EdgeDesignValues)[]) {
    out[key] = { value: style[key], source: styleSource(edge, key, ctx.templates, ctx.global) };
  }
  return out;
}

/** The template an object follows, if it exists and is of its kind. */
export function followedTemplate(
  element: { template: string },
  kind: 'node' | 'edge',
  templates: TemplatesById,
): ObjectTemplate | undefined {
  const t = templates.get(element.template);
  return t?.type === kind ? t : undefined;
}

/**
 * The patch one field change makes: a circle keeps its sides equal (both follow), and a media key
 * or address clears the other (the store applies the same rule; the patch says it to the server).
 */
export function nodeFieldPatch(
  field: keyof NodeDesignValues,
  value: string | number | boolean | null,
  current: Record<keyof NodeDesignValues, FieldState>,
): NodeDesignPatch {
  const circle = (field === 'shape' ? value : current.shape.value) === 'circle';
  if (circle && (field === 'width' || field === 'height') && typeof value === 'number') {
    return { width: value, height: value };
  }
  if (field === 'shape' && value === 'circle') {
    const side = Math.max(Number(current.width.value), Number(current.height.value));
    return { shape: 'circle', width: side, height: side };
  }
  // The form offers each field only values of its type (designForm's table and the server's).
  return { [field]: value };
}

/**
 * A template's design shown as the design of an object that follows nothing: its own values are
 * "own", the rest come from the global design or the defaults.
 */
export function templateAsNode(t: ObjectTemplate & { type: 'node' }): StyledNode & { geometry: Pick<Node['geometry'], 'shape'> } {
  return { template: '0', design: t.design, geometry: { shape: t.design.shape ?? 'rectangle' } };
}

export function templateAsEdge(t: ObjectTemplate & { type: 'edge' }): StyledEdge & { node: Edge['node'] } {
  return { template: '0', design: t.design, name: '', node: { from_id: 0, to_id: 0 } };
}
