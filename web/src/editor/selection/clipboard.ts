// Strata's clipboard format: the copied nodes with the edges between them, self-contained so that
// another map (in this tab or another) can paste them, and a plain-text list of their titles for
// everything else.
//
// Where it goes: the copy and paste events' clipboardData, which needs no permission prompt and
// works in headless browsers. Two carriers hold the same JSON: a type of our own
// (application/x-strata+json), which Chromium and Firefox keep between their own pages but not
// across browsers, and a data attribute of the text/html flavour, which every browser carries
// (base64, so that no HTML escaping or a browser's rewriting of the markup can spoil it).
// Reading takes whichever arrives; what it reads is checked field by field and bounded.
import type { ContentByLanguage, Edge, EdgeContent, Node, NodeContent, ObjectTemplate, Point, Visibility } from '../../api/document';
import { EDGE_DESIGN_FIELDS, NODE_DESIGN_FIELDS, NO_TEMPLATE } from '../../api/document';
import { DomainLanguage, DomainEnabledShape } from '../../api/constants';

export const STRATA_MIME = 'application/x-strata+json';
const HTML_ATTRIBUTE = 'data-strata-clipboard';
const FORMAT = 'strata-nodes';
const VERSION = 1;

/** A paste is bounded: beyond these it is refused whole rather than cut somewhere. */
export const MAX_CLIP_NODES = 1000;
export const MAX_CLIP_EDGES = 5000;
export const MAX_CLIP_CHARS = 8_000_000;

type Language = (typeof DomainLanguage)[number];
type Shape = (typeof DomainEnabledShape)[number];

/** A template named by what it is, as ids differ between maps. */
export interface ClipTemplate {
  name: string;
  type: 'node' | 'edge';
}

export interface ClipNode {
  /** The node's id where it was copied; edges and links name nodes by it. */
  key: number;
  shape: Shape;
  center: Point;
  visibility: Visibility;
  /** Its own design values, the template apart. */
  design: Record<string, unknown>;
  template: ClipTemplate | null;
  content: ContentByLanguage<Record<string, string>>;
  next: number | null;
  previous: number | null;
}

export interface ClipEdge {
  from: number;
  to: number;
  visibility: Visibility;
  design: Record<string, unknown>;
  template: ClipTemplate | null;
  content: ContentByLanguage<Record<string, string | boolean>>;
}

export interface ClipPayload {
  format: typeof FORMAT;
  version: typeof VERSION;
  /** The map copied from. */
  mapId: number;
  nodes: ClipNode[];
  edges: ClipEdge[];
}

const NODE_CONTENT_FIELDS = [
  'title',
  'abstract',
  'content',
  'short_content',
  'marginal_content_1',
  'marginal_content_2',
  'node_link_to',
  'node_search_terms',
  'seo_description',
] as const satisfies readonly (keyof NodeContent)[];
const EDGE_CONTENT_FIELDS = ['start', 'middle', 'end'] as const satisfies readonly (keyof EdgeContent)[];

// --- Copying -----------------------------------------------------------------------------------

function templateOf(ref: string, templates: ReadonlyMap<number, ObjectTemplate>): ClipTemplate | null {
  if (ref === NO_TEMPLATE) return null;
  const t = templates.get(Number(ref));
  return t ? { name: t.name, type: t.type } : null;
}

function ownDesign(design: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(design)) if (k !== 'object_template' && k !== 'shape' && v !== null && v !== undefined) out[k] = v;
  return out;
}

/** The payload of the nodes (those that exist) and of the edges between them. */
export function clipOf(
  mapId: number,
  nodeIds: readonly number[],
  doc: { node: (id: number) => Node | undefined; edges: Iterable<Edge>; templates: ReadonlyMap<number, ObjectTemplate> },
): ClipPayload {
  const nodes = nodeIds.flatMap((id) => doc.node(id) ?? []);
  const keys = new Set(nodes.map((n) => n.id));
  const link = (id: number | null) => (id !== null && keys.has(id) ? id : null);
  return {
    format: FORMAT,
    version: VERSION,
    mapId,
    nodes: nodes.map((n) => ({
      key: n.id,
      shape: n.geometry.shape === 'circle' ? 'circle' : 'rectangle',
      center: { ...n.geometry.center },
      visibility: { ...n.visibility },
      design: ownDesign(n.design),
      template: templateOf(n.template, doc.templates),
      content: JSON.parse(JSON.stringify(n.content)) as ClipNode['content'],
      next: link(n.next_id),
      previous: link(n.previous_id),
    })),
    edges: [...doc.edges]
      .filter((e) => keys.has(e.node.from_id) && keys.has(e.node.to_id))
      .map((e) => ({
        from: e.node.from_id,
        to: e.node.to_id,
        visibility: { ...e.visibility },
        design: ownDesign(e.design),
        template: templateOf(e.template, doc.templates),
        content: JSON.parse(JSON.stringify(e.content)) as ClipEdge['content'],
      })),
  };
}

/** The titles, one a line, in the first of the languages a node has one in. */
export function titlesText(payload: ClipPayload, languages: readonly string[]): string {
  return payload.nodes
    .map((n) => {
      for (const lang of [...languages, ...DomainLanguage]) {
        const title = n.content[lang as Language]?.title?.trim();
        if (title) return title;
      }
      return '';
    })
    .filter((t) => t !== '')
    .join('\n');
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

function fromBase64(b64: string): string | null {
  try {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What a copy writes: type → data. */
export function clipboardFlavours(payload: ClipPayload, languages: readonly string[]): Record<string, string> {
  const json = JSON.stringify(payload);
  const titles = titlesText(payload, languages);
  const list = titles
    .split('\n')
    .filter(Boolean)
    .map((t) => `<li>${escapeHtml(t)}</li>`)
    .join('');
  return {
    [STRATA_MIME]: json,
    'text/html': `<div ${HTML_ATTRIBUTE}="${toBase64(json)}"><ul>${list}</ul></div>`,
    'text/plain': titles,
  };
}

// --- Reading -----------------------------------------------------------------------------------

/** The payload a paste carries, from our own type or the HTML flavour; null for anything else. */
export function readClipboard(data: { getData(type: string): string }): ClipPayload | null {
  const own = safeGet(data, STRATA_MIME);
  if (own) return parseClip(own);
  const html = safeGet(data, 'text/html');
  if (!html || html.length > MAX_CLIP_CHARS * 2) return null;
  const m = new RegExp(`${HTML_ATTRIBUTE}="([A-Za-z0-9+/=]+)"`).exec(html);
  const json = m?.[1] ? fromBase64(m[1]) : null;
  return json ? parseClip(json) : null;
}

function safeGet(data: { getData(type: string): string }, type: string): string {
  try {
    return data.getData(type);
  } catch {
    return '';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isFinite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function point(v: unknown): Point | null {
  return isObject(v) && isFinite(v.x) && isFinite(v.y) ? { x: v.x, y: v.y } : null;
}

function visibility(v: unknown): Visibility | null {
  if (!isObject(v) || !isInt(v.min_level) || !isInt(v.max_level) || typeof v.hidden !== 'boolean') return null;
  return { min_level: v.min_level, max_level: v.max_level, hidden: v.hidden };
}

function template(v: unknown, type: 'node' | 'edge'): ClipTemplate | null {
  return isObject(v) && typeof v.name === 'string' && v.type === type ? { name: v.name.slice(0, 200), type } : null;
}

/** The design values the server would take: known fields, each of its kind and within bounds. */
function design(v: unknown, fields: Record<string, { kind: string; min?: number; max?: number; values?: readonly unknown[] }>) {
  const out: Record<string, unknown> = {};
  if (!isObject(v)) return out;
  for (const [k, value] of Object.entries(v)) {
    const spec = fields[k];
    if (!spec || k === 'object_template' || k === 'shape') continue;
    const fits =
      spec.kind === 'number'
        ? isFinite(value) && value >= (spec.min ?? -Infinity) && value <= (spec.max ?? Infinity)
        : spec.kind === 'boolean'
          ? typeof value === 'boolean'
          : spec.kind === 'enum'
            ? (spec.values ?? []).includes(value)
            : typeof value === 'string' && value.length <= 10_000;
    if (fits) out[k] = value;
  }
  return out;
}

function content(v: unknown, fields: readonly string[], flags: readonly string[] = []) {
  const out: ContentByLanguage<Record<string, string | boolean>> = {};
  if (!isObject(v)) return out;
  for (const lang of DomainLanguage) {
    const c = v[lang];
    if (!isObject(c)) continue;
    const kept: Record<string, string | boolean> = {};
    for (const f of fields) if (typeof c[f] === 'string') kept[f] = c[f];
    for (const f of flags) if (typeof c[f] === 'boolean') kept[f] = c[f];
    if (Object.keys(kept).length > 0) out[lang] = kept;
  }
  return out;
}

/** Strata's payload from its JSON; null for junk, another format or more than a paste may carry. */
export function parseClip(text: string): ClipPayload | null {
  if (text.length > MAX_CLIP_CHARS) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(raw) || raw.format !== FORMAT || raw.version !== VERSION || !isInt(raw.mapId)) return null;
  if (!Array.isArray(raw.nodes) || !Array.isArray(raw.edges)) return null;
  if (raw.nodes.length === 0 || raw.nodes.length > MAX_CLIP_NODES || raw.edges.length > MAX_CLIP_EDGES) return null;
  const nodes: ClipNode[] = [];
  const keys = new Set<number>();
  for (const n of raw.nodes as unknown[]) {
    if (!isObject(n) || !isInt(n.key) || keys.has(n.key)) return null;
    const center = point(n.center);
    const vis = visibility(n.visibility);
    if (!center || !vis || !DomainEnabledShape.includes(n.shape as Shape)) return null;
    keys.add(n.key);
    nodes.push({
      key: n.key,
      shape: n.shape as Shape,
      center,
      visibility: vis,
      design: design(n.design, NODE_DESIGN_FIELDS),
      template: template(n.template, 'node'),
      content: content(n.content, NODE_CONTENT_FIELDS) as ClipNode['content'],
      next: isInt(n.next) ? n.next : null,
      previous: isInt(n.previous) ? n.previous : null,
    });
  }
  const edges: ClipEdge[] = [];
  for (const e of raw.edges as unknown[]) {
    if (!isObject(e) || !isInt(e.from) || !isInt(e.to) || !keys.has(e.from) || !keys.has(e.to)) return null;
    const vis = visibility(e.visibility);
    if (!vis) return null;
    edges.push({
      from: e.from,
      to: e.to,
      visibility: vis,
      design: design(e.design, EDGE_DESIGN_FIELDS),
      template: template(e.template, 'edge'),
      content: content(e.content, EDGE_CONTENT_FIELDS, ['translated']),
    });
  }
  // Links to nodes not copied are dropped.
  for (const n of nodes) {
    if (n.next !== null && !keys.has(n.next)) n.next = null;
    if (n.previous !== null && !keys.has(n.previous)) n.previous = null;
  }
  return { format: FORMAT, version: VERSION, mapId: raw.mapId, nodes, edges };
}
