// The minimap's drawing: every node as a box in a bitmap of its own, drawn again only when the
// document changes (at most a few times a second: at 20,000 nodes it is a few milliseconds of
// fillRect), and over it the view's rectangle, drawn on every camera change.
import type { Point } from '../../api/document';
import type { Bounds, Camera, Scene } from '../../map';
import { boxOnMinimap, minimapToWorld, minimapTransform, viewportOnMinimap, type MinimapTransform } from './minimapGeometry';

/** The least time between two drawings of the nodes while the document keeps changing (ms). */
const NODES_REDRAW_MS = 300;
const NODE_FILL = '#8a96a8';
const BACKGROUND = '#f6f7f9';
const VIEW_STROKE = '#2f6fed';
const VIEW_FILL = 'rgba(47, 111, 237, 0.12)';

export class MinimapDrawing {
  readonly #canvas: HTMLCanvasElement;
  readonly #scene: Scene;
  readonly #camera: Camera;
  /** The area shown when the map has no node yet. */
  readonly #emptyArea: Bounds;
  readonly #nodes: HTMLCanvasElement = document.createElement('canvas');
  #transform: MinimapTransform;
  #width: number;
  #height: number;
  #dpr = 1;
  #timer: number | undefined;
  #nodesStale = true;
  readonly #off: () => void;

  constructor(canvas: HTMLCanvasElement, scene: Scene, camera: Camera, emptyArea: Bounds, width: number, height: number) {
    this.#canvas = canvas;
    this.#scene = scene;
    this.#camera = camera;
    this.#emptyArea = emptyArea;
    this.#width = width;
    this.#height = height;
    this.#transform = this.#fit();
    this.#off = scene.subscribe(() => {
      this.#nodesStale = true;
      this.#timer ??= window.setTimeout(() => {
        this.#timer = undefined;
        this.draw();
      }, NODES_REDRAW_MS);
    });
  }

  /** The world point under a point of the minimap (CSS pixels from its top-left). */
  toWorld(p: Point): Point {
    return minimapToWorld(this.#transform, p);
  }

  /** Draws the minimap: the nodes' bitmap (made again when stale) and the view's rectangle. */
  draw(): void {
    const dpr = window.devicePixelRatio || 1;
    const pw = Math.round(this.#width * dpr);
    const ph = Math.round(this.#height * dpr);
    if (this.#canvas.width !== pw || this.#canvas.height !== ph || dpr !== this.#dpr) {
      this.#dpr = dpr;
      this.#canvas.width = pw;
      this.#canvas.height = ph;
      this.#nodesStale = true;
    }
    if (this.#nodesStale && this.#timer === undefined) this.#drawNodes();
    const ctx = this.#canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, pw, ph);
    ctx.drawImage(this.#nodes, 0, 0);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const v = viewportOnMinimap(this.#transform, this.#camera.viewport());
    ctx.fillStyle = VIEW_FILL;
    ctx.fillRect(v.minX, v.minY, v.maxX - v.minX, v.maxY - v.minY);
    ctx.strokeStyle = VIEW_STROKE;
    ctx.lineWidth = 1.5;
    ctx.strokeRect(v.minX + 0.75, v.minY + 0.75, Math.max(0, v.maxX - v.minX - 1.5), Math.max(0, v.maxY - v.minY - 1.5));
  }

  dispose(): void {
    this.#off();
    if (this.#timer !== undefined) window.clearTimeout(this.#timer);
  }

  #fit(): MinimapTransform {
    return minimapTransform(this.#scene.bounds() ?? this.#emptyArea, this.#width, this.#height);
  }

  #drawNodes(): void {
    this.#nodesStale = false;
    this.#transform = this.#fit();
    const layer = this.#nodes;
    layer.width = this.#canvas.width;
    layer.height = this.#canvas.height;
    const ctx = layer.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(this.#dpr, 0, 0, this.#dpr, 0, 0);
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, this.#width, this.#height);
    ctx.fillStyle = NODE_FILL;
    // One colour, one path: the cheapest way to put many boxes down.
    ctx.beginPath();
    for (const e of this.#scene.allNodes()) {
      const b = boxOnMinimap(this.#transform, e);
      ctx.rect(b.x, b.y, b.w, b.h);
    }
    ctx.fill();
  }
}
