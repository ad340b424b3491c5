// The one inheritance of design values (spec §3): a field the object leaves out comes from its
// template, then from the global design's `nodes`/`edges` section, then from the built-in default.
// The editor, the design sidebar and the public map all resolve through here.
import type { Language } from '../api/types';
import type {
  Edge,
  EdgeDesign,
  EdgeDesignValues,
  GlobalDesign,
  Node,
  NodeDesign,
  NodeDesignValues,
  ObjectTemplate,
  TemplateRef,
} from '../api/document';
import { NO_TEMPLATE } from '../api/document';
import { EDGE_DEFAULTS, LABEL_FONT_CAP, LABEL_MIN_WIDTH, NAMED_EDGE_WIDTH_CAP, NODE_DEFAULTS } from './constants';
import { equalCircleSides } from './rules';

export type StyleSource = 'own' | 'template' | 'global' | 'default';

/** Object templates by their ref (the id as a string, as nodes and edges name them). */
export type TemplatesById = ReadonlyMap<TemplateRef, ObjectTemplate>;

/** The part of the global design that values inherit from. */
export type GlobalDefaults = Pick<GlobalDesign, 'nodes' | 'edges'> | null | undefined;

export interface NodeStyle extends Readonly<NodeDesignValues> {
  /** The node follows an existing node template. */
  readonly templated: boolean;
}

export interface EdgeStyle extends Readonly<EdgeDesignValues> {
  /** The edge follows an existing edge template. */
  readonly templated: boolean;
  /** The edge has a name (its width is capped, its label font is not). */
  readonly named: boolean;
}

export type StyledNode = Pick<Node, 'template' | 'design'> & { geometry?: Pick<Node['geometry'], 'shape'> };
export type StyledEdge = Pick<Edge, 'template' | 'design' | 'name'>;

export function indexTemplates(templates: readonly ObjectTemplate[]): Map<TemplateRef, ObjectTemplate> {
  const byId = new Map<TemplateRef, ObjectTemplate>();
  for (const t of templates) byId.set(String(t.id), t);
  return byId;
}

function templateRef(template: TemplateRef | undefined, design: { object_template?: TemplateRef }): TemplateRef {
  return template ?? design.object_template ?? NO_TEMPLATE;
}

function nodeTemplate(node: StyledNode, templates: TemplatesById): NodeDesign | undefined {
  const ref = templateRef(node.template, node.design);
  if (ref === NO_TEMPLATE) return undefined;
  const t = templates.get(ref);
  return t?.type === 'node' ? t.design : undefined;
}

function edgeTemplate(edge: StyledEdge, templates: TemplatesById): EdgeDesign | undefined {
  const ref = templateRef(edge.template, edge.design);
  if (ref === NO_TEMPLATE) return undefined;
  const t = templates.get(ref);
  return t?.type === 'edge' ? t.design : undefined;
}

/** A stored value counts only if it has the default's type: anything else falls through. */
function usable<V extends object>(design: Partial<V> | null | undefined, key: keyof V, defaults: V): boolean {
  if (!design) return false;
  const v = design[key];
  return v !== undefined && v !== null && typeof v === typeof defaults[key];
}

/** Copies the usable fields of src over target; only known fields, so a stray key cannot leak in. */
function overlay<V extends object>(target: V, src: Partial<V> | null | undefined, defaults: V): void {
  if (!src) return;
  for (const key in src) {
    if (!Object.hasOwn(defaults, key)) continue;
    if (usable(src, key, defaults)) target[key] = src[key] as V[typeof key];
  }
}

function chainSource<V extends object>(
  key: keyof V,
  own: Partial<V> | undefined,
  template: Partial<V> | undefined,
  global: Partial<V> | undefined,
  defaults: V,
): StyleSource {
  if (usable(own, key, defaults)) return 'own';
  if (usable(template, key, defaults)) return 'template';
  if (usable(global, key, defaults)) return 'global';
  return 'default';
}

/** Template → global → default, without the object's own values: shared by every object of a template. */
function nodeBase(template: NodeDesign | undefined, global: NodeDesign | undefined): NodeDesignValues {
  const base: NodeDesignValues = { ...NODE_DEFAULTS };
  overlay(base, global, NODE_DEFAULTS);
  overlay(base, template, NODE_DEFAULTS);
  return base;
}

function edgeBase(template: EdgeDesign | undefined, global: EdgeDesign | undefined): EdgeDesignValues {
  const base: EdgeDesignValues = { ...EDGE_DEFAULTS };
  overlay(base, global, EDGE_DEFAULTS);
  overlay(base, template, EDGE_DEFAULTS);
  return base;
}

function finishNode(base: Readonly<NodeDesignValues>, node: StyledNode, templated: boolean): NodeStyle {
  // A plain clone then the extra field: V8 copies `{ ...base }` fast, `{ ...base, more }` slowly.
  const s = { ...base } as NodeDesignValues & { templated: boolean };
  s.templated = templated;
  overlay(s, node.design, NODE_DEFAULTS);
  // The geometry mirrors design.shape; it is the node's own shape when the design lacks one.
  if (!usable(node.design, 'shape', NODE_DEFAULTS) && node.geometry) s.shape = node.geometry.shape;
  s.object_template = templated ? templateRef(node.template, node.design) : NO_TEMPLATE;
  // Drawn round whatever the sides it inherits.
  const round = equalCircleSides(s);
  s.width = round.width;
  s.height = round.height;
  return s;
}

function finishEdge(base: Readonly<EdgeDesignValues>, edge: StyledEdge, templated: boolean): EdgeStyle {
  const named = edge.name.trim() !== '';
  const s = { ...base } as EdgeDesignValues & { templated: boolean; named: boolean };
  s.templated = templated;
  s.named = named;
  overlay(s, edge.design, EDGE_DEFAULTS);
  s.object_template = templated ? templateRef(edge.template, edge.design) : NO_TEMPLATE;
  if (named) s.border_width = Math.min(s.border_width, NAMED_EDGE_WIDTH_CAP);
  else s.font_size = Math.min(s.font_size, LABEL_FONT_CAP);
  return s;
}

/** Whether a design sets nothing but the template (and shape): its object looks like its template. */
function onlyStructural(design: object): boolean {
  for (const key in design) if (key !== 'object_template' && key !== 'shape') return false;
  return true;
}

/** A node's fully resolved design: own → template → global nodes → defaults, with spec §5's rules. */
export function resolveNodeStyle(node: StyledNode, templatesById: TemplatesById, globalDesign: GlobalDefaults): NodeStyle {
  const template = nodeTemplate(node, templatesById);
  return finishNode(nodeBase(template, globalDesign?.nodes), node, template !== undefined);
}

/** An edge's fully resolved design: own → template → global edges → defaults, with spec §5's rules. */
export function resolveEdgeStyle(edge: StyledEdge, templatesById: TemplatesById, globalDesign: GlobalDefaults): EdgeStyle {
  const template = edgeTemplate(edge, templatesById);
  return finishEdge(edgeBase(template, globalDesign?.edges), edge, template !== undefined);
}

/** Where a node's field gets its value (before the spec's caps and the circle rule). */
export function styleSource(
  node: StyledNode & { geometry: Pick<Node['geometry'], 'shape'> },
  field: keyof NodeDesignValues,
  templatesById: TemplatesById,
  globalDesign: GlobalDefaults,
): StyleSource;
/** Where an edge's field gets its value (before the spec's caps). */
export function styleSource(
  edge: StyledEdge & { node: Edge['node'] },
  field: keyof EdgeDesignValues,
  templatesById: TemplatesById,
  globalDesign: GlobalDefaults,
): StyleSource;
export function styleSource(
  element: (StyledNode & { geometry: Pick<Node['geometry'], 'shape'> }) | (StyledEdge & { node: Edge['node'] }),
  field: keyof NodeDesignValues | keyof EdgeDesignValues,
  templatesById: TemplatesById,
  globalDesign: GlobalDefaults,
): StyleSource {
  if ('geometry' in element) {
    const key = field as keyof NodeDesignValues;
    if (key === 'shape' && !usable(element.design, 'shape', NODE_DEFAULTS)) return 'own';
    const template = nodeTemplate(element, templatesById);
    if (key === 'object_template') return template ? 'own' : 'default';
    return chainSource(key, element.design, template, globalDesign?.nodes, NODE_DEFAULTS);
  }
  const key = field as keyof EdgeDesignValues;
  const template = edgeTemplate(element, templatesById);
  if (key === 'object_template') return template ? 'own' : 'default';
  return chainSource(key, element.design, template, globalDesign?.edges, EDGE_DEFAULTS);
}

/**
 * A design change as it is saved (spec §4): a value equal to what the object's template computes
 * (template → global → default) is saved as null, so that the object keeps following its template.
 * Without a template nothing changes; shape and object_template are always the object's own.
 */
export function inheritTemplateEqual<P extends object>(
  target: 'node' | 'edge',
  patch: P,
  template: ObjectTemplate | undefined,
  globalDesign: GlobalDefaults,
): P {
  if (template?.type !== target) return patch;
  const base: object =
    template.type === 'node' ? nodeBase(template.design, globalDesign?.nodes) : edgeBase(template.design, globalDesign?.edges);
  const computed = base as Record<string, unknown>;
  const out: Record<string, unknown> = { ...(patch as Record<string, unknown>) };
  for (const [key, value] of Object.entries(out)) {
    if (key === 'shape' || key === 'object_template' || value === null || value === undefined) continue;
    if (Object.hasOwn(computed, key) && computed[key] === value) out[key] = null;
  }
  return out as P;
}

/**
 * Resolves many objects against one set of templates and global design, computing each template's
 * base (template → global → defaults) once: the scene resolves thousands of nodes through this.
 */
export class StyleResolver {
  private nodeBases = new Map<TemplateRef, NodeDesignValues>();
  private edgeBases = new Map<TemplateRef, EdgeDesignValues>();
  // Objects that set nothing of their own share one style object: most of a large map's do.
  private sharedNodes = new Map<string, NodeStyle>();
  private sharedEdges = new Map<string, EdgeStyle>();

  constructor(
    private templates: TemplatesById,
    private global: GlobalDefaults,
  ) {}

  /** New templates or global design: every base is recomputed on next use. */
  reset(templates: TemplatesById, global: GlobalDefaults): void {
    this.templates = templates;
    this.global = global;
    this.nodeBases.clear();
    this.edgeBases.clear();
    this.sharedNodes.clear();
    this.sharedEdges.clear();
  }

  /** The node's style; equal for objects that only follow the same template, and then the same object. */
  node(node: StyledNode): NodeStyle {
    const template = nodeTemplate(node, this.templates);
    const ref = template ? templateRef(node.template, node.design) : NO_TEMPLATE;
    let base = this.nodeBases.get(ref);
    if (!base) {
      base = nodeBase(template, this.global?.nodes);
      this.nodeBases.set(ref, base);
    }
    if (!onlyStructural(node.design)) return finishNode(base, node, template !== undefined);
    const key = `${ref}|${node.design.shape ?? node.geometry?.shape ?? ''}`;
    let style = this.sharedNodes.get(key);
    if (!style) {
      style = finishNode(base, node, template !== undefined);
      this.sharedNodes.set(key, style);
    }
    return style;
  }

  edge(edge: StyledEdge): EdgeStyle {
    const template = edgeTemplate(edge, this.templates);
    const ref = template ? templateRef(edge.template, edge.design) : NO_TEMPLATE;
    let base = this.edgeBases.get(ref);
    if (!base) {
      base = edgeBase(template, this.global?.edges);
      this.edgeBases.set(ref, base);
    }
    if (!onlyStructural(edge.design)) return finishEdge(base, edge, template !== undefined);
    const key = `${ref}|${edge.name.trim() !== '' ? 'named' : ''}`;
    let style = this.sharedEdges.get(key);
    if (!style) {
      style = finishEdge(base, edge, template !== undefined);
      this.sharedEdges.set(key, style);
    }
    return style;
  }
}

/** Content in the first of the languages that has it. */
export function contentIn<C>(content: Partial<Record<Language, C>>, languages: readonly Language[]): C | undefined {
  for (const l of languages) {
    const c = content[l];
    if (c !== undefined) return c;
  }
  return undefined;
}

/**
 * The first non-empty title in the languages given, in their order, with its language: a node
 * without a title in the first language shows the next one that has one.
 */
export function firstTitle(
  content: Partial<Record<Language, { title?: string }>>,
  languages: readonly Language[],
): { title: string; language: Language } | null {
  for (const language of languages) {
    const title = content[language]?.title;
    if (title !== undefined && title.trim() !== '') return { title, language };
  }
  return null;
}

/** The title drawn for a node, or "" for none (font size 0 or an empty title: spec §5). */
export function shownTitle(style: Pick<NodeStyle, 'font_size'>, title: string | undefined): string {
  if (style.font_size <= 0 || title === undefined) return '';
  return title.trim() === '' ? '' : title;
}

/** Whether an edge label slot of this width (world px) is drawn (spec §5). */
export function labelSlotShown(style: Pick<EdgeStyle, 'templated' | 'font_size'>, slotWidth: number): boolean {
  if (style.font_size <= 0) return false;
  return style.templated || slotWidth >= LABEL_MIN_WIDTH;
}
