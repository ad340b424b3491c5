// The editor canvas's pointer gestures: a press decides what a drag will do (move the selected
// nodes, resize one by a corner handle, draw a selection box, pan with the middle button or
// Space, pinch with two fingers, place a node or connect two), the moves carry it out with
// snapping and the others told of a drag, and the release stores it as one edit or drops it.
// The controller owns the canvas, the scene and the selection; this reads and changes them
// through GestureHost.
import type { Node, NodePosition, Point } from '../../api/document';
import { OUTLINE_WIDTH, SELECTION_MARK_RADIUS, nodeBounds, type Bounds, Pinch, type Renderer, type Scene, type ShapeBox } from '../../map';
import type { CanvasCallbacks, CanvasView, Tool } from './canvasView';
import type { CanvasNavigation } from './canvasNavigation';
import { edgesAmong, nodesInRect, rectBetween, unionIds } from '../selection/boxSelect';
import type { OverlayMarks } from '../selection/overlayMarks';
import { cornerOf, handleAt, resized, startResize, type Corner, type ResizeStart, type Resized } from '../selection/resize';
import { SNAP_DISTANCE_PX, SnapTargets, unionBounds } from '../selection/snap';
import type { DocumentStore } from '../store';

/** What the gestures read and change of the canvas controller. */
export interface GestureHost {
  readonly canvas: HTMLCanvasElement;
  readonly renderer: Renderer;
  readonly scene: Scene;
  readonly store: DocumentStore;
  readonly navigation: CanvasNavigation;
  readonly callbacks: CanvasCallbacks;
  readonly overlayMarks: OverlayMarks;
  /** Positions shown instead of the store's while the own drag goes on. */
  readonly ownDrag: Map<number, Point>;
  /** A node shown at the size a handle drag gives it, until the resize is stored. */
  readonly ownResize: Map<number, Resized>;
  view(): CanvasView;
  canEdit(): boolean;
  snapping(): boolean;
  node(id: number): Node | undefined;
  nodeEditable(id: number): boolean;
  connectable(from: number, to: number): boolean;
  select(nodes: readonly number[], edges: readonly number[]): void;
  setTool(tool: Tool): void;
  refreshNodes(ids: Iterable<number>): void;
  drawOverlay(): void;
  /** The pointer over the canvas (screen), where a paste lands. */
  setPointer(p: Point): void;
}

interface Gesture {
  /** box: a selection rectangle dragged on empty canvas. */
  kind: 'pan' | 'drag' | 'press' | 'box' | 'resize';
  pointerId: number;
  startX: number;
  startY: number;
  lastX: number;
  lastY: number;
  moved: boolean;
  /** Dragged nodes with where they started. */
  origins: Map<number, Point>;
  /** A press on empty space clears the selection unless it became a pan. */
  clearOnClick: boolean;
  /** A pan with the middle button or Space held (canvasNavigation): a click does nothing. */
  viewPan?: boolean;
  /** A box with Shift adds to the selection it started with. */
  addTo?: { nodes: readonly number[]; edges: readonly number[] };
  /** A click (no drag) on a node of a larger selection selects that node alone. */
  collapseTo?: number;
  /** The node resized by a handle. */
  resize?: { id: number; start: ResizeStart };
  /** The dragged nodes' bounds when the drag began, and what they may snap to (made at the first move). */
  startBounds?: Bounds;
  snap?: SnapTargets;
}

const RESIZE_CURSORS: Record<Corner, string> = { nw: 'nwse-resize', se: 'nwse-resize', ne: 'nesw-resize', sw: 'nesw-resize' };
/** Handles are looked for on at most this many selected nodes (a select-all shows them all, but is not resized). */
const MAX_HANDLED_NODES = 50;

const DRAG_THRESHOLD_PX = 3;
const DRAG_SEND_MS = 40;

export class CanvasGestures {
  readonly #h: GestureHost;
  #gesture: Gesture | null = null;
  /** Pointers down on the canvas (touch), for a two-finger pinch. */
  readonly #pinch = new Pinch();
  #lastDragSend = 0;

  constructor(host: GestureHost) {
    this.#h = host;
  }

  /** Whether a gesture Esc abandons (a drag, a box, a resize) is going on. */
  get abandonable(): boolean {
    const k = this.#gesture?.kind;
    return k === 'drag' || k === 'box' || k === 'resize';
  }

  /** Whether some gesture holds the pointer (hover then changes nothing). */
  get active(): boolean {
    return this.#gesture !== null;
  }

  local(e: MouseEvent): Point {
    const r = this.#h.canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  down(e: PointerEvent): void {
    if (e.pointerType === 'touch') {
      if (this.#pinch.down(e.pointerId, this.local(e))) {
        // The second finger turns whatever the first one began into a pinch.
        this.abandon();
        return;
      }
      if (this.#pinch.active) return;
    }
    if (this.#h.navigation.startsPan(e)) {
      this.#startViewPan(e);
      return;
    }
    if (e.button !== 0 || this.#gesture) return;
    const p = this.local(e);
    const world = this.#h.renderer.camera.screenToWorld(p.x, p.y);
    const hit = this.#h.renderer.hitTest(p.x, p.y);
    const tool = this.#h.view().tool;
    const base: Gesture = {
      kind: 'pan',
      pointerId: e.pointerId,
      startX: p.x,
      startY: p.y,
      lastX: p.x,
      lastY: p.y,
      moved: false,
      origins: new Map(),
      clearOnClick: false,
    };

    if (tool.kind === 'addNode') {
      if (!this.#h.canEdit()) return;
      const levels = Math.max(1, this.#h.store.map.visibility_levels);
      const res = this.#h.store.apply({
        type: 'createNode',
        node: {
          design: { shape: tool.shape },
          geometry: { center: { x: Math.round(world.x), y: Math.round(world.y) } },
          visibility: { min_level: this.#h.view().level, max_level: levels, hidden: false },
        },
      });
      // The tool stays for the next node, until Esc or another tool.
      if (res.ok && res.id !== undefined) this.#h.select([res.id], []);
      return;
    }

    if (tool.kind === 'connect') {
      if (hit?.kind !== 'node') {
        this.#gesture = base;
        this.#h.canvas.setPointerCapture(e.pointerId);
        return;
      }
      if (tool.from === null) {
        this.#h.setTool({ kind: 'connect', from: hit.id });
        this.#h.select([hit.id], []);
      } else if (this.#h.connectable(tool.from, hit.id)) {
        const res = this.#h.store.apply({ type: 'createEdge', edge: { node: { from_id: tool.from, to_id: hit.id } } });
        this.#h.setTool({ kind: 'connect', from: null });
        if (res.ok && res.id !== undefined) this.#h.select([], [res.id]);
      }
      return;
    }

    const handle = this.#handleAt(p);
    if (handle) {
      this.#gesture = { ...base, kind: 'resize', resize: { id: handle.id, start: startResize(handle.box, handle.corner, world) } };
      this.#h.canvas.setPointerCapture(e.pointerId);
      return;
    }

    if (hit?.kind === 'node') {
      let nodes = [...this.#h.view().selectedNodes];
      if (e.shiftKey) {
        nodes = nodes.includes(hit.id) ? nodes.filter((id) => id !== hit.id) : [...nodes, hit.id];
        this.#h.select(nodes, this.#h.view().selectedEdges);
      } else if (!nodes.includes(hit.id)) {
        nodes = [hit.id];
        this.#h.select(nodes, []);
      }
      if (nodes.includes(hit.id) && this.#h.nodeEditable(hit.id)) {
        const origins = new Map<number, Point>();
        for (const id of nodes) {
          const n = this.#h.node(id);
          if (n && this.#h.nodeEditable(id)) origins.set(id, { ...n.geometry.center });
        }
        const startBounds = unionBounds([...origins.keys()].flatMap((id) => this.#h.scene.node(id)?.box ?? []).map((b) => nodeBounds(b)));
        this.#gesture = {
          ...base,
          kind: 'drag',
          origins,
          ...(startBounds && { startBounds }),
          ...(!e.shiftKey && nodes.length > 1 && { collapseTo: hit.id }),
        };
        this.#h.canvas.setPointerCapture(e.pointerId);
      }
      return;
    }
    if (hit?.kind === 'edge') {
      if (e.shiftKey) {
        const edges = this.#h.view().selectedEdges.includes(hit.id)
          ? this.#h.view().selectedEdges.filter((id) => id !== hit.id)
          : [...this.#h.view().selectedEdges, hit.id];
        this.#h.select(this.#h.view().selectedNodes, edges);
      } else {
        this.#h.select([], [hit.id]);
      }
      return;
    }
    // A drag on empty canvas draws a selection box (panning is the middle button's, or Space's).
    this.#gesture = {
      ...base,
      kind: 'box',
      clearOnClick: !e.shiftKey,
      ...(e.shiftKey && { addTo: { nodes: this.#h.view().selectedNodes, edges: this.#h.view().selectedEdges } }),
    };
    this.#h.canvas.setPointerCapture(e.pointerId);
  }

  /** A pan with the middle button or Space held, wherever the press is (over a node too). */
  #startViewPan(e: PointerEvent): void {
    if (this.#gesture) return;
    const p = this.local(e);
    this.#gesture = {
      kind: 'pan',
      pointerId: e.pointerId,
      startX: p.x,
      startY: p.y,
      lastX: p.x,
      lastY: p.y,
      moved: false,
      origins: new Map(),
      clearOnClick: false,
      viewPan: true,
    };
    this.#h.canvas.setPointerCapture(e.pointerId);
    this.#h.navigation.setPanning(true);
  }

  /** The box from where the gesture started to the pointer: what lies wholly inside is selected. */
  #boxSelect(g: Gesture, p: Point): void {
    const cam = this.#h.renderer.camera;
    const rect = rectBetween(cam.screenToWorld(g.startX, g.startY), cam.screenToWorld(p.x, p.y));
    this.#h.overlayMarks.box = rect;
    const inBox = nodesInRect(this.#h.scene, rect, (e) => this.#h.renderer.nodeShown(e));
    const nodes = g.addTo ? unionIds(g.addTo.nodes, inBox) : inBox;
    const between = edgesAmong(this.#h.scene, nodes, (id) => {
      const e = this.#h.scene.edge(id);
      return e !== undefined && this.#h.renderer.edgeShown(e);
    });
    this.#h.select(nodes, g.addTo ? unionIds(g.addTo.edges, between) : between);
    this.#h.drawOverlay();
  }

  move(e: PointerEvent): void {
    const step = this.#pinch.move(e.pointerId, this.local(e));
    if (step) {
      const cam = this.#h.renderer.camera;
      cam.panBy(step.dx, step.dy);
      cam.zoomAt(step.factor, step.mid.x, step.mid.y);
      this.#h.renderer.render();
      return;
    }
    const p = this.local(e);
    this.#h.setPointer(p);
    const cam = this.#h.renderer.camera;
    const world = cam.screenToWorld(p.x, p.y);
    this.#h.callbacks.onPointer?.({ x: Math.round(world.x), y: Math.round(world.y) });
    const g = this.#gesture;
    if (g?.pointerId !== e.pointerId) {
      const hit = this.#h.renderer.hitTest(p.x, p.y);
      const hoverNode = hit?.kind === 'node' ? hit.id : null;
      const hoverEdge = hit?.kind === 'edge' ? hit.id : null;
      if (hoverNode !== this.#h.renderer.state.hoverNode || hoverEdge !== this.#h.renderer.state.hoverEdge) {
        this.#h.renderer.setState({ hoverNode, hoverEdge });
      }
      const tool = this.#h.view().tool;
      const handle = tool.kind === 'select' ? this.#handleAt(p) : null;
      this.#h.canvas.style.cursor =
        this.#h.navigation.hoverCursor ??
        (handle
          ? RESIZE_CURSORS[handle.corner]
          : tool.kind !== 'select'
            ? 'crosshair'
            : hoverNode !== null && this.#h.nodeEditable(hoverNode)
              ? 'move'
              : hit
                ? 'pointer'
                : '');
      return;
    }
    if (!g.moved && Math.hypot(p.x - g.startX, p.y - g.startY) < DRAG_THRESHOLD_PX) return;
    g.moved = true;
    if (g.kind === 'box') {
      this.#boxSelect(g, p);
    } else if (g.kind === 'pan') {
      cam.panBy(p.x - g.lastX, p.y - g.lastY);
      this.#h.renderer.render();
      this.#h.canvas.style.cursor = 'grabbing';
    } else if (g.kind === 'resize' && g.resize) {
      this.#resizeTo(g, world, e);
    } else if (g.kind === 'drag') {
      let dx = (p.x - g.startX) / cam.scale;
      let dy = (p.y - g.startY) / cam.scale;
      this.#h.overlayMarks.guides = [];
      if (this.#h.snapping() && !e.altKey && g.startBounds) {
        g.snap ??= this.#snapTargets(new Set(g.origins.keys()));
        const b = g.startBounds;
        const snapped = g.snap.snapBox(
          { minX: b.minX + dx, maxX: b.maxX + dx, minY: b.minY + dy, maxY: b.maxY + dy },
          SNAP_DISTANCE_PX / cam.scale,
        );
        dx += snapped.dx;
        dy += snapped.dy;
        this.#h.overlayMarks.guides = snapped.guides;
      }
      for (const [id, o] of g.origins) this.#h.ownDrag.set(id, { x: Math.round(o.x + dx), y: Math.round(o.y + dy) });
      this.#h.refreshNodes(g.origins.keys());
      const now = performance.now();
      if (now - this.#lastDragSend >= DRAG_SEND_MS) {
        this.#lastDragSend = now;
        this.#h.callbacks.onDragging?.(this.#dragPositions(g));
      }
    }
    g.lastX = p.x;
    g.lastY = p.y;
  }

  #dragPositions(g: Gesture): NodePosition[] {
    const out: NodePosition[] = [];
    for (const id of g.origins.keys()) {
      const c = this.#h.ownDrag.get(id);
      if (c) out.push({ id, center: c });
    }
    return out;
  }

  up(e: PointerEvent): void {
    if (this.#pinch.up(e.pointerId)) return;
    const g = this.#gesture;
    if (g?.pointerId !== e.pointerId) return;
    this.#gesture = null;
    if (this.#h.canvas.hasPointerCapture(e.pointerId)) this.#h.canvas.releasePointerCapture(e.pointerId);
    this.#h.canvas.style.cursor = this.#h.view().tool.kind === 'select' ? '' : 'crosshair';
    if (g.viewPan) {
      this.#h.navigation.setPanning(false);
      return;
    }
    if (g.kind === 'resize' && g.resize) {
      this.#endResize(g.resize.id, g.moved);
      return;
    }
    if (g.kind === 'drag' && g.moved) {
      this.#h.overlayMarks.clear();
      this.#h.drawOverlay();
      const positions = this.#dragPositions(g);
      this.#h.callbacks.onDragging?.(positions);
      this.#h.ownDrag.clear();
      const res = this.#h.store.apply({ type: 'moveNodes', positions });
      if (!res.ok) this.#h.refreshNodes(g.origins.keys());
      return;
    }
    if (g.kind === 'drag' && g.collapseTo !== undefined) this.#h.select([g.collapseTo], []);
    if (g.kind === 'box') {
      this.#h.overlayMarks.clear();
      this.#h.drawOverlay();
    }
    if ((g.kind === 'pan' || g.kind === 'box') && !g.moved) {
      if (this.#h.view().tool.kind === 'connect') this.#h.setTool({ kind: 'connect', from: null });
      else if (g.clearOnClick) this.#h.select([], []);
    }
  }

  cancel(e: PointerEvent): void {
    if (this.#pinch.up(e.pointerId)) return;
    const g = this.#gesture;
    if (g?.pointerId !== e.pointerId) return;
    this.abandon();
  }

  /** Ends the gesture in progress without effect: a drag goes back to where it started. */
  abandon(): void {
    const g = this.#gesture;
    if (!g) return;
    this.#gesture = null;
    if (this.#h.canvas.hasPointerCapture(g.pointerId)) this.#h.canvas.releasePointerCapture(g.pointerId);
    if (g.viewPan) this.#h.navigation.setPanning(false);
    if (g.kind === 'drag') {
      this.#h.ownDrag.clear();
      this.#h.refreshNodes(g.origins.keys());
      this.#h.callbacks.onDragging?.([...g.origins].map(([id, center]) => ({ id, center })));
    }
    if (g.kind === 'box') {
      if (g.addTo) this.#h.select(g.addTo.nodes, g.addTo.edges);
      else this.#h.select([], []);
    }
    if (g.kind === 'resize' && g.resize) this.#endResize(g.resize.id, false);
    this.#h.overlayMarks.clear();
    this.#h.drawOverlay();
  }

  /** The resize handle under a screen point: on a selected node this user may change. */
  #handleAt(p: Point): { id: number; corner: Corner; box: ShapeBox } | null {
    if (!this.#h.canEdit() || this.#h.view().tool.kind !== 'select') return null;
    const ids = this.#h.view().selectedNodes;
    if (ids.length === 0 || ids.length > MAX_HANDLED_NODES) return null;
    const cam = this.#h.renderer.camera;
    const world = cam.screenToWorld(p.x, p.y);
    for (const id of ids) {
      const e = this.#h.scene.node(id);
      if (!e || !this.#h.renderer.nodeShown(e) || !this.#h.nodeEditable(id)) continue;
      // Where the selection draws its corner marks (overlays.ts).
      const pad = (e.style.border_enabled ? e.style.border_width / 2 : 0) + OUTLINE_WIDTH / cam.scale;
      const corner = handleAt(e.box, pad, world, (SELECTION_MARK_RADIUS + 3) / cam.scale);
      if (corner) return { id, corner, box: e.box };
    }
    return null;
  }

  /** Other shown nodes near the view, for a drag or resize to snap to. */
  #snapTargets(moving: ReadonlySet<number>): SnapTargets {
    const boxes: Bounds[] = [];
    for (const e of this.#h.scene.nodeIndex.search(this.#h.renderer.camera.viewport())) {
      if (!moving.has(e.id) && this.#h.renderer.nodeShown(e)) boxes.push(nodeBounds(e.box));
    }
    return new SnapTargets(boxes);
  }

  #resizeTo(g: Gesture, world: Point, e: PointerEvent): void {
    if (!g.resize) return;
    const { id, start } = g.resize;
    let r = resized(start, world, e.shiftKey);
    this.#h.overlayMarks.guides = [];
    // A rotated rectangle's corner moves off the axes: it does not snap.
    if (this.#h.snapping() && !e.altKey && start.box.sin === 0) {
      g.snap ??= this.#snapTargets(new Set([id]));
      const c = cornerOf(r, start);
      const box = {
        minX: r.center.x - r.width / 2,
        maxX: r.center.x + r.width / 2,
        minY: r.center.y - r.height / 2,
        maxY: r.center.y + r.height / 2,
      };
      const snapped = g.snap.snapPoint(c.x, c.y, box, SNAP_DISTANCE_PX / this.#h.renderer.camera.scale);
      if (snapped.dx !== 0 || snapped.dy !== 0) r = resized(start, { x: world.x + snapped.dx, y: world.y + snapped.dy }, e.shiftKey);
      this.#h.overlayMarks.guides = snapped.guides;
    }
    this.#h.ownResize.set(id, r);
    this.#h.refreshNodes([id]);
  }

  /** Stores a resize (its size and the centre that keeps the opposite corner), or drops it. */
  #endResize(id: number, keep: boolean): void {
    const r = this.#h.ownResize.get(id);
    this.#h.ownResize.delete(id);
    this.#h.overlayMarks.clear();
    this.#h.drawOverlay();
    if (keep && r) {
      this.#h.store.applyAll([
        { type: 'setNodeDesign', id, design: { width: r.width, height: r.height } },
        { type: 'moveNodes', positions: [{ id, center: r.center }] },
      ]);
    }
    this.#h.refreshNodes([id]);
  }
}
