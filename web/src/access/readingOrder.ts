// The order a keyboard or a screen reader goes through the nodes a level shows: the authors'
// next/previous links where they set them, else the page's reading order — rows from top to
// bottom, each from left to right. Plain data in, ids out, so that it is tested without a canvas.
import type { Layer, Visibility } from '../api/document';

/** A node as the order reads it: its centre and height on the map, and its links. */
export interface ReadingItem {
  id: number;
  x: number;
  y: number;
  height: number;
  next_id: number | null;
  previous_id: number | null;
}

/** Whether a node shows at a level: in its range, not hidden, on a level that is not hidden. */
export function shownAtLevel(v: Visibility, level: number, layers: readonly Layer[]): boolean {
  return !v.hidden && v.min_level <= level && level <= v.max_level && layers[level - 1]?.hidden !== true;
}

/**
 * Rows from top to bottom, each from left to right. A row is begun by the highest node left; a
 * node whose centre lies within that node's height joins it, so that nodes laid out on one line
 * read as one even when they are not exactly level.
 */
export function positionOrder(items: readonly ReadingItem[]): ReadingItem[] {
  const byY = [...items].sort((a, b) => a.y - b.y || a.x - b.x || a.id - b.id);
  const out: ReadingItem[] = [];
  let i = 0;
  for (let first = byY[0]; first !== undefined; first = byY[i]) {
    const bottom = first.y + Math.max(1, first.height / 2);
    let j = i + 1;
    while ((byY[j]?.y ?? Infinity) <= bottom) j++;
    out.push(...byY.slice(i, j).sort((a, b) => a.x - b.x || a.y - b.y || a.id - b.id));
    i = j;
  }
  return out;
}

/**
 * The reading order: in position order, and wherever a node is linked to others by next/previous,
 * its whole chain from its first node, at the place of the first of them the position order meets.
 * Links to nodes not among the items (another level, hidden) are passed over; a cycle is read
 * once, from where it is met.
 */
export function readingOrder(items: readonly ReadingItem[]): number[] {
  const byId = new Map(items.map((it) => [it.id, it]));
  const ordered = positionOrder(items);
  // Links read both ways: a node's next is its next_id, else the node naming it as previous.
  const nextOf = new Map<number, number>();
  const previousOf = new Map<number, number>();
  for (const it of ordered) {
    if (it.next_id !== null && it.next_id !== it.id && byId.has(it.next_id)) nextOf.set(it.id, it.next_id);
    if (it.previous_id !== null && it.previous_id !== it.id && byId.has(it.previous_id)) previousOf.set(it.id, it.previous_id);
  }
  for (const it of ordered) {
    const prev = previousOf.get(it.id);
    if (prev !== undefined && !nextOf.has(prev)) nextOf.set(prev, it.id);
  }
  for (const [from, to] of nextOf) if (!previousOf.has(to)) previousOf.set(to, from);

  const done = new Set<number>();
  const out: number[] = [];
  for (const it of ordered) {
    if (done.has(it.id)) continue;
    // Back to the chain's first node not read yet (a cycle stops where it began).
    let head = it.id;
    const walked = new Set([head]);
    for (let p = previousOf.get(head); p !== undefined && !done.has(p); p = previousOf.get(p)) {
      if (walked.has(p)) {
        head = it.id;
        break;
      }
      walked.add(p);
      head = p;
    }
    for (let n: number | undefined = head; n !== undefined && !done.has(n); n = nextOf.get(n)) {
      done.add(n);
      out.push(n);
    }
    // A node reached only through a link whose chain is already read continues the order here.
    if (!done.has(it.id)) {
      done.add(it.id);
      out.push(it.id);
    }
  }
  return out;
}
