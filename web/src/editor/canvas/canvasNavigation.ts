// Moving the editor's view without touching the map: the wheel (pan or zoom, wheelIntent), a pan
// with the middle button or with Space held, and the zoom commands (fit a selection, 100 %).
// The canvas controller hands it the events; the gestures it starts run as the controller's pans.
import type { Point } from '../../api/document';
import { wheelIntent, wheelZoomsSetting, type Bounds, type Renderer, type Scene } from '../../map';

/** Padding around what a zoom fits, in screen pixels. */
const FIT_PADDING_PX = 60;
/** A selection of one small node is not blown up past this scale. */
const MAX_FIT_SCALE = 2;

/** What has the keyboard focus, as far as Space is concerned. */
export interface FocusedElement {
  tagName: string;
  isContentEditable: boolean;
  getAttribute(name: string): string | null;
}

const SPACE_USERS = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A', 'SUMMARY', 'OPTION']);
const SPACE_ROLES = new Set(['button', 'checkbox', 'menuitem', 'option', 'radio', 'switch', 'tab', 'textbox', 'combobox']);

/**
 * Whether Space held is the map's (a pan) rather than the focused element's: a field types it,
 * a button or link is pressed by it; on the page or the canvas it would only scroll the page.
 */
export function spaceIsForTheMap(focused: FocusedElement | null): boolean {
  if (!focused) return true;
  if (focused.isContentEditable || SPACE_USERS.has(focused.tagName.toUpperCase())) return false;
  const role = focused.getAttribute('role');
  return role === null || !SPACE_ROLES.has(role);
}

/** The bounds of the given nodes in the scene, or null when none of them is in it. */
export function boundsOfNodes(scene: Pick<Scene, 'node'>, ids: readonly number[]): Bounds | null {
  let b: Bounds | null = null;
  for (const id of ids) {
    const e = scene.node(id);
    if (!e) continue;
    b = b
      ? { minX: Math.min(b.minX, e.minX), minY: Math.min(b.minY, e.minY), maxX: Math.max(b.maxX, e.maxX), maxY: Math.max(b.maxY, e.maxY) }
      : { minX: e.minX, minY: e.minY, maxX: e.maxX, maxY: e.maxY };
  }
  return b;
}

export class CanvasNavigation {
  readonly #canvas: HTMLCanvasElement;
  readonly #renderer: Renderer;
  readonly #offs: (() => void)[] = [];
  #spaceHeld = false;
  /** Whether a pan the navigation started is running (its cursor is "grabbing"). */
  #panning = false;

  constructor(canvas: HTMLCanvasElement, renderer: Renderer) {
    this.#canvas = canvas;
    this.#renderer = renderer;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.code !== 'Space' || e.ctrlKey || e.metaKey || e.altKey) return;
      if (document.querySelector('dialog[open]')) return;
      if (!spaceIsForTheMap(e.target instanceof HTMLElement ? e.target : null)) return;
      // The page must not scroll while Space is held for a pan.
      e.preventDefault();
      if (!this.#spaceHeld) {
        this.#spaceHeld = true;
        this.#showCursor();
      }
    };
    const release = () => {
      if (!this.#spaceHeld) return;
      this.#spaceHeld = false;
      this.#showCursor();
    };
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.code === 'Space') release();
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    // Space let go in another window never arrives here.
    window.addEventListener('blur', release);
    this.#offs.push(() => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', release);
    });
  }

  get spaceHeld(): boolean {
    return this.#spaceHeld;
  }

  /** The cursor the canvas shows while hovering, when navigation has one to say ("grab"). */
  get hoverCursor(): string | null {
    return this.#panning ? 'grabbing' : this.#spaceHeld ? 'grab' : null;
  }

  /** Whether a pointer press is a pan: the middle button, or the left one with Space held. */
  startsPan(e: PointerEvent): boolean {
    if (e.pointerType === 'touch') return false;
    const pans = e.button === 1 || (e.button === 0 && this.#spaceHeld);
    // The middle button's own meaning (autoscroll, paste on Linux) is not wanted on the map.
    if (pans) e.preventDefault();
    return pans;
  }

  /** A pan started by startsPan runs (true) or ended (false). */
  setPanning(panning: boolean): void {
    this.#panning = panning;
    this.#showCursor();
  }

  /** A wheel event on the canvas at a point (CSS pixels from its top-left). */
  wheel(e: WheelEvent, at: Point): void {
    e.preventDefault();
    const intent = wheelIntent(e, { wheelZooms: wheelZoomsSetting.get() });
    const cam = this.#renderer.camera;
    if (intent.kind === 'pan') cam.panBy(intent.dx, intent.dy);
    else cam.zoomAt(intent.factor, at.x, at.y);
    this.#renderer.render();
  }

  /** Fits the view to the bounds (not past 200 % for a small selection); false when there are none. */
  zoomToBounds(bounds: Bounds | null): boolean {
    if (!bounds) return false;
    const cam = this.#renderer.camera;
    cam.fitBounds(bounds, FIT_PADDING_PX);
    if (cam.scale > MAX_FIT_SCALE) cam.setScale(MAX_FIT_SCALE);
    this.#renderer.render();
    return true;
  }

  /** Zooms to a scale about the view's centre (1 is 100 %). */
  zoomTo(scale: number): void {
    this.#renderer.camera.setScale(scale);
    this.#renderer.render();
  }

  /** Centres the view on a world point, keeping the zoom (the minimap moves the view so). */
  centerOn(world: Point): void {
    this.#renderer.camera.centerOn(world.x, world.y);
    this.#renderer.render();
  }

  dispose(): void {
    for (const off of this.#offs) off();
  }

  #showCursor(): void {
    const c = this.hoverCursor;
    if (c !== null) this.#canvas.style.cursor = c;
    else if (this.#canvas.style.cursor === 'grab' || this.#canvas.style.cursor === 'grabbing') this.#canvas.style.cursor = '';
  }
}
