// The keyboard on the map's canvas, for the editor and the public map alike: the canvas takes the
// focus; Tab and Shift+Tab go through the nodes the level shows in reading order, ringing each
// (the renderer's focusedNode) and bringing it into view; past the last (or before the first) the
// focus leaves the canvas as Tab would anywhere; Enter acts on the node. What is said about the
// focused node is the caller's (an aria-live region), told through onFocus.
import type { Renderer } from '../map/render/renderer';
import { readingOrder, shownAtLevel, type ReadingItem } from './readingOrder';
import { coveredSides, revealDelta } from './reveal';

/** The keyboard's node: where it is in the reading order of its level. */
export interface CanvasFocus {
  id: number;
  /** 1-based. */
  position: number;
  count: number;
}

export interface CanvasKeyboardOptions {
  /** Enter on the focused node; answers whether it did something (then the key goes no further). */
  activate: (id: number) => boolean;
  /** The focused node changed (null: the keyboard left the map). */
  onFocus: (focus: CanvasFocus | null) => void;
}

/** Screen pixels kept between a revealed node and the canvas's edge. */
const REVEAL_MARGIN_PX = 48;
/** Marks the panels that float over a map (data-over-map): a node is revealed beside them, not beneath. */
export const OVER_MAP_ATTRIBUTE = 'data-over-map';

export class CanvasKeyboard {
  readonly #element: HTMLElement;
  readonly #renderer: Renderer;
  readonly #options: CanvasKeyboardOptions;
  readonly #offs: (() => void)[] = [];
  /** The node the keyboard is on, kept while the focus is elsewhere (Tab back in resumes there). */
  #current: number | null = null;
  #order: { ids: number[]; level: number; layers: unknown; stamp: number } | null = null;
  #stamp = 0;
  #pointerFocus = false;

  constructor(element: HTMLElement, renderer: Renderer, options: CanvasKeyboardOptions) {
    this.#element = element;
    this.#renderer = renderer;
    this.#options = options;
    this.#offs.push(
      renderer.scene.subscribe(() => {
        this.#stamp++;
      }),
    );
    const on = <K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void) => {
      element.addEventListener(type, fn);
      this.#offs.push(() => {
        element.removeEventListener(type, fn);
      });
    };
    on('keydown', (e) => {
      this.#key(e);
    });
    // A click gives the canvas the focus too, but says nothing of the keyboard: no ring then.
    on('pointerdown', () => {
      this.#pointerFocus = true;
      if (this.#renderer.state.focusedNode !== null) this.#show(null);
    });
    on('focus', (e) => {
      const byPointer = this.#pointerFocus;
      this.#pointerFocus = false;
      if (byPointer) return;
      this.#enter(e.relatedTarget);
    });
    on('blur', () => {
      this.#pointerFocus = false;
      this.#show(null);
      this.#options.onFocus(null);
    });
  }

  /** The node the keyboard is on, or was on when the focus left the canvas. */
  get current(): number | null {
    return this.#current;
  }

  /** The nodes the view's level shows, in reading order (worked out again only after a change). */
  order(): number[] {
    const st = this.#renderer.state;
    const o = this.#order;
    if (o?.level === st.level && o.layers === st.layers && o.stamp === this.#stamp) return o.ids;
    const items: ReadingItem[] = [];
    for (const e of this.#renderer.scene.allNodes()) {
      if (!shownAtLevel(e.node.visibility, st.level, st.layers) || st.hiddenNodes.has(e.id)) continue;
      items.push({
        id: e.id,
        x: (e.minX + e.maxX) / 2,
        y: (e.minY + e.maxY) / 2,
        height: e.maxY - e.minY,
        next_id: e.node.next_id,
        previous_id: e.node.previous_id,
      });
    }
    const ids = readingOrder(items);
    this.#order = { ids, level: st.level, layers: st.layers, stamp: this.#stamp };
    return ids;
  }

  /**
   * Puts the keyboard on a node (the outline view chose it): rung and announced at once when the
   * canvas has the focus, else where Tab into the canvas resumes.
   */
  focusNode(id: number): void {
    this.#current = id;
    if (document.activeElement === this.#element) this.#move(id);
  }

  dispose(): void {
    for (const off of this.#offs) off();
    this.#offs.length = 0;
  }

  #enter(from: EventTarget | null): void {
    const ids = this.order();
    if (ids.length === 0) {
      this.#options.onFocus(null);
      return;
    }
    if (this.#current !== null && ids.includes(this.#current)) {
      this.#move(this.#current);
      return;
    }
    // Shift+Tab from what follows the canvas comes in at the last node.
    const backwards = from instanceof Node && (this.#element.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    const id = backwards ? ids.at(-1) : ids[0];
    if (id !== undefined) this.#move(id);
  }

  #key(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Tab') {
      const ids = this.order();
      const at = this.#current === null ? -1 : ids.indexOf(this.#current);
      const next = at === -1 ? (e.shiftKey ? ids.length - 1 : 0) : at + (e.shiftKey ? -1 : 1);
      // The shown node is not among the level's (another level now): Tab starts over.
      const visible = this.#renderer.state.focusedNode !== null;
      const target = !visible && at !== -1 ? at : next;
      const id = ids[target];
      if (id === undefined) {
        // Past either end the browser moves the focus on; the canvas starts over next time.
        this.#current = null;
        return;
      }
      e.preventDefault();
      this.#move(id);
      return;
    }
    if (e.key === 'Enter' && this.#current !== null && this.#renderer.state.focusedNode === this.#current) {
      if (this.#options.activate(this.#current)) {
        e.preventDefault();
        e.stopPropagation();
      }
    }
  }

  #move(id: number): void {
    this.#current = id;
    this.#show(id);
    this.#reveal(id);
    const ids = this.order();
    const at = ids.indexOf(id);
    this.#options.onFocus({ id, position: at + 1, count: ids.length });
  }

  #show(id: number | null): void {
    if (this.#renderer.state.focusedNode !== id) this.#renderer.setState({ focusedNode: id });
  }

  #reveal(id: number): void {
    const e = this.#renderer.scene.node(id);
    if (!e) return;
    const cam = this.#renderer.camera;
    const view = cam.viewport();
    const panels = [...document.querySelectorAll(`[${OVER_MAP_ATTRIBUTE}]`)].map((p) => p.getBoundingClientRect());
    const covered = coveredSides(this.#element.getBoundingClientRect(), panels);
    view.minX += covered.left / cam.scale;
    view.maxX -= covered.right / cam.scale;
    const { dx, dy } = revealDelta(view, e, REVEAL_MARGIN_PX / cam.scale);
    if (dx === 0 && dy === 0) return;
    cam.panBy(-dx * cam.scale, -dy * cam.scale);
    this.#renderer.render();
  }
}
