// Pasting Strata's clipboard into a map, and duplicating a selection: new nodes and the edges
// between them, as one undo step. What the target map cannot hold is fitted to it: level ranges
// clamped to its levels, content only in its languages, templates matched by name and type (and
// dropped when it has none such).
import type { ContentByLanguage, Edge, ObjectTemplate, Point, TemplateRef, Visibility } from '../../api/document';
import { NO_TEMPLATE } from '../../api/document';
import type { DocumentStore, Edit, EditResult } from '../store';
import type { ClipPayload, ClipTemplate } from './clipboard';

export interface Pasted {
  nodes: number[];
  edges: number[];
}

/** The offset of a duplicate from its original (the spec's clone offset). */
export const DUPLICATE_OFFSET: Point = { x: 30, y: 30 };

function clampRange(v: Visibility, levels: number): Visibility {
  const min = Math.min(Math.max(1, v.min_level), levels);
  const max = Math.min(Math.max(min, v.max_level), levels);
  return { min_level: min, max_level: max, hidden: v.hidden };
}

function templateRef(t: ClipTemplate | null, templates: readonly ObjectTemplate[]): TemplateRef {
  if (!t) return NO_TEMPLATE;
  const found = templates.find((x) => x.type === t.type && x.name === t.name);
  return found ? String(found.id) : NO_TEMPLATE;
}

function inLanguages<C extends object>(content: ContentByLanguage<C>, languages: readonly string[]): ContentByLanguage<C> {
  const out: ContentByLanguage<C> = {};
  for (const [lang, c] of Object.entries(content) as [keyof ContentByLanguage<C>, C][]) {
    if (languages.includes(lang)) out[lang] = c;
  }
  return out;
}

/** A pasted node closer than this to a node already there counts as lying on it. */
const SAME_PLACE = DUPLICATE_OFFSET.x / 2;
/** Pastes cascade at most this far (then they land where asked, whatever is there). */
const MAX_CASCADE = 50;

/**
 * How far to move nodes placed at `centers` so that none lies on a node already there: nothing,
 * or the duplicate offset as many times as it takes. A paste at the original's place (the
 * pointer still over it, or not over the canvas) would otherwise hide behind it, and a
 * second paste behind the first; so they cascade, as in tldraw and Excalidraw.
 */
export function pasteShift(centers: readonly Point[], existing: readonly Point[]): Point {
  const near = (a: Point, b: Point) => Math.abs(a.x - b.x) < SAME_PLACE && Math.abs(a.y - b.y) < SAME_PLACE;
  for (let i = 0; i < MAX_CASCADE; i++) {
    const shift = { x: DUPLICATE_OFFSET.x * i, y: DUPLICATE_OFFSET.y * i };
    const covered = centers.some((c) => existing.some((e) => near({ x: c.x + shift.x, y: c.y + shift.y }, e)));
    if (!covered) return shift;
  }
  return { x: 0, y: 0 };
}

const created = (r: EditResult): number | null => (r.ok && r.id !== undefined ? r.id : null);

/**
 * The payload's nodes and edges as new ones of the store's map, centred on `at` (moved on by the
 * duplicate offset while they would lie on nodes already there); answers their (temporary) ids.
 */
export function pasteInto(store: DocumentStore, payload: ClipPayload, at: Point): Pasted {
  const levels = Math.max(1, store.map.visibility_levels);
  const languages = store.map.languages;
  const templates = store.document.object_templates;
  const xs = payload.nodes.map((n) => n.center.x);
  const ys = payload.nodes.map((n) => n.center.y);
  const cx = at.x - (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = at.y - (Math.min(...ys) + Math.max(...ys)) / 2;
  const shift = pasteShift(
    payload.nodes.map((n) => ({ x: Math.round(n.center.x + cx), y: Math.round(n.center.y + cy) })),
    store.document.nodes.map((n) => n.geometry.center),
  );
  const dx = cx + shift.x;
  const dy = cy + shift.y;
  const ids = new Map<number, number>();
  const ranges = new Map<number, Visibility>();
  const out: Pasted = { nodes: [], edges: [] };
  store.applyStep((apply) => {
    for (const n of payload.nodes) {
      const visibility = clampRange(n.visibility, levels);
      const id = created(
        apply({
          type: 'createNode',
          node: {
            design: { shape: n.shape, object_template: templateRef(n.template, templates) },
            geometry: { center: { x: Math.round(n.center.x + dx), y: Math.round(n.center.y + dy) } },
            visibility,
          },
        }),
      );
      if (id === null) continue;
      ids.set(n.key, id);
      ranges.set(n.key, visibility);
      out.nodes.push(id);
      if (Object.keys(n.design).length > 0) apply({ type: 'setNodeDesign', id, design: n.design });
      const content = inLanguages(n.content, languages);
      if (Object.keys(content).length > 0) apply({ type: 'setNodeContent', id, content });
    }
    for (const n of payload.nodes) {
      const id = ids.get(n.key);
      const next = n.next === null ? undefined : ids.get(n.next);
      const previous = n.previous === null ? undefined : ids.get(n.previous);
      if (id === undefined || (next === undefined && previous === undefined)) continue;
      apply({
        type: 'setNodeNavigation',
        id,
        navigation: { ...(next !== undefined && { next_id: next }), ...(previous !== undefined && { previous_id: previous }) },
      });
    }
    for (const e of payload.edges) {
      const from = ids.get(e.from);
      const to = ids.get(e.to);
      const a = ranges.get(e.from);
      const b = ranges.get(e.to);
      if (from === undefined || to === undefined || !a || !b) continue;
      // Within both ends' ranges; the server refuses an edge between nodes that share no level.
      const min = Math.max(e.visibility.min_level, a.min_level, b.min_level);
      const max = Math.min(e.visibility.max_level, a.max_level, b.max_level);
      if (Math.max(a.min_level, b.min_level) > Math.min(a.max_level, b.max_level)) continue;
      const visibility = min <= max ? { min_level: min, max_level: max, hidden: e.visibility.hidden } : undefined;
      const id = created(
        apply({
          type: 'createEdge',
          edge: {
            node: { from_id: from, to_id: to },
            ...(visibility && { visibility }),
            design: { object_template: templateRef(e.template, templates) },
          },
        }),
      );
      if (id === null) continue;
      out.edges.push(id);
      if (Object.keys(e.design).length > 0) apply({ type: 'setEdgeDesign', id, design: e.design });
      const content = inLanguages(e.content, languages);
      if (Object.keys(content).length > 0) apply({ type: 'setEdgeContent', id, content });
    }
  });
  return out;
}

/** Clones the nodes (the server copies all of each) and the edges between them, as one step. */
export function duplicateIn(store: DocumentStore, nodeIds: readonly number[], edges: readonly Edge[], offset = DUPLICATE_OFFSET): Pasted {
  const ids = new Map<number, number>();
  const out: Pasted = { nodes: [], edges: [] };
  store.applyStep((apply) => {
    for (const id of nodeIds) {
      const copy = created(apply({ type: 'cloneNode', id, offset }));
      if (copy === null) continue;
      ids.set(id, copy);
      out.nodes.push(copy);
    }
    for (const e of edges) {
      const from = ids.get(e.node.from_id);
      const to = ids.get(e.node.to_id);
      if (from === undefined || to === undefined) continue;
      const id = created(
        apply({
          type: 'createEdge',
          edge: { node: { from_id: from, to_id: to }, visibility: e.visibility, design: { object_template: e.template } },
        }),
      );
      if (id === null) continue;
      out.edges.push(id);
      const design = Object.fromEntries(Object.entries(e.design).filter(([k]) => k !== 'object_template'));
      const more: Edit[] = [];
      if (Object.keys(design).length > 0) more.push({ type: 'setEdgeDesign', id, design });
      if (Object.keys(e.content).length > 0) more.push({ type: 'setEdgeContent', id, content: e.content });
      for (const edit of more) apply(edit);
    }
  });
  return out;
}
