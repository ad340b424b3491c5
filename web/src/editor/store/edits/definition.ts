// The shape of one kind of edit's definition: everything the store needs to know of it, in one
// place. Its optimistic application, its inverse (what undoes it), how it is saved (merged into
// the elements or the global patch, or a request of its own), which ids it names, how temporary
// ids become the server's and the messages of its failure (map-editor.md §8). Adding a kind of
// edit means adding its shape to its family's union and its definition beside it.
import type { Edge, EdgePatch, GlobalDesignPatch, LevelPatch, MapPatch, Node, NodePatch, ObjectTemplate } from '../../../api/document';
import type { ApplyContext, DocState, Draft, Touched } from '../state';
import type { Edit, EditType, StoreApi, ToastKey } from '../types';

/**
 * elements: merged with its neighbours into one elements patch; global: merged into one global
 * design patch; section: neighbours changing the same section saved as one PUT of the last value;
 * alone: a request of its own (a create, a delete, an order, a template call).
 */
export type SaveGroup = 'elements' | 'global' | 'section' | 'alone';

/** The part of the document an edit belongs to, for saying what is not saved yet. */
export type EditFamily = 'nodes' | 'edges' | 'layers' | 'map' | 'global' | 'templates' | 'sections';

export interface Messages {
  error?: ToastKey;
  /** A failure that restored the stored values: a warning instead of the error. */
  restored?: ToastKey;
  /** The error's toast says why, in the server's words (a name taken, too long). */
  reason?: boolean;
}

export type EditOf<K extends EditType> = Extract<Edit, { type: K }>;
export type Resolve = (id: number) => number;

/** Collects the merged edits of one request: each element's patch, made once and then added to. */
export interface PatchBuilder {
  node: (id: number) => NodePatch;
  edge: (id: number) => EdgePatch;
  level: (id: number) => LevelPatch;
  /** A removed edge takes nothing else. */
  removeEdge: (id: number) => void;
  map: (patch: MapPatch) => void;
  global: (patch: GlobalDesignPatch) => void;
}

/** What a request of its own is sent with. */
export interface SendContext {
  api: StoreApi;
  mapId: number;
  /** The server's answer to a create: the element under its own id. */
  answered: (element: Node | Edge | ObjectTemplate) => void;
}

/** What the undo of an edit is computed from. */
export interface InverseContext {
  /** The values before the edit of what it touched (undefined: it did not exist). */
  t: Touched;
  /** The document after it. */
  view: DocState;
  resolve: Resolve;
  /** The temporary id of what the edit created. */
  createdId?: number;
}

/** A node (or edge) as it was before the edit: its value before if the edit touched it, else as it is. */
export const nodeBefore = (c: InverseContext, id: number) => c.t.nodes.get(c.resolve(id)) ?? c.view.nodes.get(c.resolve(id));
export const edgeBefore = (c: InverseContext, id: number) => c.t.edges.get(c.resolve(id)) ?? c.view.edges.get(c.resolve(id));

interface Common<K extends EditType> {
  family: EditFamily;
  /** What the edit creates: it gets a temporary id until the server answers with its own. */
  creates?: 'node' | 'edge' | 'template';
  /** The ids the edit names: it waits for their creation, and goes when that fails. */
  ids: (e: EditOf<K>) => number[];
  /** The edit with temporary ids replaced by the server's. */
  resolve: (e: EditOf<K>, r: Resolve) => EditOf<K>;
  messages: (e: EditOf<K>) => Messages;
  /** Whether what the edit needs is in the document (ids resolved through r). */
  exists: (e: EditOf<K>, view: DocState, r: Resolve) => boolean;
  /** Applies the edit the way the server will (its rules where the UI needs them at once). */
  apply: (d: Draft, e: EditOf<K>, ctx: ApplyContext) => void;
  /** The edits that undo it; none when there is nothing to undo. */
  inverse: (e: EditOf<K>, c: InverseContext) => Edit[];
}

export type EditDefinition<K extends EditType> = Common<K> &
  (
    | { group: 'elements' | 'global'; addTo: (p: PatchBuilder, e: EditOf<K>) => void }
    | { group: 'alone'; send: (c: SendContext, e: EditOf<K>) => Promise<number> }
    | { group: 'section' }
  );

export type EditDefinitions<K extends EditType> = { [P in K]: EditDefinition<P> };

/** Whether every node (or edge) id is in the document. */
export const nodesExist = (ids: number[], view: DocState, r: Resolve): boolean => ids.every((id) => view.nodes.has(r(id)));
export const edgesExist = (ids: number[], view: DocState, r: Resolve): boolean => ids.every((id) => view.edges.has(r(id)));

/** The common parts of edits that name one element by `id`. */
export function one<K extends EditType>(family: EditFamily, messages: Messages) {
  return {
    family,
    ids: (e: EditOf<K>) => [(e as { id: number }).id],
    resolve: (e: EditOf<K>, r: Resolve): EditOf<K> => ({ ...e, id: r((e as { id: number }).id) }),
    messages: () => messages,
  };
}

/** The common parts of edits that name elements by `ids`. */
export function many<K extends EditType>(family: EditFamily, messages: (e: EditOf<K>) => Messages) {
  return {
    family,
    ids: (e: EditOf<K>) => (e as { ids: number[] }).ids,
    resolve: (e: EditOf<K>, r: Resolve): EditOf<K> => ({ ...e, ids: (e as { ids: number[] }).ids.map(r) }),
    messages,
  };
}

/** The common parts of edits that name no element (or only ones that do not exist yet). */
export function none<K extends EditType>(family: EditFamily, messages: (e: EditOf<K>) => Messages) {
  return { family, ids: () => [], resolve: (e: EditOf<K>) => e, messages };
}

/** Merges a per-language content patch into another, field by field: later values win. */
export function mergeByLanguage<F extends object>(
  into: Partial<Record<string, F>> | undefined,
  patch: Partial<Record<string, F>>,
): Partial<Record<string, F>> {
  const out: Partial<Record<string, F>> = { ...into };
  for (const [lang, fields] of Object.entries(patch)) {
    out[lang] = { ...out[lang], ...fields } as F;
  }
  return out;
}

/** What an answer to a create says besides the element: its revision is the request's. */
export function withoutRevision<T extends object>(answer: T & { revision: number }): T {
  const out: Partial<{ revision: number }> & T = { ...answer };
  delete out.revision;
  return out;
}
