// The document store's test fixtures: a small map, a store over fake calls, and frames.
import { vi } from 'vitest';
import type { Change, Delta, Edge, MapDocument, Node, RevisionAnswer, SyncType } from '../../api/document';
import type { SyncMapEdit } from '../../api/live';
import type { Revised } from '../../api/maps';
import type { SectionAnswer, SectionName, SectionValues } from '../../api/sections';
import { DocumentStore } from './documentStore';
import type { DocumentStoreOptions, StoreApi, StoreChange, Toast } from './types';

export const ME = 7;
export const OTHER = 8;

export function node(id: number, over: Partial<Node> = {}): Node {
  return {
    id,
    template: '0',
    design: { shape: 'rectangle', object_template: '0', width: 100, height: 40 },
    geometry: { shape: 'rectangle', center: { x: id * 100, y: 0 } },
    visibility: { min_level: 1, max_level: 3, hidden: false },
    content: {},
    next_id: null,
    previous_id: null,
    popup_type: 'popup-small',
    editing: { locked: false },
    order: id,
    ...over,
  };
}

export function edge(id: number, from: number, to: number): Edge {
  return {
    id,
    node: { from_id: from, to_id: to },
    name: '',
    type: '',
    template: '0',
    design: { object_template: '0' },
    content: {},
    visibility: { min_level: 1, max_level: 3, hidden: false },
    locked: false,
  };
}

export function doc(revision = 10): MapDocument {
  return {
    map: {
      id: 1,
      name: 'M',
      description: '',
      measurement: { width: 1000, height: 800 },
      design: {
        expansion: 'both',
        bg_color: '#ffffff',
        media: null,
        media_url: null,
        media_position: 'center',
        media_repeat: 'no-repeat',
        media_size: 'cover',
        media_opacity: 100,
      },
      visibility_levels: 3,
      behavior: { mark_visited_nodes: false },
      languages: ['en'],
      updated_at: '2025-01-01T00:00:00.000Z',
    },
    nodes: [node(1), node(2), node(3, { visibility: { min_level: 2, max_level: 3, hidden: false } })],
    edges: [edge(10, 1, 2)],
    object_templates: [],
    global_design: { nodes: {}, edges: {}, popups: {}, tooltips: {}, table_of_contents: {}, templates: {} },
    layers: [
      { id: 1, hidden: false, locked: false },
      { id: 2, hidden: false, locked: false },
      { id: 3, hidden: false, locked: false },
    ],
    revision,
  };
}

/** A promise settled from outside, for answers that come late. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function setup(revision = 10, options: Partial<DocumentStoreOptions> = {}, document: MapDocument = doc(revision)) {
  let rev = revision;
  const ok = (): Promise<Revised<RevisionAnswer>> => {
    rev += 1;
    return Promise.resolve({ data: { revision: rev }, revision: rev });
  };
  const api = {
    getMap: vi.fn<StoreApi['getMap']>(),
    getChanges: vi.fn<StoreApi['getChanges']>(),
    patchElements: vi.fn<StoreApi['patchElements']>(ok),
    patchGlobalDesign: vi.fn<StoreApi['patchGlobalDesign']>(ok),
    createNode: vi.fn<StoreApi['createNode']>(),
    cloneNode: vi.fn<StoreApi['cloneNode']>(),
    deleteNode: vi.fn<StoreApi['deleteNode']>(ok),
    patchNodeDesign: vi.fn<StoreApi['patchNodeDesign']>(ok),
    createEdge: vi.fn<StoreApi['createEdge']>(),
    patchEdgeDesign: vi.fn<StoreApi['patchEdgeDesign']>(ok),
    restoreElements: vi.fn<StoreApi['restoreElements']>(() => ok().then((res) => ({ ...res, data: { revision: res.revision, data: {} } }))),
    createTemplate: vi.fn<StoreApi['createTemplate']>(),
    updateTemplate: vi.fn<StoreApi['updateTemplate']>(),
    deleteTemplate: vi.fn<StoreApi['deleteTemplate']>(ok),
    getSection: vi.fn<(mapId: number, name: SectionName) => Promise<SectionAnswer<SectionName>>>(),
    putSection: vi.fn<StoreApi['putSection']>(<N extends SectionName>(_mapId: number, _name: N, value: SectionValues[N]) => {
      rev += 1;
      return Promise.resolve({ ...value, revision: rev });
    }),
  };
  const log = vi.fn();
  const store = new DocumentStore(document, {
    mapId: 1,
    userId: ME,
    api: api as StoreApi,
    log,
    timers: {
      setTimeout: (cb, ms) => setTimeout(cb, ms),
      clearTimeout: (h) => {
        clearTimeout(h as ReturnType<typeof setTimeout>);
      },
      now: () => Date.now(),
    },
    ...options,
  });
  const toasts: Toast[] = [];
  store.onToast((t) => toasts.push(t));
  const changes: StoreChange[] = [];
  store.subscribe((c) => changes.push(c));
  return { store, api, toasts, changes, log };
}

export function sync(revision: number, type: SyncType, data: Delta, user_id: number | null = OTHER): SyncMapEdit {
  return { revision, user_id, type, data };
}

export function change(revision: number, type: SyncType, data: Delta, user_id: number | null = OTHER): Change {
  return { revision, user_id, type, data, at: '2025-01-01T00:00:00.000Z' };
}

export const tick = () => vi.advanceTimersByTimeAsync(0);
