// The editor's read-only figures for browser tests (window.__strataEditor); nothing here changes the map.
import type { CanvasController } from './canvasController';
import type { Presence } from '../session/presence';
import type { DocumentStore } from '../store';

/** Read-only figures for browser tests (window.__strataEditor); nothing here changes the map. */
export interface EditorTestHook {
  nodeCount(): number;
  edgeCount(): number;
  nodeIds(): number[];
  /** A node's centre in page coordinates, or null. */
  nodePagePoint(id: number): { x: number; y: number } | null;
  nodeCenter(id: number): { x: number; y: number } | null;
  /** The colour of another editor's lock on a node, or null. */
  nodeLockColor(id: number): string | null;
  edgeIds(): number[];
  /** The node's own design values, as the document holds them. */
  nodeDesign(id: number): Record<string, unknown> | null;
  edgeDesign(id: number): Record<string, unknown> | null;
  /** The resolved style the canvas draws the node with, or null when it is not drawn. */
  nodeStyle(id: number): Record<string, unknown> | null;
  edgeStyle(id: number): Record<string, unknown> | null;
  nodeVisibility(id: number): { min_level: number; max_level: number; hidden: boolean } | null;
  edgeVisibility(id: number): { min_level: number; max_level: number; hidden: boolean } | null;
  /** The ends of an edge, or null. */
  edgeEnds(id: number): { from_id: number; to_id: number } | null;
  templateNames(): string[];
  /** A node's content as the document holds it (a summary per language). */
  nodeContent(id: number): Record<string, Record<string, unknown>> | null;
  edgeContent(id: number): Record<string, Record<string, unknown>> | null;
  /** The extent of another editor's lock on a node ("appearance" or "content"), or null. */
  nodeLockExtent(id: number): string | null;
  selectedNodes(): number[];
  /** The title the canvas draws for a node: its text, language and whether it is a dimmed fallback. */
  nodeTitle(id: number): { text: string; language: string | null; fallback: boolean; alpha: number } | null;
  selectedEdges(): number[];
  /** The level the canvas shows. */
  level(): number;
  /** The view: the world point at the canvas's top-left and the zoom (1 is 100 %). */
  camera(): { x: number; y: number; scale: number; width: number; height: number };
  /** The canvas's tool, with the shape the add-node tool places. */
  tool(): { kind: string; shape?: string };
  /** The map's settings and global design as the document holds them. */
  mapSettings(): Record<string, unknown>;
  globalDesign(): Record<string, unknown>;
  /** The node the keyboard is on (its ring drawn), or null. */
  focusedNode(): number | null;
}

declare global {
  interface Window {
    __strataEditor?: EditorTestHook;
  }
}

/** Installs the hook for one canvas; answers its removal. */
export function installEditorTestHook(
  ctl: CanvasController,
  canvas: HTMLCanvasElement,
  store: DocumentStore,
  presence: Presence,
  userId: number,
): () => void {
  window.__strataEditor = {
    nodeCount: () => ctl.scene.nodeCount,
    edgeCount: () => ctl.scene.edgeCount,
    nodeIds: () => ctl.nodeIds(),
    nodePagePoint: (id) => {
      const p = ctl.screenOf(id);
      if (!p) return null;
      const r = canvas.getBoundingClientRect();
      return { x: r.left + p.x, y: r.top + p.y };
    },
    nodeCenter: (id) => {
      const n = store.getNode(id);
      return n ? { ...n.geometry.center } : null;
    },
    nodeLockColor: (id) => ctl.renderer.state.nodesLockedByOthers.get(id) ?? null,
    edgeIds: () => store.document.edges.map((e) => e.id),
    nodeDesign: (id) => {
      const n = store.getNode(id);
      return n ? { ...n.design } : null;
    },
    edgeDesign: (id) => {
      const e = store.getEdge(id);
      return e ? { ...e.design } : null;
    },
    nodeStyle: (id) => {
      const entry = ctl.scene.node(id);
      return entry ? { ...entry.style } : null;
    },
    edgeStyle: (id) => {
      const entry = ctl.scene.edge(id);
      return entry ? { ...entry.style } : null;
    },
    nodeVisibility: (id) => {
      const n = store.getNode(id);
      return n ? { ...n.visibility } : null;
    },
    edgeVisibility: (id) => {
      const e = store.getEdge(id);
      return e ? { ...e.visibility } : null;
    },
    edgeEnds: (id) => {
      const e = store.getEdge(id);
      return e ? { ...e.node } : null;
    },
    templateNames: () => store.document.object_templates.map((x) => x.name),
    nodeContent: (id) => {
      const n = store.getNode(id);
      return n ? (JSON.parse(JSON.stringify(n.content)) as Record<string, Record<string, unknown>>) : null;
    },
    edgeContent: (id) => {
      const e = store.getEdge(id);
      return e ? (JSON.parse(JSON.stringify(e.content)) as Record<string, Record<string, unknown>>) : null;
    },
    mapSettings: () => JSON.parse(JSON.stringify(store.map)) as Record<string, unknown>,
    globalDesign: () => JSON.parse(JSON.stringify(store.globalDesign)) as Record<string, unknown>,
    nodeLockExtent: (id) =>
      presence.get().locks.find((l) => l.elem_type === 'node' && l.elem_id === String(id) && l.user_id !== userId)?.lock_extent ?? null,
    selectedNodes: () => [...ctl.view.selectedNodes],
    nodeTitle: (id) => {
      const entry = ctl.scene.node(id);
      if (!entry) return null;
      return { text: entry.titleText, language: entry.titleLanguage, fallback: entry.titleFallback, alpha: entry.title?.alpha ?? 1 };
    },
    selectedEdges: () => [...ctl.view.selectedEdges],
    level: () => ctl.view.level,
    focusedNode: () => ctl.renderer.state.focusedNode,
    camera: () => {
      const { x, y, scale, width, height } = ctl.renderer.camera;
      return { x, y, scale, width, height };
    },
    tool: () => {
      const tool = ctl.view.tool;
      return tool.kind === 'addNode' ? { kind: tool.kind, shape: tool.shape } : { kind: tool.kind };
    },
  };
  return () => {
    delete window.__strataEditor;
  };
}
