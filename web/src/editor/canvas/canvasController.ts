// The editor's canvas, driven imperatively: the scene and renderer of web/src/map fed from the
// document store (only what a store change names is worked again), and the pointer on it — pan,
// wheel zoom, hover, selection, dragging nodes, placing nodes and connecting them. React draws
// the chrome around it and reads the small view state this publishes. The pointer's gestures
// are canvasGestures.ts.
import type { Node, NodePosition, Point, Visibility } from '../../api/document';
import type { DocumentStore, StoreChange } from '../store';
import {
  FirstFrameMarks,
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
} from '../../map';
import { CanvasGestures } from './canvasGestures';
import type { CanvasCallbacks, CanvasView, Tool } from './canvasView';
import { CanvasNavigation, boundsOfNodes } from './canvasNavigation';
import { lastShapeSetting } from './editorSettings';
import { RemoteDrags } from '../session/remoteDrags';
import { OverlayMarks } from '../selection/overlayMarks';
import type { Resized } from '../selection/resize';
import { readSnapSetting } from '../selection/snap';

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
  readonly #edges = new Map<number, import('../../api/document').Edge>();
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
  readonly #gestures: CanvasGestures;
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
    options: { canEdit: boolean; languages: readonly import('../../api/types').Language[] } & CanvasCallbacks,
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
    this.#gestures = this.#gestureHost();
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
  setLanguages(languages: readonly import('../../api/types').Language[]): void {
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

  /** The gestures' view of this controller (canvasGestures.ts). */
  #gestureHost(): CanvasGestures {
    return new CanvasGestures({
      canvas: this.#canvas,
      renderer: this.renderer,
      scene: this.scene,
      store: this.#store,
      navigation: this.#navigation,
      callbacks: this.#callbacks,
      overlayMarks: this.#overlayMarks,
      ownDrag: this.#ownDrag,
      ownResize: this.#ownResize,
      view: () => this.#view,
      canEdit: () => this.#canEdit,
      snapping: () => this.#snapping,
      node: (id) => this.#nodes.get(id),
      nodeEditable: (id) => this.nodeEditable(id),
      connectable: (from, to) => this.connectable(from, to),
      select: (nodes, edges) => {
        this.#select(nodes, edges);
      },
      setTool: (tool) => {
        this.setTool(tool);
      },
      refreshNodes: (ids) => {
        this.#refreshNodes(ids);
      },
      drawOverlay: () => {
        this.#drawOverlay();
      },
      setPointer: (p) => {
        this.#pointer = p;
      },
    });
  }

  #listen(): void {
    const c = this.#canvas;
    const on = <K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void, opts?: AddEventListenerOptions) => {
      c.addEventListener(type, fn, opts);
      this.#offs.push(() => {
        c.removeEventListener(type, fn, opts);
      });
    };
    on('pointerdown', (e) => {
      this.#gestures.down(e);
    });
    on('pointermove', (e) => {
      this.#gestures.move(e);
    });
    on('pointerup', (e) => {
      this.#gestures.up(e);
    });
    on('pointercancel', (e) => {
      this.#gestures.cancel(e);
    });
    on('dblclick', (e) => {
      if (this.#view.tool.kind !== 'select') return;
      const { x, y } = this.#gestures.local(e);
      const hit = this.renderer.hitTest(x, y);
      if (hit?.kind === 'node') for (const l of [...this.#editTitleListeners]) l(hit.id);
    });
    on('pointerleave', () => {
      this.#pointer = null;
      if (!this.#gestures.active) this.renderer.setState({ hoverNode: null, hoverEdge: null });
    });
    on(
      'wheel',
      (e) => {
        this.#navigation.wheel(e, this.#gestures.local(e));
      },
      { passive: false },
    );
  }

  /** Esc: ends a drag where it started, or leaves the connection mode, or clears the selection. */
  escape(): void {
    if (this.#gestures.abandonable) {
      this.#gestures.abandon();
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
