// Other editors' drags, shown on the canvas until the move is stored: each node at the last
// position its dragger sent, dropped once nothing came for a while (the dragger may have gone).
import type { NodePosition, Point } from '../../api/document';

export const REMOTE_DRAG_STALE_MS = 2000;

export class RemoteDrags {
  readonly #drags = new Map<number, { center: Point; at: number }>();
  readonly #onDropped: (ids: number[]) => void;
  readonly #staleMs: number;
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** `onDropped` names the nodes whose stale drags were dropped, to be drawn again. */
  constructor(onDropped: (ids: number[]) => void, staleMs = REMOTE_DRAG_STALE_MS) {
    this.#onDropped = onDropped;
    this.#staleMs = staleMs;
  }

  center(id: number): Point | undefined {
    return this.#drags.get(id)?.center;
  }

  /** Takes the positions `accept` lets through (well-formed ones only); answers their ids. */
  show(positions: readonly NodePosition[], accept: (id: number) => boolean): number[] {
    const now = Date.now();
    const ids: number[] = [];
    for (const p of positions) {
      if (typeof p.id !== 'number' || typeof p.center.x !== 'number' || typeof p.center.y !== 'number') continue;
      if (!accept(p.id)) continue;
      this.#drags.set(p.id, { center: { x: p.center.x, y: p.center.y }, at: now });
      ids.push(p.id);
    }
    if (this.#drags.size > 0) this.#schedule();
    return ids;
  }

  /** A stored position replaces the drag of that node. */
  forget(id: number): void {
    this.#drags.delete(id);
  }

  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#drags.clear();
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#dropStale();
    }, this.#staleMs);
  }

  #dropStale(): void {
    const now = Date.now();
    const stale = [...this.#drags].filter(([, d]) => now - d.at >= this.#staleMs).map(([id]) => id);
    for (const id of stale) this.#drags.delete(id);
    if (stale.length > 0) this.#onDropped(stale);
    if (this.#drags.size > 0) this.#schedule();
  }
}
