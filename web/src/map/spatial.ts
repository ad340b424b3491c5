// A spatial index over node and edge bounds (an R-tree, rbush), so that a frame and a pointer
// query touch only what is near instead of every element of a large map.
import RBush from 'rbush';

/** An axis-aligned box in world coordinates (rbush's shape, so entries are their own boxes). */
export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function boundsIntersect(a: Bounds, b: Bounds): boolean {
  return a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;
}

/**
 * Items are indexed by their own minX..maxY fields. rbush finds an item to remove by those
 * fields, so an item's bounds must only change through update().
 */
export class SpatialIndex<T extends Bounds> {
  private tree = new RBush<T>(16);
  private readonly probe: Bounds = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Replaces the contents; bulk loading builds a better tree than inserting one by one. */
  load(items: readonly T[]): void {
    this.tree.clear();
    this.tree.load(items);
    this.count = items.length;
  }

  insert(item: T): void {
    this.tree.insert(item);
    this.count++;
  }

  remove(item: T): void {
    this.tree.remove(item);
    this.count--;
  }

  /** Moves an item: out under its old bounds, changed, back in under its new ones. */
  update(item: T, change: (item: T) => void): void {
    this.tree.remove(item);
    change(item);
    this.tree.insert(item);
  }

  clear(): void {
    this.tree.clear();
    this.count = 0;
  }

  search(rect: Bounds): T[] {
    return this.tree.search(rect);
  }

  /** Items whose bounds lie within pad of the point. */
  searchPoint(x: number, y: number, pad = 0): T[] {
    const p = this.probe;
    p.minX = x - pad;
    p.minY = y - pad;
    p.maxX = x + pad;
    p.maxY = y + pad;
    return this.tree.search(p);
  }

  any(rect: Bounds): boolean {
    return this.tree.collides(rect);
  }
}
