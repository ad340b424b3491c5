// The selection's commands that work on the document: select all, nudge, align, distribute.
// Each change is one moveNodes edit, so one undo step; nudges pressed one after another within a
// second, on the same nodes, are one step too.
import type { Edit } from '../store';
import type { DocumentStore } from '../store';
import type { CanvasController } from '../canvas/canvasController';
import { nodeBounds } from '../../map';
import { aligned, distributed, nudged, type Alignment, type Axis, type Placed } from './arrange';
import { edgesAmong } from './boxSelect';

const NUDGE_MERGE_MS = 1000;

export class SelectionCommands {
  readonly #store: DocumentStore;
  readonly #canvas: CanvasController;
  #nudgeKey = 0;
  #lastNudge = { at: 0, ids: '' };

  constructor(store: DocumentStore, canvas: CanvasController) {
    this.#store = store;
    this.#canvas = canvas;
  }

  /** Every node shown at the canvas's level (not hidden, its range holding the level), with the edges between them. */
  selectAll(): void {
    const c = this.#canvas;
    const level = c.view.level;
    const nodes: number[] = [];
    for (const e of c.scene.allNodes()) {
      const v = e.node.visibility;
      if (v.min_level <= level && level <= v.max_level && c.renderer.nodeShown(e)) nodes.push(e.id);
    }
    nodes.sort((a, b) => a - b);
    const edges = edgesAmong(c.scene, nodes, (id) => {
      const e = c.scene.edge(id);
      return e !== undefined && c.renderer.edgeShown(e);
    });
    c.select(nodes, edges);
  }

  /** The selected nodes this user may move, as arranging sees them. */
  movable(): Placed[] {
    const c = this.#canvas;
    return c.view.selectedNodes.flatMap((id) => {
      const e = c.scene.node(id);
      if (!e || !c.nodeEditable(id)) return [];
      return [{ id, x: e.node.geometry.center.x, y: e.node.geometry.center.y, bounds: nodeBounds(e.box) }];
    });
  }

  nudge(dx: number, dy: number, now = Date.now()): boolean {
    const nodes = this.movable();
    if (nodes.length === 0) return false;
    const ids = nodes.map((n) => n.id).join(',');
    if (now - this.#lastNudge.at > NUDGE_MERGE_MS || ids !== this.#lastNudge.ids) this.#nudgeKey++;
    this.#lastNudge = { at: now, ids };
    this.#store.applyAll([{ type: 'moveNodes', positions: nudged(nodes, dx, dy) }], { key: `nudge-${this.#nudgeKey}` });
    return true;
  }

  align(how: Alignment): void {
    this.#move(aligned(this.movable(), how));
  }

  distribute(axis: Axis): void {
    this.#move(distributed(this.movable(), axis));
  }

  #move(positions: Extract<Edit, { type: 'moveNodes' }>['positions']): void {
    if (positions.length > 0) this.#store.apply({ type: 'moveNodes', positions });
  }
}
