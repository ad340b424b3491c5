// Read-only figures of the reader's canvas for browser tests (window.__strataViewer).
import type { ViewerCanvas } from './viewerCanvas';

export interface ViewerTestHook {
  level(): number;
  fading(): boolean;
  /** A node's centre in page coordinates, or null when it is not drawn. */
  nodePagePoint(id: number): { x: number; y: number } | null;
  /** The node a click at this page point opens, if any (another may lie on top). */
  nodeAtPagePoint(x: number, y: number): number | null;
  nodeShown(id: number): boolean;
}

declare global {
  interface Window {
    __strataViewer?: ViewerTestHook;
  }
}

/** Puts the hook on window for this canvas; answers what takes it away. */
export function installViewerTestHook(view: ViewerCanvas, el: HTMLCanvasElement): () => void {
  window.__strataViewer = {
    level: () => view.level,
    fading: () => view.renderer.fading,
    nodePagePoint: (id) => {
      const n = view.scene.node(id);
      if (!n) return null;
      const p = view.renderer.camera.worldToScreen(n.box.x, n.box.y);
      const r = el.getBoundingClientRect();
      return { x: r.left + p.x, y: r.top + p.y };
    },
    nodeAtPagePoint: (x, y) => {
      const r = el.getBoundingClientRect();
      const hit = view.renderer.hitTest(x - r.left, y - r.top);
      return hit?.kind === 'node' ? hit.id : null;
    },
    nodeShown: (id) => {
      const n = view.scene.node(id);
      return n !== undefined && view.renderer.nodeShown(n);
    },
  };
  return () => {
    delete window.__strataViewer;
  };
}
