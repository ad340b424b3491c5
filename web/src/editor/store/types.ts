// The document store's public shapes: the edits it takes, what it tells subscribers, its toasts
// and what it is given (transport and timers), so that tests can drive it with fakes.
import type {
  ContentByLanguage,
  Edge,
  Node,
  EdgeContentPatch,
  EdgeCreate,
  EdgeDesignPatch,
  GlobalDesignPatch,
  MapPatch,
  NodeContentPatch,
  NodeCreate,
  NodeDesignPatch,
  NodePosition,
  Point,
  TemplateRef,
  PopupType,
  PublicationDelta,
  PublishingSyncType,
  VisibilityPatch,
} from '../../api/document';

/** A node's navigation to put back after a restore. */
export interface NodeLinks {
  id: number;
  next_id: number | null;
  previous_id: number | null;
}

export interface NodeNavigation {
  next_id?: number | null;
  previous_id?: number | null;
  popup_type?: PopupType;
}
import type { ServerEvents } from '../../api/live';
import type {
  cloneNode,
  createEdge,
  createNode,
  deleteNode,
  getChanges,
  getMap,
  patchEdgeDesign,
  patchElements,
  patchGlobalDesign,
  patchNodeDesign,
  restoreElements,
} from '../../api/maps';

/**
 * One local edit. Ids may be temporary (negative) ids of elements whose creation is not answered
 * yet: the store maps them to the server's ids (see DocumentStore.resolveId).
 */
export type Edit =
  | { type: 'moveNodes'; positions: NodePosition[] }
  | { type: 'setNodeDesign'; id: number; design: NodeDesignPatch }
  | { type: 'setNodeContent'; id: number; content: ContentByLanguage<NodeContentPatch> }
  /** The content form's node-wide fields: previous and next node (null for none), popup type. */
  | { type: 'setNodeNavigation'; id: number; navigation: NodeNavigation }
  /** min_level and max_level (hidden has its own edit and messages). */
  | { type: 'setNodeVisibility'; id: number; visibility: Omit<VisibilityPatch, 'hidden'> }
  | { type: 'setNodeHidden'; ids: number[]; hidden: boolean }
  | { type: 'setNodeLocked'; ids: number[]; locked: boolean }
  /** The listed nodes take the drawing orders they hold between them, in this sequence. */
  | { type: 'reorderNodes'; ids: number[] }
  | { type: 'createNode'; node: NodeCreate }
  | { type: 'cloneNode'; id: number; offset?: Point }
  | { type: 'removeNodes'; ids: number[] }
  | { type: 'createEdge'; edge: EdgeCreate }
  | { type: 'setEdgeDesign'; id: number; design: EdgeDesignPatch }
  | { type: 'setEdgeContent'; id: number; content: ContentByLanguage<EdgeContentPatch> }
  | { type: 'setEdgeVisibility'; id: number; visibility: VisibilityPatch }
  | { type: 'removeEdges'; ids: number[] }
  /**
   * Puts deleted nodes and edges back as they were shown (the undo of a deletion): the server
   * restores them with their ids, content and links; `relinked` are other nodes' navigation to
   * put back. Nodes bring back the edges deleted with them; `edges` lists those too.
   */
  | { type: 'restoreElements'; nodes: Node[]; edges: Edge[]; relinked: NodeLinks[] }
  /** The layers panel's toggles for every edge of the map (PATCH …/elements all_edges). */
  | { type: 'setAllEdges'; hidden?: boolean; locked?: boolean }
  | { type: 'setLayerHidden'; layer: number; hidden: boolean }
  | { type: 'setLayerLocked'; layer: number; locked: boolean }
  | { type: 'deleteLayer'; layer: number }
  | { type: 'setMapSettings'; patch: MapPatch }
  | { type: 'setGlobalDesign'; patch: GlobalDesignPatch }
  | { type: 'applyTemplate'; target: 'node' | 'edge'; id: number; template: TemplateRef }
  | { type: 'restoreTemplate'; target: 'node' | 'edge'; id: number };

export type EditType = Edit['type'];

/** What an edit would do (DocumentStore.preview): elements removed, and level ranges changed. */
export interface EditPreview {
  removedNodes: number;
  removedEdges: number;
  rangedNodes: number;
  rangedEdges: number;
}

/** What an apply did: applied (with the temporary id of a created element) or refused. */
export type EditResult = { ok: true; id?: number } | { ok: false };

/** What one notification says changed; the canvas re-renders only these. */
export interface StoreChange {
  /** Node ids added, changed or removed. */
  nodes: ReadonlySet<number>;
  edges: ReadonlySet<number>;
  templates: ReadonlySet<number>;
  layers: boolean;
  map: boolean;
  globalDesign: boolean;
  /** The whole document was replaced (a reload after 410): everything may have changed. */
  reloaded: boolean;
  /** Temporary ids that now have the server's id (for a selection to follow). */
  replacedIds: { nodes: ReadonlyMap<number, number>; edges: ReadonlyMap<number, number> };
}

export type StoreListener = (change: StoreChange) => void;

/** The keys of the spec's message catalogue (map-editor.md §8) that the store emits. */
export const TOAST_KEYS = [
  'nodePositionError',
  'nodePositionsError',
  'nodeDesignError',
  'nodeContentError',
  'nodeVisibilityRestored',
  'nodeVisibilityError',
  'nodeHiddenError',
  'nodeLockedError',
  'nodesOrderError',
  'nodeCreateError',
  'nodeCloneError',
  'nodeRemoveSuccess',
  'nodeRemoveError',
  'edgeCreateError',
  'edgeDesignError',
  'edgeContentError',
  'edgeVisibilityRestored',
  'edgeRemoveSuccess',
  'edgeRemoveError',
  'edgesRemoveError',
  'allEdgesHiddenError',
  'allEdgesLockedError',
  'layerHiddenError',
  'layerLockedError',
  'mapSettingsError',
  'globalDesignError',
  'templateApplyError',
  'templateRestoreError',
  'restoreError',
  /** An undo step another editor's change made stale: nothing is changed. */
  'undoStale',
  /** 409 element_locked: another editor holds the element. */
  'elementLocked',
] as const;
export type ToastKey = (typeof TOAST_KEYS)[number];

export interface Toast {
  type: 'success' | 'error' | 'warning';
  key: ToastKey;
  params?: Record<string, string | number>;
}

export type ToastListener = (toast: Toast) => void;

/** The change types of publishing; the last two replace the working copy (every editor reloads). */
export type PublishingType = PublishingSyncType;

/**
 * A publishing change, told once it is applied in revision order: for map_reset and
 * state_restored after the whole document was read again.
 */
export interface PublishingSync {
  type: PublishingType;
  revision: number;
  /** Who made it; null for a change no user made. */
  user_id: number | null;
  /** The live state after it (absent only from a server that does not send it). */
  publication?: PublicationDelta;
}

export type PublishingListener = (sync: PublishingSync) => void;

/** Timers, injectable for tests (the shape of LiveTimers). */
export interface StoreTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** The calls the store makes (web/src/api/maps.ts has them all). */
export interface StoreApi {
  getMap: typeof getMap;
  getChanges: typeof getChanges;
  patchElements: typeof patchElements;
  patchGlobalDesign: typeof patchGlobalDesign;
  createNode: typeof createNode;
  cloneNode: typeof cloneNode;
  deleteNode: typeof deleteNode;
  patchNodeDesign: typeof patchNodeDesign;
  createEdge: typeof createEdge;
  patchEdgeDesign: typeof patchEdgeDesign;
  restoreElements: typeof restoreElements;
}

/** The part of LiveConnection the store listens to. */
export interface LiveSource {
  on<E extends 'sync_map_edit' | 'connected'>(
    event: E,
    handler: (data: ServerEvents[E]) => void,
  ): () => void;
}

export interface DocumentStoreOptions {
  mapId: number;
  /** The signed-in user: their syncs are the store's own changes coming back. */
  userId: number;
  api: StoreApi;
  timers?: StoreTimers;
  /** Quiet time before saving; 700 ms. */
  debounceMs?: number;
  /** Quiet time before saving when only positions are pending; 100 ms. */
  positionDebounceMs?: number;
  /** How long a revision gap may wait for the missing frame before catching up; 300 ms. */
  gapGraceMs?: number;
  /** How long an own sync may wait for its request's answer; 10 s. */
  ownSyncWaitMs?: number;
  /** Delay before retrying a failed catch-up; 2 s. */
  retryMs?: number;
  /** Undo steps kept; 100. */
  undoLimit?: number;
  /**
   * Where edits not yet saved are kept, so that a reload or a closed tab loses none (the browser's
   * localStorage in the editor); null or absent keeps nothing.
   */
  storage?: import('./keptEdits').EditStorage | null;
  /** Failures that get no toast (a layer delete), and unexpected ones; defaults to console.warn. */
  log?: (message: string, error?: unknown) => void;
}
