// What a change of the store's view tells its subscribers: which elements, sections and parts
// differ from before, with the objects of what did not really change kept (so that subscribers
// comparing identities re-render only what did).
import type { SectionName } from '../../api/sections';
import { definitionOf } from './edits';
import type { Op } from './saveQueue';
import { deepEqual, type DocState, type Touched } from './state';
import type { StoreChange } from './types';

/** A StoreChange being filled in. */
export type ChangeDraft = StoreChange & { nodes: Set<number>; edges: Set<number>; templates: Set<number>; sections: Set<SectionName> };

/** A change of nothing but these sections (their reading state or problems). */
export function changeOf(sections: Iterable<SectionName> = []): ChangeDraft {
  return {
    nodes: new Set(),
    edges: new Set(),
    templates: new Set(),
    layers: false,
    map: false,
    globalDesign: false,
    sections: new Set(sections),
    reloaded: false,
    replacedIds: { nodes: new Map(), edges: new Map() },
  };
}

/** Whether the change names nothing (subscribers are not told of it). */
export function isEmpty(change: StoreChange): boolean {
  return (
    !change.reloaded &&
    change.nodes.size + change.edges.size + change.templates.size === 0 &&
    !change.layers &&
    !change.map &&
    !change.globalDesign &&
    change.sections.size === 0
  );
}

/**
 * A replay builds new objects for everything it touches; an element equal to what was shown keeps
 * its old object, so that subscribers comparing identities re-render only what really changed.
 */
export function keepIdentity(prev: DocState, next: DocState, touched: Touched[]): void {
  const keep = <T>(a: Map<number, T>, b: Map<number, T>, id: number) => {
    const was = a.get(id);
    const now = b.get(id);
    if (was !== undefined && now !== undefined && was !== now && deepEqual(was, now)) b.set(id, was);
  };
  for (const t of touched) {
    for (const id of t.nodes.keys()) keep(prev.nodes, next.nodes, id);
    for (const id of t.edges.keys()) keep(prev.edges, next.edges, id);
    for (const id of t.templates.keys()) keep(prev.templates, next.templates, id);
  }
  if (next.layers !== prev.layers && deepEqual(next.layers, prev.layers)) next.layers = prev.layers;
  if (next.map !== prev.map && deepEqual(next.map, prev.map)) next.map = prev.map;
  if (next.global !== prev.global && deepEqual(next.global, prev.global)) next.global = prev.global;
  for (const t of touched) {
    for (const name of t.sections.keys()) {
      const was = prev.sections[name];
      if (was !== undefined && next.sections[name] !== was && deepEqual(was, next.sections[name])) next.sections[name] = was as never;
    }
  }
}

/** What differs between `prev` (or each touched's values before) and the view `v`. */
export function diffView(v: DocState, touched: Touched[], prev: DocState | null): ChangeDraft {
  const change = changeOf();
  for (const t of touched) {
    for (const [id, was] of t.nodes) if ((prev ? prev.nodes.get(id) : was) !== v.nodes.get(id)) change.nodes.add(id);
    for (const [id, was] of t.edges) if ((prev ? prev.edges.get(id) : was) !== v.edges.get(id)) change.edges.add(id);
    for (const [id, was] of t.templates) {
      if ((prev ? prev.templates.get(id) : was) !== v.templates.get(id)) change.templates.add(id);
    }
    if (t.layers && (prev ? prev.layers : t.layers) !== v.layers) change.layers = true;
    if (t.map && (prev ? prev.map : t.map) !== v.map) change.map = true;
    if (t.global && (prev ? prev.global : t.global) !== v.global) change.globalDesign = true;
    for (const [name, was] of t.sections) {
      if ((prev ? prev.sections[name] : was) !== v.sections[name]) change.sections.add(name);
    }
  }
  return change;
}

/** Creates the server answered: what they made has its own id now (and templates changed). */
export function noteAnswered(change: ChangeDraft, answered: readonly Op[]): void {
  for (const op of answered) {
    if (op.createdId === undefined || !op.answer) continue;
    const creates = definitionOf(op.edit).creates;
    if (creates === 'template') {
      change.templates.add(op.createdId);
      continue;
    }
    const map = creates === 'edge' ? change.replacedIds.edges : change.replacedIds.nodes;
    (map as Map<number, number>).set(op.createdId, op.answer.id);
    (creates === 'edge' ? change.edges : change.nodes).add(op.createdId);
  }
}
