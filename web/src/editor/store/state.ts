// The document as the store holds it (elements by id), and the pure operations on it: applying a
// server change (Delta) and applying a local edit with the spec's client-side rules. Elements are
// never mutated, only replaced, so that a changed element is a new object and an unchanged one
// keeps its identity (what subscribers compare).
import type {
  Delta,
  Edge,
  GlobalDesign,
  Layer,
  MapDesign,
  MapDocument,
  MapPatch,
  MapSettings,
  Node,
  ObjectTemplate,
  Visibility,
} from '../../api/document';
import { NO_TEMPLATE } from '../../api/document';
import type { SectionName, SectionValues } from '../../api/sections';

/** The section names a change's data may carry (docs/api.md "A change's data"). */
export const SECTION_NAMES: readonly SectionName[] = [
  'editors_note',
  'glossary',
  'references',
  'header',
  'toc',
  'social_sharing',
  'cookie_consent',
];

/** The sections read so far: they are not in GET /maps/{id}, each is read on first use. */
export type Sections = { [N in SectionName]?: SectionValues[N] };

export interface DocState {
  map: MapSettings;
  nodes: Map<number, Node>;
  edges: Map<number, Edge>;
  templates: Map<number, ObjectTemplate>;
  layers: Layer[];
  global: GlobalDesign;
  sections: Sections;
}

export function stateFromDocument(doc: MapDocument, sections: Sections = {}): DocState {
  return {
    map: doc.map,
    nodes: new Map(doc.nodes.map((n) => [n.id, n])),
    edges: new Map(doc.edges.map((e) => [e.id, e])),
    templates: new Map(doc.object_templates.map((t) => [t.id, t])),
    layers: doc.layers,
    global: doc.global_design,
    sections,
  };
}

export function cloneState(s: DocState): DocState {
  return { ...s, nodes: new Map(s.nodes), edges: new Map(s.edges), templates: new Map(s.templates), sections: { ...s.sections } };
}

/** What a change touched, with the values before it (undefined: the element did not exist). */
export class Touched {
  readonly nodes = new Map<number, Node | undefined>();
  readonly edges = new Map<number, Edge | undefined>();
  readonly templates = new Map<number, ObjectTemplate | undefined>();
  layers: Layer[] | null = null;
  map: MapSettings | null = null;
  global: GlobalDesign | null = null;
  /** Each section's value before (undefined: not read yet). */
  readonly sections = new Map<SectionName, SectionValues[SectionName] | undefined>();
}

/** A state being changed, recording what it touched. */
export class Draft {
  constructor(
    readonly s: DocState,
    readonly t: Touched,
  ) {}

  putNode(n: Node): void {
    if (!this.t.nodes.has(n.id)) this.t.nodes.set(n.id, this.s.nodes.get(n.id));
    this.s.nodes.set(n.id, n);
  }

  dropNode(id: number): void {
    if (!this.s.nodes.has(id)) return;
    if (!this.t.nodes.has(id)) this.t.nodes.set(id, this.s.nodes.get(id));
    this.s.nodes.delete(id);
  }

  putEdge(e: Edge): void {
    if (!this.t.edges.has(e.id)) this.t.edges.set(e.id, this.s.edges.get(e.id));
    this.s.edges.set(e.id, e);
  }

  dropEdge(id: number): void {
    if (!this.s.edges.has(id)) return;
    if (!this.t.edges.has(id)) this.t.edges.set(id, this.s.edges.get(id));
    this.s.edges.delete(id);
  }

  putTemplate(t: ObjectTemplate): void {
    if (!this.t.templates.has(t.id)) this.t.templates.set(t.id, this.s.templates.get(t.id));
    this.s.templates.set(t.id, t);
  }

  dropTemplate(id: number): void {
    if (!this.s.templates.has(id)) return;
    if (!this.t.templates.has(id)) this.t.templates.set(id, this.s.templates.get(id));
    this.s.templates.delete(id);
  }

  setLayers(layers: Layer[]): void {
    this.t.layers ??= this.s.layers;
    this.s.layers = layers;
  }

  setMap(map: MapSettings): void {
    this.t.map ??= this.s.map;
    this.s.map = map;
  }

  setGlobal(g: GlobalDesign): void {
    this.t.global ??= this.s.global;
    this.s.global = g;
  }

  setSection<N extends SectionName>(name: N, value: SectionValues[N]): void {
    if (!this.t.sections.has(name)) this.t.sections.set(name, this.s.sections[name]);
    this.s.sections[name] = value;
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers

type Patch = Record<string, unknown>;

/** A design with a sparse patch applied: null (or undefined) makes a field inherited again. */
export function mergeDesign<D extends object>(design: D, patch: object): D {
  const out: Patch = { ...(design as Patch) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || v === undefined) Reflect.deleteProperty(out, k);
    else out[k] = v;
  }
  return out as D;
}

/** Content fields per language: absent or null leaves a field, "" empties (drops) it. */
export function mergeContent<C extends object>(
  content: Partial<Record<string, C>>,
  patch: Partial<Record<string, object>>,
): Partial<Record<string, C>> {
  const out = { ...content };
  for (const [lang, fields] of Object.entries(patch)) {
    if (fields === undefined) continue;
    const c: Patch = { ...out[lang] };
    for (const [k, v] of Object.entries(fields)) {
      if (v === null || v === undefined) continue;
      // The server leaves empty fields (and translated: false) out.
      if (v === '' || v === false) Reflect.deleteProperty(c, k);
      else c[k] = v;
    }
    out[lang] = c as C;
  }
  return out;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

/** The dotted paths of the leaves that differ between a and b ("" for the whole value). */
export function diffPaths(a: unknown, b: unknown, prefix = ''): string[] {
  if (isPlainObject(a) && isPlainObject(b)) {
    const out: string[] = [];
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      out.push(...diffPaths(a[k], b[k], prefix === '' ? k : `${prefix}.${k}`));
    }
    return out;
  }
  return deepEqual(a, b) ? [] : [prefix];
}

export function valueAt(v: unknown, path: string): unknown {
  if (path === '') return v;
  let cur = v;
  for (const k of path.split('.')) {
    if (!isPlainObject(cur)) return undefined;
    cur = cur[k];
  }
  return cur;
}

export function intersect(a: Visibility, b: Visibility): Visibility | null {
  const min = Math.max(a.min_level, b.min_level);
  const max = Math.min(a.max_level, b.max_level);
  return min <= max ? { min_level: min, max_level: max, hidden: false } : null;
}

/** An edge's range is the overlap of its nodes' (or it goes); hidden when either node is. */
export function followNodes(d: Draft, nodeIds: ReadonlySet<number>): void {
  for (const e of [...d.s.edges.values()]) {
    if (!nodeIds.has(e.node.from_id) && !nodeIds.has(e.node.to_id)) continue;
    const from = d.s.nodes.get(e.node.from_id);
    const to = d.s.nodes.get(e.node.to_id);
    if (!from || !to) continue;
    const v = intersect(from.visibility, to.visibility);
    if (!v) {
      d.dropEdge(e.id);
      continue;
    }
    v.hidden = from.visibility.hidden || to.visibility.hidden;
    if (!deepEqual(v, e.visibility)) d.putEdge({ ...e, visibility: v });
  }
}

/** The listed nodes take the orders they hold between them, in the listed sequence. */
export function applyOrder(d: Draft, ids: number[]): void {
  const nodes = ids.map((id) => d.s.nodes.get(id)).filter((n) => n !== undefined);
  const orders = nodes.map((n) => n.order).sort((a, b) => a - b);
  nodes.forEach((n, i) => {
    const order = orders[i] ?? n.order;
    if (n.order !== order) d.putNode({ ...n, order });
  });
}

export function removeNodes(d: Draft, ids: number[]): void {
  const gone = new Set(ids.filter((id) => d.s.nodes.has(id)));
  if (gone.size === 0) return;
  for (const id of gone) d.dropNode(id);
  for (const e of [...d.s.edges.values()]) {
    if (gone.has(e.node.from_id) || gone.has(e.node.to_id)) d.dropEdge(e.id);
  }
  for (const n of [...d.s.nodes.values()]) {
    const next = n.next_id !== null && gone.has(n.next_id);
    const prev = n.previous_id !== null && gone.has(n.previous_id);
    if (next || prev) {
      d.putNode({ ...n, next_id: next ? null : n.next_id, previous_id: prev ? null : n.previous_id });
    }
  }
}

/** A layer with no locked node on it is unlocked (domain.LayerLocked). */
export function relockLayers(d: Draft): void {
  const locked = new Set<number>();
  for (const n of d.s.nodes.values()) if (n.editing.locked) locked.add(n.visibility.min_level);
  const layers = d.s.layers.map((l) => (l.locked === locked.has(l.id) ? l : { ...l, locked: !l.locked }));
  if (layers.some((l, i) => l !== d.s.layers[i])) d.setLayers(layers);
}

export function clampLevels(v: Visibility, levels: number): Visibility {
  const min = Math.min(Math.max(v.min_level, 1), levels);
  const max = Math.min(Math.max(v.max_level, min), levels);
  return min === v.min_level && max === v.max_level ? v : { ...v, min_level: min, max_level: max };
}

export function resizeLayers(layers: Layer[], n: number): Layer[] {
  return Array.from({ length: n }, (_, i) => layers.find((l) => l.id === i + 1) ?? { id: i + 1, hidden: false, locked: false });
}

/** Setting media clears media_url and the other way round (domain.ExclusiveMedia). */
export function exclusiveMedia<D extends { media?: string; media_url?: string }>(d: D, patch: object): D {
  const p = patch as { media?: unknown; media_url?: unknown };
  const out = { ...d };
  if (p.media !== undefined && p.media !== null) delete out.media_url;
  else if (p.media_url !== undefined && p.media_url !== null) delete out.media;
  return out;
}

/** Template-following design: own values equal to the template's are dropped (inherited). */
export function dropTemplateEqual<D extends object>(design: D, template: object | undefined): D {
  if (!template) return design;
  const t = template as Patch;
  const out: Patch = { ...(design as Patch) };
  for (const [k, v] of Object.entries(out)) {
    if (k !== 'shape' && k !== 'object_template' && t[k] !== undefined && deepEqual(t[k], v)) {
      Reflect.deleteProperty(out, k);
    }
  }
  return out as D;
}

export function templateDesign(s: DocState, ref: string): object | undefined {
  if (ref === NO_TEMPLATE) return undefined;
  return s.templates.get(Number(ref))?.design;
}

export function applyMapPatch(map: MapSettings, p: MapPatch): MapSettings {
  const out: MapSettings = { ...map };
  if (p.name !== undefined) out.name = p.name;
  if (p.description !== undefined) out.description = p.description;
  if (p.measurement !== undefined) out.measurement = p.measurement;
  if (p.visibility_levels !== undefined) out.visibility_levels = p.visibility_levels;
  if (p.behavior !== undefined) out.behavior = p.behavior;
  if (p.languages !== undefined) out.languages = p.languages;
  if (p.design !== undefined) {
    const { media, media_url, ...rest } = p.design;
    const design: MapDesign = { ...out.design, ...rest };
    // "" clears; setting one of media and media_url clears the other.
    if (media !== undefined) {
      design.media = media === '' ? null : media;
      if (media !== '') design.media_url = null;
    }
    if (media_url !== undefined) {
      design.media_url = media_url === '' ? null : media_url;
      if (media_url !== '') design.media = null;
    }
    out.design = design;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Server changes

/** Applies a committed change: its data is the new state of what it touched (docs/api.md). */
export function applyDelta(d: Draft, delta: Delta): void {
  if (delta.map) d.setMap(delta.map);
  if (delta.layers) d.setLayers(delta.layers);
  if (delta.global_design) d.setGlobal(delta.global_design);
  for (const n of delta.nodes ?? []) d.putNode(n);
  for (const e of delta.edges ?? []) d.putEdge(e);
  for (const t of delta.templates ?? []) d.putTemplate(t);
  if (delta.removed_node_ids) removeNodes(d, delta.removed_node_ids);
  for (const id of delta.removed_edge_ids ?? []) d.dropEdge(id);
  for (const id of delta.removed_template_ids ?? []) d.dropTemplate(id);
  for (const p of delta.positions ?? []) {
    const n = d.s.nodes.get(p.id);
    if (n) d.putNode({ ...n, geometry: { ...n.geometry, center: p.center } });
  }
  if (delta.order) applyOrder(d, delta.order);
  for (const name of SECTION_NAMES) {
    const value = delta[name];
    if (value) d.setSection(name, value);
  }
}

// ---------------------------------------------------------------------------------------------
// Local edits

/** How a local edit refers to elements: temporary ids resolve to the server's once known. */
export interface ApplyContext {
  resolve: (id: number) => number;
  /** The id a created element has here: the temporary one, or the server's once answered. */
  createdId?: number;
  /** The server's answer to a create or clone, used instead of the local guess once there. */
  answer?: Node | Edge | ObjectTemplate;
}

export function nextOrder(s: DocState): number {
  let max = 0;
  for (const n of s.nodes.values()) max = Math.max(max, n.order);
  return max + 1;
}

export function updateNode(d: Draft, id: number, f: (n: Node) => Node): void {
  const n = d.s.nodes.get(id);
  if (n) d.putNode(f(n));
}

export function updateEdge(d: Draft, id: number, f: (e: Edge) => Edge): void {
  const e = d.s.edges.get(id);
  if (e) d.putEdge(f(e));
}
