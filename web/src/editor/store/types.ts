// The document store's public shapes: the edits it takes, what it tells subscribers, its toasts
// and what it is given (transport and timers), so that tests can drive it with fakes.
import type { PublicationDelta, PublishingSyncType } from '../../api/document';
import type { EdgeEdit } from './edits/edges';
import type { LayerEdit } from './edits/layers';
import type { MapEdit } from './edits/map';
import type { NodeEdit } from './edits/nodes';
import type { RestoreEdit } from './edits/restore';
import type { SectionEdit } from './edits/sections';
import type { TemplateEdit } from './edits/templates';

export type { NodeNavigation } from './edits/nodes';
export type { NodeLinks } from './edits/restore';

import type { ServerEvents } from '../../api/live';
import type { getSection, putSection, SectionName } from '../../api/sections';
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
  createTemplate,
  updateTemplate,
  deleteTemplate,
} from '../../api/maps';

/**
 * One local edit. Ids may be temporary (negative) ids of elements whose creation is not answered
 * yet: the store maps them to the server's ids (see DocumentStore.resolveId). Each family's edits
 * are defined in edits/, with everything the store does with them.
 */
export type Edit = NodeEdit | EdgeEdit | RestoreEdit | LayerEdit | MapEdit | TemplateEdit | SectionEdit;

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
  /** The sections (editor's note, glossary, …) whose value changed or was read. */
  sections: ReadonlySet<SectionName>;
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
  'templateCreateError',
  'templateUpdateError',
  'templateRemoveError',
  'restoreError',
  /** A section (editor's note, glossary, …) was refused: the reason in the server's words. */
  'sectionError',
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

/** The browser's timers, the store's default. */
export const browserTimers: StoreTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    globalThis.clearTimeout(handle as number);
  },
  now: () => Date.now(),
};

/** The calls the store makes (web/src/api/maps.ts and sections.ts have them). */
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
  createTemplate: typeof createTemplate;
  updateTemplate: typeof updateTemplate;
  deleteTemplate: typeof deleteTemplate;
  getSection: typeof getSection;
  putSection: typeof putSection;
}

/** The part of LiveConnection the store listens to. */
export interface LiveSource {
  on<E extends 'sync_map_edit' | 'connected'>(event: E, handler: (data: ServerEvents[E]) => void): () => void;
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
