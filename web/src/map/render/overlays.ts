// What is drawn over the map, never cached in a tile: others' locks, hover and selection of nodes
// and edges, and the marks of visited nodes.
import { HOVER_COLOR, OUTLINE_WIDTH, SELECTION_COLOR, SELECTION_MARK_RADIUS } from '../constants';
import { boundsIntersect, type Bounds } from '../spatial';
import { nodeOutlinePath } from './draw';
import { outlineEdges, type EdgeDrawer } from './edges';
import { drawFocusRing } from './focusRing';
import type { LevelView } from './levels';
import type { EdgeEntry, NodeEntry, Scene } from './scene';
import type { FrameStats, Pass, RenderState } from './state';

/** The mark of a visited node: a filled circle, its radius in CSS pixels. */
const VISITED_COLOR = '#2f9e44';
const VISITED_MARK_RADIUS = 5;

/** Outlines a node just outside its border; `ring` steps further out by outline widths. */
export function outlineNode(pass: Pass, e: NodeEntry, color: string, ring: number, dpr: number): void {
  const { ctx, S } = pass;
  const px = dpr / S;
  ctx.setTransform(S * e.box.cos, S * e.box.sin, -S * e.box.sin, S * e.box.cos, (e.box.x - pass.x) * S, (e.box.y - pass.y) * S);
  ctx.globalAlpha = 1;
  const bp = e.style.border_enabled ? e.style.border_width / 2 : 0;
  ctx.strokeStyle = color;
  ctx.lineWidth = OUTLINE_WIDTH * px;
  nodeOutlinePath(ctx, e, bp + (ring + 0.5) * OUTLINE_WIDTH * px);
  ctx.stroke();
}

export class Overlays {
  private readonly marked: EdgeEntry[] = [];

  constructor(
    private readonly scene: Scene,
    private readonly levels: LevelView,
    private readonly edges: EdgeDrawer,
  ) {}

  private edgeOnScreen(e: EdgeEntry | undefined, vp: Bounds, st: RenderState): e is EdgeEntry {
    return e !== undefined && boundsIntersect(e, vp) && this.levels.edgeShown(e, st);
  }

  private nodeOnScreen(e: NodeEntry | undefined, vp: Bounds, st: RenderState): e is NodeEntry {
    return e !== undefined && boundsIntersect(e, vp) && this.levels.nodeShown(e, st);
  }

  /**
   * Others' locks, selection and hover of edges, over the map: each outline, then its edge drawn
   * again over it (the map beneath may come from a cached tile).
   */
  drawEdges(pass: Pass, vp: Bounds, st: RenderState, dpr: number, stats: FrameStats): void {
    const marked = this.marked;
    marked.length = 0;
    const outline = (id: number | null, color: string, extra: number): void => {
      if (id === null) return;
      const e = this.scene.edge(id);
      if (!this.edgeOnScreen(e, vp, st)) return;
      outlineEdges(pass, [e], color, extra, dpr);
      marked.push(e);
    };
    for (const [id, color] of st.edgesLockedByOthers) outline(id, color, OUTLINE_WIDTH * 2);
    for (const id of st.selectedEdges) outline(id, SELECTION_COLOR, OUTLINE_WIDTH);
    outline(st.hoverEdge, HOVER_COLOR, OUTLINE_WIDTH * 2);
    if (marked.length === 0) return;
    this.edges.draw(pass, marked, dpr, stats);
    const { ctx, S } = pass;
    const px = dpr / S;
    ctx.setTransform(S, 0, 0, S, -pass.x * S, -pass.y * S);
    ctx.fillStyle = SELECTION_COLOR;
    for (const id of st.selectedEdges) {
      const e = this.scene.edge(id);
      if (!this.edgeOnScreen(e, vp, st)) continue;
      ctx.beginPath();
      ctx.arc(e.seg.x1, e.seg.y1, SELECTION_MARK_RADIUS * px, 0, Math.PI * 2);
      ctx.moveTo(e.seg.x2 + SELECTION_MARK_RADIUS * px, e.seg.y2);
      ctx.arc(e.seg.x2, e.seg.y2, SELECTION_MARK_RADIUS * px, 0, Math.PI * 2);
      ctx.fill();
    }
  }

  /** Others' locks (their colour), hover (#B9E0E3), selection and, in the editor, its handles (#0125ea). */
  drawNodes(pass: Pass, vp: Bounds, st: RenderState, dpr: number): void {
    const { ctx, S } = pass;
    const px = dpr / S;
    for (const [id, color] of st.nodesLockedByOthers) {
      const e = this.scene.node(id);
      if (this.nodeOnScreen(e, vp, st)) outlineNode(pass, e, color, 1, dpr);
    }
    if (st.hoverNode !== null) {
      const e = this.scene.node(st.hoverNode);
      if (this.nodeOnScreen(e, vp, st)) outlineNode(pass, e, HOVER_COLOR, 0, dpr);
    }
    // A visited node: a small mark at its top right corner.
    for (const id of st.visitedNodes) {
      const e = this.scene.node(id);
      if (!this.nodeOnScreen(e, vp, st)) continue;
      ctx.setTransform(S * e.box.cos, S * e.box.sin, -S * e.box.sin, S * e.box.cos, (e.box.x - pass.x) * S, (e.box.y - pass.y) * S);
      ctx.globalAlpha = 1;
      ctx.beginPath();
      ctx.arc(e.style.width / 2, -e.style.height / 2, VISITED_MARK_RADIUS * px, 0, Math.PI * 2);
      ctx.fillStyle = VISITED_COLOR;
      ctx.fill();
      ctx.lineWidth = px;
      ctx.strokeStyle = '#ffffff';
      ctx.stroke();
    }
    for (const id of st.selectedNodes) {
      const e = this.scene.node(id);
      if (!this.nodeOnScreen(e, vp, st)) continue;
      outlineNode(pass, e, SELECTION_COLOR, 0, dpr);
      if (!st.selectionHandles) continue;
      const bp = e.style.border_enabled ? e.style.border_width / 2 : 0;
      const hw = e.style.width / 2 + bp + OUTLINE_WIDTH * px;
      const hh = e.style.height / 2 + bp + OUTLINE_WIDTH * px;
      const r = SELECTION_MARK_RADIUS * px;
      ctx.fillStyle = SELECTION_COLOR;
      ctx.beginPath();
      for (const [x, y] of [
        [-hw, -hh],
        [hw, -hh],
        [hw, hh],
        [-hw, hh],
      ] as const) {
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, Math.PI * 2);
      }
      ctx.fill();
    }
    if (st.focusedNode !== null) {
      const e = this.scene.node(st.focusedNode);
      if (this.nodeOnScreen(e, vp, st)) drawFocusRing(pass, e, dpr);
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  }
}
