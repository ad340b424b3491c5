// What a frame is drawn from besides the scene (the view's state), where a drawing goes, and the
// figures a frame answers.
import type { Layer } from '../../api/document';
import type { Backdrop } from './background';
import type { Context2D } from './types';

/** What the view shows besides the document: level, selection, hover, others' locks. */
export interface RenderState {
  /** The current zoom level, 1-based. */
  level: number;
  layers: readonly Layer[];
  /** Elements hidden in this view only. */
  hiddenNodes: ReadonlySet<number>;
  hiddenEdges: ReadonlySet<number>;
  hoverNode: number | null;
  hoverEdge: number | null;
  selectedNodes: ReadonlySet<number>;
  selectedEdges: ReadonlySet<number>;
  /** Elements another editor is editing, with that editor's colour. */
  nodesLockedByOthers: ReadonlyMap<number, string>;
  edgesLockedByOthers: ReadonlyMap<number, string>;
  /** Nodes the reader has opened (the public map marks them when the map asks for it). */
  visitedNodes: ReadonlySet<number>;
  /** Outline locked nodes in the locked colour (the editor; not the public map). */
  showLocked: boolean;
  /**
   * Mark a selected node's corners, the handles the editor resizes it by; the reader, which
   * selects the node it opened, turns them off (it cannot resize).
   */
  selectionHandles: boolean;
  /** Elements outside the current level: drawn at half opacity (editor) or not at all. */
  outOfLevel: 'dim' | 'hide';
  /** Canvas background; null leaves it transparent. */
  background: string | null;
  /** The map's background picture over that colour, null for none. */
  backdrop: Backdrop | null;
  /** The node the keyboard is on (Tab on the canvas), ringed; null for none. */
  focusedNode: number | null;
}

export const DEFAULT_RENDER_STATE: Readonly<RenderState> = Object.freeze({
  level: 1,
  layers: [],
  hiddenNodes: new Set<number>(),
  hiddenEdges: new Set<number>(),
  hoverNode: null,
  hoverEdge: null,
  selectedNodes: new Set<number>(),
  selectedEdges: new Set<number>(),
  nodesLockedByOthers: new Map<number, string>(),
  edgesLockedByOthers: new Map<number, string>(),
  visitedNodes: new Set<number>(),
  showLocked: false,
  selectionHandles: true,
  outOfLevel: 'dim',
  background: null,
  backdrop: null,
  focusedNode: null,
});

export interface FrameStats {
  /** Nodes and edges found in the viewport and drawn. */
  nodes: number;
  edges: number;
  /** Nodes drawn from a cached bitmap that was already there. */
  blits: number;
  /** Nodes (re)drawn into their bitmap this frame. */
  rasterised: number;
  /**
   * Nodes drawn from a bitmap of another zoom, or tiles standing in for others, the time of the
   * frame being spent: another frame follows to draw them exactly.
   */
  stale: number;
  /** Nodes drawn as vectors straight onto the canvas (zoomed in too far for a bitmap). */
  direct: number;
  /** Nodes too small on screen for more than a filled box. */
  boxes: number;
  /** Nodes drawn as plain batched shapes (no text, shadow or media at this zoom). */
  plain: number;
  labels: number;
  /** Tiles drawn (zoomed out over many elements), and of them drawn afresh this frame. */
  tiles: number;
  tilesRendered: number;
  ms: number;
}

export function emptyStats(): FrameStats {
  return {
    nodes: 0,
    edges: 0,
    blits: 0,
    rasterised: 0,
    stale: 0,
    direct: 0,
    boxes: 0,
    plain: 0,
    labels: 0,
    tiles: 0,
    tilesRendered: 0,
    ms: 0,
  };
}

export type Hit = { kind: 'node'; id: number } | { kind: 'edge'; id: number };

/** Where a drawing goes: a context, its device pixels per world unit and the world point at its (0, 0). */
export interface Pass {
  ctx: Context2D;
  S: number;
  x: number;
  y: number;
  /** Draw everything exactly now (a cached tile), never a stale bitmap to save time. */
  exact: boolean;
}
