// The editor's canvas, driven imperatively: the scene and renderer of web/src/map fed from the
// document store (only what a store change names is worked again), and the pointer on it — pan,
// wheel zoom, hover, selection, dragging nodes, placing nodes and connecting them. React draws
// the chrome around it and reads the small view state this publishes.
import type { EnabledShape, Node, NodePosition, Point, Visibility } from '../api/document';
import type { DocumentStore, StoreChange } from './store';
import {
  FirstFrameMarks,
  OUTLINE_WIDTH,
  SELECTION_MARK_RADIUS,
  nodeBounds,
  type Bounds,
  Pinch,
  Renderer,
  SCENE_BUILT_MARK,
  editorMediaSource,
  mapBackground,
  Scene,
  indexTemplates,
  markOpening,
  measureWith,
  type SceneDocument,
  type TemplatesById,
} from '../map';
import { CanvasNavigation, boundsOfNodes } from './canvasNavigation';
import { lastShapeSetting } from './editorSettings';
import { RemoteDrags } from './remoteDrags';
import { edgesAmong, nodesInRect, rectBetween, unionIds } from './selection/boxSelect';
import { OverlayMarks } from './selection/overlayMarks';
import { cornerOf, handleAt, resized, startResize, type Corner, type ResizeStart, type Resized } from './selection/resize';
import { SNAP_DISTANCE_PX, SnapTargets, readSnapSetting, unionBounds } from './selection/snap';

export type Tool = { kind: 'select' } | { kind: 'addNode'; shape: EnabledShape } | { kind: 'connect'; from: number | null };

/** What React shows about the canvas. */
export interface CanvasView {
  tool: Tool;
  level: number;
  selectedNodes: readonly number[];
  selectedEdges: readonly number[];
}

export interface CanvasCallbacks {
  /** The own pointer in world coordinates (sent to the others). */
  onPointer?: (world: Point) => void;
  /** Nodes being dragged, throttled (sent to the others as node_dragging). */
  onDragging?: (positions: NodePosition[]) => void;
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

function overlaps(a: Visibility, b: Visibility): boolean {
  return a.min_level <= b.max_level && b.min_level <= a.max_level;
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export class CanvasController {
  readonly scene: Scene;
  readonly renderer: Renderer;
  readonly #store: DocumentStore;
  readonly #canvas: HTMLCanvasElement;
  readonly #overlay: HTMLCanvasElement;
  readonly #callbacks: CanvasCallbacks;
  readonly #nodes = new Map<number, Node>();
  readonly #edges = new Map<number, import('../api/document').Edge>();
  #templates: TemplatesById = new Map();
  /** Positions shown instead of the store's while someone drags: own drag and others'. */
  readonly #ownDrag = new Map<number, Point>();
  readonly #remoteDrags = new RemoteDrags((ids) => {
    if (!this.#disposed) this.#refreshNodes(ids);
  });
  /** A node shown at the size a handle drag gives it, until the resize is stored. */
  readonly #ownResize = new Map<number, Resized>();
  /** Whether drags and resizes snap to other nodes (Alt suspends it). */
  #snapping = readSnapSetting();
  #canEdit: boolean;
  #nodesLockedByOthers: ReadonlyMap<number, string> = new Map();
  #view: CanvasView;
  readonly #listeners = new Set<() => void>();
  readonly #frameListeners = new Set<() => void>();
  readonly #editTitleListeners = new Set<(id: number) => void>();
  /** The content languages drawn, joined: laying every title out again is done only on a change. */
  #languages = '';
  #frame = 0;
  #gesture: Gesture | null = null;
  /** Pointers down on the canvas (touch), for a two-finger pinch. */
  readonly #pinch = new Pinch();
  #lastDragSend = 0;
  #dpr = 1;
  #disposed = false;
  readonly #marks = new FirstFrameMarks();
  /** The selection box and snap guides over the map. */
  readonly #overlayMarks = new OverlayMarks();
  /** The pointer over the canvas (screen), null while it is elsewhere: where a paste lands. */
  #pointer: Point | null = null;
  readonly #offs: (() => void)[] = [];
  readonly #navigation: CanvasNavigation;

  constructor(
    canvas: HTMLCanvasElement,
    overlay: HTMLCanvasElement,
    store: DocumentStore,
    options: { canEdit: boolean; languages: readonly import('../api/types').Language[] } & CanvasCallbacks,
  ) {
    this.#canvas = canvas;
    this.#overlay = overlay;
    this.#store = store;
    this.#canEdit = options.canEdit;
    this.#callbacks = { onPointer: options.onPointer, onDragging: options.onDragging };
    const measureCtx = document.createElement('canvas').getContext('2d');
    if (!measureCtx) throw new Error('no 2d canvas');
    this.scene = new Scene({ measure: measureWith(measureCtx), languages: options.languages, dimFallbackTitles: true });
    this.#languages = options.languages.join(',');
    this.#dpr = window.devicePixelRatio || 1;
    this.renderer = new Renderer({
      canvas,
      scene: this.scene,
      media: editorMediaSource(store.map.id),
      pixelRatio: this.#dpr,
      requestFrame: (cb) =>
        requestAnimationFrame(() => {
          cb();
          this.#afterFrame();
        }),
    });
    this.#navigation = new CanvasNavigation(canvas, this.renderer);
    this.#view = { tool: { kind: 'select' }, level: 1, selectedNodes: [], selectedEdges: [] };
    this.#loadAll();
    markOpening(SCENE_BUILT_MARK);
    this.renderer.setState({
      level: 1,
      layers: store.layers,
      showLocked: true,
      outOfLevel: 'dim',
      ...mapBackground(store.map),
    });
    this.#offs.push(
      store.subscribe((change) => {
        this.#onStoreChange(change);
      }),
    );
    this.#listen();
  }

  // --- Published view ------------------------------------------------------------------------------

  get view(): CanvasView {
    return this.#view;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  getView = (): CanvasView => this.#view;

  /** Called after every drawn frame (the camera may have moved): pointer markers follow it. */
  subscribeFrame = (listener: () => void): (() => void) => {
    this.#frameListeners.add(listener);
    return () => {
      this.#frameListeners.delete(listener);
    };
  };

  getFrame = (): number => this.#frame;

  /** Called when a node is double-clicked with the select tool: its title is to be edited in place. */
  onEditTitle(listener: (id: number) => void): () => void {
    this.#editTitleListeners.add(listener);
    return () => {
      this.#editTitleListeners.delete(listener);
    };
  }

  #publish(patch: Partial<CanvasView>): void {
    this.#view = { ...this.#view, ...patch };
    for (const l of [...this.#listeners]) l();
  }

  // --- Setup and sizing ----------------------------------------------------------------------------

  resize(width: number, height: number): void {
    this.#dpr = window.devicePixelRatio || 1;
    this.renderer.resize(width, height, this.#dpr);
    this.#overlay.width = Math.max(1, Math.round(width * this.#dpr));
    this.#overlay.height = Math.max(1, Math.round(height * this.#dpr));
  }

  /** Shows every node, or the map's area when it has none. */
  fit(): void {
    if (this.scene.nodeCount > 0) {
      this.renderer.fit(60);
      // A map of few nodes is not blown up past its natural size.
      if (this.renderer.camera.scale > 1) this.renderer.camera.setScale(1);
    } else {
      const { width, height } = this.#store.map.measurement;
      this.renderer.camera.fitBounds({ minX: 0, minY: 0, maxX: width || 1000, maxY: height || 800 }, 60);
      this.renderer.render();
    }
  }

  zoomBy(factor: number): void {
    const cam = this.renderer.camera;
    cam.setScale(cam.scale * factor);
    this.renderer.render();
  }

  /** The content languages in order: the canvas draws the first one a node has a title in. */
  setLanguages(languages: readonly import('../api/types').Language[]): void {
    if (languages.join(',') === this.#languages) return;
    this.#languages = languages.join(',');
    this.scene.relayoutText(languages);
  }

  /** Fits the view to the selected nodes (Shift+2); nothing without a selection. */
  zoomToSelection(): void {
    this.#navigation.zoomToBounds(boundsOfNodes(this.scene, this.#view.selectedNodes));
  }

  /** Zooms to a scale about the view's centre: 1 is 100 % (Shift+0). */
  zoomTo(scale: number): void {
    this.#navigation.zoomTo(scale);
  }

  /** Centres the view on a world point at the current zoom (the minimap). */
  centerOn(world: Point): void {
    this.#navigation.centerOn(world);
  }

  setCanEdit(canEdit: boolean): void {
    this.#canEdit = canEdit;
    if (!canEdit) this.setTool({ kind: 'select' });
  }

  dispose(): void {
    this.#disposed = true;
    for (const off of this.#offs) off();
    this.#navigation.dispose();
    this.#remoteDrags.dispose();
    this.renderer.dispose();
    this.#listeners.clear();
    this.#frameListeners.clear();
    this.#editTitleListeners.clear();
  }

  // --- The document --------------------------------------------------------------------------------

  #doc(): SceneDocument {
    return { nodes: this.#nodes, edges: this.#edges, templates: this.#templates, globalDesign: this.#store.globalDesign };
  }

  #shown(n: Node): Node {
    const size = this.#ownResize.get(n.id);
    if (size)
      return { ...n, design: { ...n.design, width: size.width, height: size.height }, geometry: { ...n.geometry, center: size.center } };
    const own = this.#ownDrag.get(n.id);
    const center = own ?? this.#remoteDrags.center(n.id);
    if (!center) return n;
    return { ...n, geometry: { ...n.geometry, center } };
  }

  #loadAll(): void {
    const doc = this.#store.document;
    this.#nodes.clear();
    this.#edges.clear();
    for (const n of doc.nodes) this.#nodes.set(n.id, this.#shown(n));
    for (const e of doc.edges) this.#edges.set(e.id, e);
    this.#templates = indexTemplates(doc.object_templates);
    this.scene.setDocument(this.#doc());
  }

  /** Re-reads the named nodes from the store (with drags on top) and redraws them. */
  #refreshNodes(ids: Iterable<number>): void {
    const list = [...ids];
    for (const id of list) {
      const n = this.#store.getNode(id);
      if (n?.id === id) this.#nodes.set(id, this.#shown(n));
      else this.#nodes.delete(id);
    }
    this.scene.update(this.#doc(), { nodes: list });
  }

  #onStoreChange(change: StoreChange): void {
    if (this.#disposed) return;
    const { nodes: selNodes, edges: selEdges } = this.#followIds(change);
    if (change.reloaded) {
      this.#loadAll();
    } else {
      // A stored position replaces another editor's drag of that node.
      for (const id of change.nodes) this.#remoteDrags.forget(id);
      for (const id of change.nodes) {
        const n = this.#store.getNode(id);
        if (n?.id === id) this.#nodes.set(id, this.#shown(n));
        else this.#nodes.delete(id);
      }
      for (const id of change.edges) {
        const e = this.#store.getEdge(id);
        if (e?.id === id) this.#edges.set(id, e);
        else this.#edges.delete(id);
      }
      if (change.templates.size > 0) this.#templates = indexTemplates(this.#store.document.object_templates);
      this.scene.update(this.#doc(), {
        nodes: change.nodes,
        edges: change.edges,
        templates: [...change.templates].map(String),
        globalDesign: change.globalDesign,
      });
    }
    if (change.layers || change.map || change.reloaded) {
      const levels = this.#store.map.visibility_levels;
      const level = Math.min(Math.max(1, this.#view.level), Math.max(1, levels));
      this.renderer.setState({ layers: this.#store.layers, level, ...mapBackground(this.#store.map) });
      if (level !== this.#view.level) this.#publish({ level });
    }
    this.#select(selNodes, selEdges);
    const tool = this.#view.tool;
    if (tool.kind === 'connect' && tool.from !== null && !this.#nodes.has(tool.from)) this.setTool({ kind: 'connect', from: null });
  }

  /** The selection after a change: temporary ids follow to the server's, removed ones leave. */
  #followIds(change: StoreChange): { nodes: number[]; edges: number[] } {
    const map = (ids: readonly number[], replaced: ReadonlyMap<number, number>, exists: (id: number) => boolean) =>
      ids.map((id) => replaced.get(id) ?? id).filter((id) => exists(id));
    return {
      nodes: map(this.#view.selectedNodes, change.replacedIds.nodes, (id) => {
        const n = this.#store.getNode(id);
        return n?.id === id;
      }),
      edges: map(this.#view.selectedEdges, change.replacedIds.edges, (id) => {
        const e = this.#store.getEdge(id);
        return e?.id === id;
      }),
    };
  }

  // --- State from outside --------------------------------------------------------------------------

  setLevel(level: number): void {
    const levels = Math.max(1, this.#store.map.visibility_levels);
    const next = Math.min(levels, Math.max(1, Math.round(level)));
    this.renderer.setState({ level: next });
    this.#publish({ level: next });
  }

  setTool(tool: Tool): void {
    if (!this.#canEdit && tool.kind !== 'select') return;
    if (tool.kind === 'addNode') lastShapeSetting.set(tool.shape);
    this.#publish({ tool });
    this.#canvas.style.cursor = tool.kind === 'select' ? '' : 'crosshair';
    this.#drawOverlay();
  }

  /** Others' node locks, with their colours: outlined, and not draggable here. */
  setLocks(nodes: ReadonlyMap<number, string>, edges: ReadonlyMap<number, string>): void {
    this.#nodesLockedByOthers = nodes;
    this.renderer.setState({ nodesLockedByOthers: nodes, edgesLockedByOthers: edges });
  }

  setSnapping(on: boolean): void {
    this.#snapping = on;
  }

  select(nodes: readonly number[], edges: readonly number[] = []): void {
    this.#select(nodes, edges);
  }

  #select(nodes: readonly number[], edges: readonly number[]): void {
    if (sameIds(nodes, this.#view.selectedNodes) && sameIds(edges, this.#view.selectedEdges)) return;
    this.renderer.setState({ selectedNodes: new Set(nodes), selectedEdges: new Set(edges) });
    this.#publish({ selectedNodes: [...nodes], selectedEdges: [...edges] });
  }

  /**
   * Shows a node and selects it: at the current level when the node is visible there, else at
   * the first level of its range; centred, at the current zoom.
   */
  focusNode(id: number): void {
    const n = this.#nodes.get(id);
    if (!n) return;
    const { min_level, max_level } = n.visibility;
    if (this.#view.level < min_level || this.#view.level > max_level) this.setLevel(min_level);
    this.renderer.camera.centerOn(n.geometry.center.x, n.geometry.center.y);
    this.renderer.render();
    this.#select([id], []);
  }

  /** Another editor's drag: the nodes are shown there until the move is stored (or goes stale). */
  showRemoteDrag(positions: readonly NodePosition[]): void {
    const ids = this.#remoteDrags.show(positions, (id) => !this.#ownDrag.has(id) && this.#nodes.has(id));
    if (ids.length > 0) this.#refreshNodes(ids);
  }

  /** Whether this user may move or change a node now (not locked by another, by itself, or its layer). */
  nodeEditable(id: number): boolean {
    if (!this.#canEdit || this.#nodesLockedByOthers.has(id)) return false;
    const n = this.#nodes.get(id);
    if (!n || n.editing.locked) return false;
    return true;
  }

  /** Whether a node may be the second end of an edge from `from` (their ranges overlap). */
  connectable(from: number, to: number): boolean {
    const a = this.#nodes.get(from);
    const b = this.#nodes.get(to);
    return a !== undefined && b !== undefined && from !== to && overlaps(a.visibility, b.visibility);
  }

  /** The node's centre on screen (CSS pixels from the canvas's top-left). */
  screenOf(id: number): Point | null {
    const n = this.#nodes.get(id);
    if (!n) return null;
    return this.renderer.camera.worldToScreen(n.geometry.center.x, n.geometry.center.y);
  }

  worldToScreen(p: Point): Point {
    return this.renderer.camera.worldToScreen(p.x, p.y);
  }

  /** Where a paste lands: the pointer when it is over the canvas, else the view's centre (world). */
  pasteTarget(): Point {
    const cam = this.renderer.camera;
    const p = this.#pointer ?? { x: cam.width / 2, y: cam.height / 2 };
    const w = cam.screenToWorld(p.x, p.y);
    return { x: Math.round(w.x), y: Math.round(w.y) };
  }

  nodeIds(): number[] {
    return [...this.#nodes.keys()];
  }

  // --- Pointer ---------------------------------------------------------------------------------------

  #listen(): void {
    const c = this.#canvas;
    const on = <K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void, opts?: AddEventListenerOptions) => {
      c.addEventListener(type, fn, opts);
      this.#offs.push(() => {
        c.removeEventListener(type, fn, opts);
      });
    };
    on('pointerdown', (e) => {
      this.#down(e);
    });
    on('pointermove', (e) => {
      this.#move(e);
    });
    on('pointerup', (e) => {
      this.#up(e);
    });
    on('pointercancel', (e) => {
      this.#cancel(e);
    });
    on('dblclick', (e) => {
      if (this.#view.tool.kind !== 'select') return;
      const { x, y } = this.#local(e);
      const hit = this.renderer.hitTest(x, y);
      if (hit?.kind === 'node') for (const l of [...this.#editTitleListeners]) l(hit.id);
    });
    on('pointerleave', () => {
      this.#pointer = null;
      if (!this.#gesture) this.renderer.setState({ hoverNode: null, hoverEdge: null });
    });
    on(
      'wheel',
      (e) => {
        this.#navigation.wheel(e, this.#local(e));
      },
      { passive: false },
    );
  }

  #local(e: MouseEvent): Point {
    const r = this.#canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  #down(e: PointerEvent): void {
    if (e.pointerType === 'touch') {
      if (this.#pinch.down(e.pointerId, this.#local(e))) {
        // The second finger turns whatever the first one began into a pinch.
        this.#abandonGesture();
        return;
      }
      if (this.#pinch.active) return;
    }
    if (this.#navigation.startsPan(e)) {
      this.#startViewPan(e);
      return;
    }
    if (e.button !== 0 || this.#gesture) return;
    const p = this.#local(e);
    const world = this.renderer.camera.screenToWorld(p.x, p.y);
    const hit = this.renderer.hitTest(p.x, p.y);
    const tool = this.#view.tool;
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
      if (!this.#canEdit) return;
      const levels = Math.max(1, this.#store.map.visibility_levels);
      const res = this.#store.apply({
        type: 'createNode',
        node: {
          design: { shape: tool.shape },
          geometry: { center: { x: Math.round(world.x), y: Math.round(world.y) } },
          visibility: { min_level: this.#view.level, max_level: levels, hidden: false },
        },
      });
      // The tool stays for the next node, until Esc or another tool.
      if (res.ok && res.id !== undefined) this.#select([res.id], []);
      return;
    }

    if (tool.kind === 'connect') {
      if (hit?.kind !== 'node') {
        this.#gesture = base;
        this.#canvas.setPointerCapture(e.pointerId);
        return;
      }
      if (tool.from === null) {
        this.setTool({ kind: 'connect', from: hit.id });
        this.#select([hit.id], []);
      } else if (this.connectable(tool.from, hit.id)) {
        const res = this.#store.apply({ type: 'createEdge', edge: { node: { from_id: tool.from, to_id: hit.id } } });
        this.setTool({ kind: 'connect', from: null });
        if (res.ok && res.id !== undefined) this.#select([], [res.id]);
      }
      return;
    }

    const handle = this.#handleAt(p);
    if (handle) {
      this.#gesture = { ...base, kind: 'resize', resize: { id: handle.id, start: startResize(handle.box, handle.corner, world) } };
      this.#canvas.setPointerCapture(e.pointerId);
      return;
    }

    if (hit?.kind === 'node') {
      let nodes = [...this.#view.selectedNodes];
      if (e.shiftKey) {
        nodes = nodes.includes(hit.id) ? nodes.filter((id) => id !== hit.id) : [...nodes, hit.id];
        this.#select(nodes, this.#view.selectedEdges);
      } else if (!nodes.includes(hit.id)) {
        nodes = [hit.id];
        this.#select(nodes, []);
      }
      if (nodes.includes(hit.id) && this.nodeEditable(hit.id)) {
        const origins = new Map<number, Point>();
        for (const id of nodes) {
          const n = this.#nodes.get(id);
          if (n && this.nodeEditable(id)) origins.set(id, { ...n.geometry.center });
        }
        const startBounds = unionBounds([...origins.keys()].flatMap((id) => this.scene.node(id)?.box ?? []).map((b) => nodeBounds(b)));
        this.#gesture = {
          ...base,
          kind: 'drag',
          origins,
          ...(startBounds && { startBounds }),
          ...(!e.shiftKey && nodes.length > 1 && { collapseTo: hit.id }),
        };
        this.#canvas.setPointerCapture(e.pointerId);
      }
      return;
    }
    if (hit?.kind === 'edge') {
      if (e.shiftKey) {
        const edges = this.#view.selectedEdges.includes(hit.id)
          ? this.#view.selectedEdges.filter((id) => id !== hit.id)
          : [...this.#view.selectedEdges, hit.id];
        this.#select(this.#view.selectedNodes, edges);
      } else {
        this.#select([], [hit.id]);
      }
      return;
    }
    // A drag on empty canvas draws a selection box (panning is the middle button's, or Space's).
    this.#gesture = {
      ...base,
      kind: 'box',
      clearOnClick: !e.shiftKey,
      ...(e.shiftKey && { addTo: { nodes: this.#view.selectedNodes, edges: this.#view.selectedEdges } }),
    };
    this.#canvas.setPointerCapture(e.pointerId);
  }

  /** A pan with the middle button or Space held, wherever the press is (over a node too). */
  #startViewPan(e: PointerEvent): void {
    if (this.#gesture) return;
    const p = this.#local(e);
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
    this.#canvas.setPointerCapture(e.pointerId);
    this.#navigation.setPanning(true);
  }

  /** The box from where the gesture started to the pointer: what lies wholly inside is selected. */
  #boxSelect(g: Gesture, p: Point): void {
    const cam = this.renderer.camera;
    const rect = rectBetween(cam.screenToWorld(g.startX, g.startY), cam.screenToWorld(p.x, p.y));
    this.#overlayMarks.box = rect;
    const inBox = nodesInRect(this.scene, rect, (e) => this.renderer.nodeShown(e));
    const nodes = g.addTo ? unionIds(g.addTo.nodes, inBox) : inBox;
    const between = edgesAmong(this.scene, nodes, (id) => {
      const e = this.scene.edge(id);
      return e !== undefined && this.renderer.edgeShown(e);
    });
    this.#select(nodes, g.addTo ? unionIds(g.addTo.edges, between) : between);
    this.#drawOverlay();
  }

  #move(e: PointerEvent): void {
    const step = this.#pinch.move(e.pointerId, this.#local(e));
    if (step) {
      const cam = this.renderer.camera;
      cam.panBy(step.dx, step.dy);
      cam.zoomAt(step.factor, step.mid.x, step.mid.y);
      this.renderer.render();
      return;
    }
    const p = this.#local(e);
    this.#pointer = p;
    const cam = this.renderer.camera;
    const world = cam.screenToWorld(p.x, p.y);
    this.#callbacks.onPointer?.({ x: Math.round(world.x), y: Math.round(world.y) });
    const g = this.#gesture;
    if (g?.pointerId !== e.pointerId) {
      const hit = this.renderer.hitTest(p.x, p.y);
      const hoverNode = hit?.kind === 'node' ? hit.id : null;
      const hoverEdge = hit?.kind === 'edge' ? hit.id : null;
      if (hoverNode !== this.renderer.state.hoverNode || hoverEdge !== this.renderer.state.hoverEdge) {
        this.renderer.setState({ hoverNode, hoverEdge });
      }
      const tool = this.#view.tool;
      const handle = tool.kind === 'select' ? this.#handleAt(p) : null;
      this.#canvas.style.cursor =
        this.#navigation.hoverCursor ??
        (handle
          ? RESIZE_CURSORS[handle.corner]
          : tool.kind !== 'select'
            ? 'crosshair'
            : hoverNode !== null && this.nodeEditable(hoverNode)
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
      this.renderer.render();
      this.#canvas.style.cursor = 'grabbing';
    } else if (g.kind === 'resize' && g.resize) {
      this.#resizeTo(g, world, e);
    } else if (g.kind === 'drag') {
      let dx = (p.x - g.startX) / cam.scale;
      let dy = (p.y - g.startY) / cam.scale;
      this.#overlayMarks.guides = [];
      if (this.#snapping && !e.altKey && g.startBounds) {
        g.snap ??= this.#snapTargets(new Set(g.origins.keys()));
        const b = g.startBounds;
        const snapped = g.snap.snapBox(
          { minX: b.minX + dx, maxX: b.maxX + dx, minY: b.minY + dy, maxY: b.maxY + dy },
          SNAP_DISTANCE_PX / cam.scale,
        );
        dx += snapped.dx;
        dy += snapped.dy;
        this.#overlayMarks.guides = snapped.guides;
      }
      for (const [id, o] of g.origins) this.#ownDrag.set(id, { x: Math.round(o.x + dx), y: Math.round(o.y + dy) });
      this.#refreshNodes(g.origins.keys());
      const now = performance.now();
      if (now - this.#lastDragSend >= DRAG_SEND_MS) {
        this.#lastDragSend = now;
        this.#callbacks.onDragging?.(this.#dragPositions(g));
      }
    }
    g.lastX = p.x;
    g.lastY = p.y;
  }

  #dragPositions(g: Gesture): NodePosition[] {
    const out: NodePosition[] = [];
    for (const id of g.origins.keys()) {
      const c = this.#ownDrag.get(id);
      if (c) out.push({ id, center: c });
    }
    return out;
  }

  #up(e: PointerEvent): void {
    if (this.#pinch.up(e.pointerId)) return;
    const g = this.#gesture;
    if (g?.pointerId !== e.pointerId) return;
    this.#gesture = null;
    if (this.#canvas.hasPointerCapture(e.pointerId)) this.#canvas.releasePointerCapture(e.pointerId);
    this.#canvas.style.cursor = this.#view.tool.kind === 'select' ? '' : 'crosshair';
    if (g.viewPan) {
      this.#navigation.setPanning(false);
      return;
    }
    if (g.kind === 'resize' && g.resize) {
      this.#endResize(g.resize.id, g.moved);
      return;
    }
    if (g.kind === 'drag' && g.moved) {
      this.#overlayMarks.clear();
      this.#drawOverlay();
      const positions = this.#dragPositions(g);
      this.#callbacks.onDragging?.(positions);
      this.#ownDrag.clear();
      const res = this.#store.apply({ type: 'moveNodes', positions });
      if (!res.ok) this.#refreshNodes(g.origins.keys());
      return;
    }
    if (g.kind === 'drag' && g.collapseTo !== undefined) this.#select([g.collapseTo], []);
    if (g.kind === 'box') {
      this.#overlayMarks.clear();
      this.#drawOverlay();
    }
    if ((g.kind === 'pan' || g.kind === 'box') && !g.moved) {
      if (this.#view.tool.kind === 'connect') this.setTool({ kind: 'connect', from: null });
      else if (g.clearOnClick) this.#select([], []);
    }
  }

  #cancel(e: PointerEvent): void {
    if (this.#pinch.up(e.pointerId)) return;
    const g = this.#gesture;
    if (g?.pointerId !== e.pointerId) return;
    this.#abandonGesture();
  }

  /** Ends the gesture in progress without effect: a drag goes back to where it started. */
  #abandonGesture(): void {
    const g = this.#gesture;
    if (!g) return;
    this.#gesture = null;
    if (this.#canvas.hasPointerCapture(g.pointerId)) this.#canvas.releasePointerCapture(g.pointerId);
    if (g.viewPan) this.#navigation.setPanning(false);
    if (g.kind === 'drag') {
      this.#ownDrag.clear();
      this.#refreshNodes(g.origins.keys());
      this.#callbacks.onDragging?.([...g.origins].map(([id, center]) => ({ id, center })));
    }
    if (g.kind === 'box') {
      if (g.addTo) this.#select(g.addTo.nodes, g.addTo.edges);
      else this.#select([], []);
    }
    if (g.kind === 'resize' && g.resize) this.#endResize(g.resize.id, false);
    this.#overlayMarks.clear();
    this.#drawOverlay();
  }

  // --- Resizing and snapping ------------------------------------------------------------------------

  /** The resize handle under a screen point: on a selected node this user may change. */
  #handleAt(p: Point): { id: number; corner: Corner; box: import('../map').ShapeBox } | null {
    if (!this.#canEdit || this.#view.tool.kind !== 'select') return null;
    const ids = this.#view.selectedNodes;
    if (ids.length === 0 || ids.length > MAX_HANDLED_NODES) return null;
    const cam = this.renderer.camera;
    const world = cam.screenToWorld(p.x, p.y);
    for (const id of ids) {
      const e = this.scene.node(id);
      if (!e || !this.renderer.nodeShown(e) || !this.nodeEditable(id)) continue;
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
    for (const e of this.scene.nodeIndex.search(this.renderer.camera.viewport())) {
      if (!moving.has(e.id) && this.renderer.nodeShown(e)) boxes.push(nodeBounds(e.box));
    }
    return new SnapTargets(boxes);
  }

  #resizeTo(g: Gesture, world: Point, e: PointerEvent): void {
    if (!g.resize) return;
    const { id, start } = g.resize;
    let r = resized(start, world, e.shiftKey);
    this.#overlayMarks.guides = [];
    // A rotated rectangle's corner moves off the axes: it does not snap.
    if (this.#snapping && !e.altKey && start.box.sin === 0) {
      g.snap ??= this.#snapTargets(new Set([id]));
      const c = cornerOf(r, start);
      const box = {
        minX: r.center.x - r.width / 2,
        maxX: r.center.x + r.width / 2,
        minY: r.center.y - r.height / 2,
        maxY: r.center.y + r.height / 2,
      };
      const snapped = g.snap.snapPoint(c.x, c.y, box, SNAP_DISTANCE_PX / this.renderer.camera.scale);
      if (snapped.dx !== 0 || snapped.dy !== 0) r = resized(start, { x: world.x + snapped.dx, y: world.y + snapped.dy }, e.shiftKey);
      this.#overlayMarks.guides = snapped.guides;
    }
    this.#ownResize.set(id, r);
    this.#refreshNodes([id]);
  }

  /** Stores a resize (its size and the centre that keeps the opposite corner), or drops it. */
  #endResize(id: number, keep: boolean): void {
    const r = this.#ownResize.get(id);
    this.#ownResize.delete(id);
    this.#overlayMarks.clear();
    this.#drawOverlay();
    if (keep && r) {
      this.#store.applyAll([
        { type: 'setNodeDesign', id, design: { width: r.width, height: r.height } },
        { type: 'moveNodes', positions: [{ id, center: r.center }] },
      ]);
    }
    this.#refreshNodes([id]);
  }

  /** Esc: ends a drag where it started, or leaves the connection mode, or clears the selection. */
  escape(): void {
    if (this.#gesture?.kind === 'drag' || this.#gesture?.kind === 'box' || this.#gesture?.kind === 'resize') {
      this.#abandonGesture();
      return;
    }
    const tool = this.#view.tool;
    if (tool.kind === 'connect' && tool.from !== null) {
      this.setTool({ kind: 'connect', from: null });
      return;
    }
    if (tool.kind !== 'select') {
      this.setTool({ kind: 'select' });
      return;
    }
    this.#select([], []);
  }

  // --- After each frame ----------------------------------------------------------------------------

  #afterFrame(): void {
    if (this.#disposed) return;
    this.#marks.afterFrame(this.renderer.stats);
    this.#drawOverlay();
    this.#frame++;
    for (const l of [...this.#frameListeners]) l();
  }

  /** In the connection mode, the nodes that cannot be the other end are veiled. */
  #drawOverlay(): void {
    const ctx = this.#overlay.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.#overlay.width, this.#overlay.height);
    this.#overlayMarks.draw(ctx, this.renderer.camera, this.#dpr);
    const tool = this.#view.tool;
    if (tool.kind !== 'connect' || tool.from === null) return;
    const from = tool.from;
    const cam = this.renderer.camera;
    const S = cam.scale * this.#dpr;
    ctx.setTransform(S, 0, 0, S, -cam.x * S, -cam.y * S);
    ctx.fillStyle = 'rgba(242, 244, 248, 0.72)';
    for (const entry of this.scene.nodeIndex.search(cam.viewport())) {
      if (entry.id === from || this.connectable(from, entry.id) || !this.renderer.nodeShown(entry)) continue;
      const pad = 4 / cam.scale;
      ctx.fillRect(entry.minX - pad, entry.minY - pad, entry.maxX - entry.minX + 2 * pad, entry.maxY - entry.minY + 2 * pad);
    }
  }
}
