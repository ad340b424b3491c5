// The public map's canvas: the editor's scene and renderer (web/src/map), read-only. Dragging
// and a trackpad's scroll pan, a pinch (and the wheel, when set so) zoom, and the zoom chooses
// the level (with a short fade); a click on a node opens it.
import type { Language } from '../api';
import type { Edge, MapDocument, Node, Point } from '../api/document';
import {
  FirstFrameMarks,
  Pinch,
  Renderer,
  SCENE_BUILT_MARK,
  Scene,
  indexTemplates,
  mapBackground,
  markOpening,
  measureWith,
  wheelIntent,
  wheelZoomsSetting,
  type MediaSource,
} from '../map';
import { levelAtScale, scaleForLevel } from './zoomLevels';

/** How long a change of level fades (ms). */
export const LEVEL_FADE_MS = 300;
const CLICK_SLOP_PX = 4;
/** A map of few nodes is not blown up past its natural size. */
const MAX_FIT_SCALE = 1;

export interface ViewerCallbacks {
  /** A node was clicked. */
  onOpen: (id: number) => void;
  /** The level the zoom shows changed. */
  onLevel: (level: number) => void;
}

export class ViewerCanvas {
  readonly scene: Scene;
  readonly renderer: Renderer;
  readonly #canvas: HTMLCanvasElement;
  readonly #callbacks: ViewerCallbacks;
  readonly #levels: number;
  readonly #nodes: Map<number, Node>;
  readonly #pinch = new Pinch();
  readonly #marks = new FirstFrameMarks();
  readonly #offs: (() => void)[] = [];
  /** The scale that shows the whole map: level 1. */
  #wholeMapScale = 1;
  #press: { id: number; x: number; y: number; lastX: number; lastY: number; moved: boolean } | null = null;

  constructor(
    canvas: HTMLCanvasElement,
    doc: MapDocument,
    languages: readonly Language[],
    callbacks: ViewerCallbacks,
    media?: MediaSource,
  ) {
    this.#canvas = canvas;
    this.#callbacks = callbacks;
    this.#levels = Math.max(1, doc.map.visibility_levels);
    const measureCtx = document.createElement('canvas').getContext('2d');
    if (!measureCtx) throw new Error('no 2d canvas');
    this.scene = new Scene({ measure: measureWith(measureCtx), languages });
    this.renderer = new Renderer({
      canvas,
      scene: this.scene,
      media,
      pixelRatio: window.devicePixelRatio || 1,
      requestFrame: (cb) =>
        requestAnimationFrame(() => {
          cb();
          this.#marks.afterFrame(this.renderer.stats);
        }),
    });
    this.#nodes = new Map(doc.nodes.map((n) => [n.id, n]));
    this.scene.setDocument({
      nodes: this.#nodes,
      edges: new Map<number, Edge>(doc.edges.map((e) => [e.id, e])),
      templates: indexTemplates(doc.object_templates),
      globalDesign: doc.global_design,
    });
    markOpening(SCENE_BUILT_MARK);
    this.renderer.setState({
      level: 1,
      layers: doc.layers,
      outOfLevel: 'hide',
      showLocked: false,
      // The node opened is outlined; the handles are the editor's, for resizing.
      selectionHandles: false,
      ...mapBackground(doc.map),
    });
    this.#listen();
  }

  get level(): number {
    return this.renderer.state.level;
  }

  resize(width: number, height: number): void {
    this.renderer.resize(width, height, window.devicePixelRatio || 1);
  }

  /** Shows the whole map (level 1). */
  fit(): void {
    this.renderer.fit(40);
    const cam = this.renderer.camera;
    if (cam.scale > MAX_FIT_SCALE) cam.setScale(MAX_FIT_SCALE);
    this.#wholeMapScale = cam.scale;
    this.#followZoom();
  }

  /** Zooms to a level's band around the centre (a link's level= without a node). */
  showLevel(level: number): void {
    this.renderer.camera.setScale(scaleForLevel(Math.min(this.#levels, Math.max(1, level)), this.#wholeMapScale));
    this.#followZoom();
  }

  zoomBy(factor: number): void {
    this.renderer.camera.setScale(this.renderer.camera.scale * factor);
    this.#followZoom();
  }

  /**
   * Centres a node at a zoom where it shows (its first level, or `level` when the node shows
   * there, as a link asks), and outlines it.
   */
  focus(id: number, level?: number): void {
    const n = this.#nodes.get(id);
    if (!n) return;
    const cam = this.renderer.camera;
    const { min_level, max_level } = n.visibility;
    const wanted = level !== undefined && level >= min_level && level <= max_level ? level : min_level;
    const target = Math.min(this.#levels, Math.max(1, wanted));
    const scale = scaleForLevel(target, this.#wholeMapScale);
    cam.setScale(level !== undefined ? scale : Math.max(cam.scale, scale));
    const at = cam.worldToScreen(n.geometry.center.x, n.geometry.center.y);
    cam.panBy(cam.width / 2 - at.x, cam.height / 2 - at.y);
    this.renderer.setState({ selectedNodes: new Set([id]) });
    this.#followZoom();
  }

  setVisited(ids: ReadonlySet<number>): void {
    this.renderer.setState({ visitedNodes: ids });
  }

  /** Content in another language: titles and labels are laid out again. */
  setLanguages(languages: readonly Language[]): void {
    this.scene.relayoutText(languages);
  }

  /** The reader allowed (or not) external sources: links to other sites' media are drawn, or not. */
  setMediaSource(media: MediaSource): void {
    this.renderer.setMediaSource(media);
  }

  dispose(): void {
    for (const off of this.#offs) off();
    this.renderer.dispose();
  }

  #followZoom(): void {
    const level = levelAtScale(this.renderer.camera.scale, this.#wholeMapScale, this.#levels);
    if (level !== this.renderer.state.level) {
      this.renderer.setLevel(level, LEVEL_FADE_MS);
      this.#callbacks.onLevel(level);
    }
    this.renderer.render();
  }

  #local(e: MouseEvent): Point {
    const r = this.#canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  #listen(): void {
    const c = this.#canvas;
    const on = <K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void, opts?: AddEventListenerOptions) => {
      c.addEventListener(type, fn, opts);
      this.#offs.push(() => {
        c.removeEventListener(type, fn, opts);
      });
    };
    c.style.touchAction = 'none';
    on(
      'wheel',
      (e) => {
        e.preventDefault();
        // The editor's rule: a trackpad's scroll pans, a pinch (or the wheel, when set so) zooms.
        const intent = wheelIntent(e, { wheelZooms: wheelZoomsSetting.get() });
        if (intent.kind === 'pan') {
          this.renderer.camera.panBy(intent.dx, intent.dy);
          this.renderer.render();
          return;
        }
        const p = this.#local(e);
        this.renderer.camera.zoomAt(intent.factor, p.x, p.y);
        this.#followZoom();
      },
      { passive: false },
    );
    on('pointerdown', (e) => {
      const p = this.#local(e);
      if (e.pointerType === 'touch' && this.#pinch.down(e.pointerId, p)) {
        this.#press = null;
        return;
      }
      if (e.button !== 0 || this.#press || this.#pinch.active) return;
      this.#press = { id: e.pointerId, x: p.x, y: p.y, lastX: p.x, lastY: p.y, moved: false };
      c.setPointerCapture(e.pointerId);
    });
    on('pointermove', (e) => {
      const p = this.#local(e);
      const step = this.#pinch.move(e.pointerId, p);
      if (step) {
        const cam = this.renderer.camera;
        cam.panBy(step.dx, step.dy);
        cam.zoomAt(step.factor, step.mid.x, step.mid.y);
        this.#followZoom();
        return;
      }
      const press = this.#press;
      if (press?.id !== e.pointerId) {
        const hit = this.renderer.hitTest(p.x, p.y);
        const hover = hit?.kind === 'node' ? hit.id : null;
        if (hover !== this.renderer.state.hoverNode) this.renderer.setState({ hoverNode: hover });
        c.style.cursor = hover !== null ? 'pointer' : '';
        return;
      }
      if (!press.moved && Math.hypot(p.x - press.x, p.y - press.y) < CLICK_SLOP_PX) return;
      press.moved = true;
      this.renderer.camera.panBy(p.x - press.lastX, p.y - press.lastY);
      press.lastX = p.x;
      press.lastY = p.y;
      c.style.cursor = 'grabbing';
      this.renderer.render();
    });
    const end = (e: PointerEvent, click: boolean) => {
      if (this.#pinch.up(e.pointerId)) return;
      const press = this.#press;
      if (press?.id !== e.pointerId) return;
      this.#press = null;
      if (c.hasPointerCapture(e.pointerId)) c.releasePointerCapture(e.pointerId);
      c.style.cursor = '';
      if (!click || press.moved) return;
      const hit = this.renderer.hitTest(press.x, press.y);
      if (hit?.kind === 'node') this.#callbacks.onOpen(hit.id);
    };
    on('pointerup', (e) => {
      end(e, true);
    });
    on('pointercancel', (e) => {
      end(e, false);
    });
    on('pointerleave', () => {
      if (!this.#press && this.renderer.state.hoverNode !== null) this.renderer.setState({ hoverNode: null });
    });
  }
}
