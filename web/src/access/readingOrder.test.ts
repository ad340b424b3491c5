import { describe, expect, it } from 'vitest';
import { positionOrder, readingOrder, shownAtLevel, type ReadingItem } from './readingOrder';

function item(id: number, x: number, y: number, links: Partial<Pick<ReadingItem, 'next_id' | 'previous_id'>> = {}): ReadingItem {
  return { id, x, y, height: 40, next_id: null, previous_id: null, ...links };
}

describe('position order', () => {
  it('reads rows from top to bottom, each from left to right', () => {
    const items = [item(1, 300, 0), item(2, 100, 200), item(3, 100, 0), item(4, 200, 5), item(5, 0, 400)];
    expect(positionOrder(items).map((i) => i.id)).toEqual([3, 4, 1, 2, 5]);
  });

  it('takes a node into a row while its centre is within the first node’s height', () => {
    // 4 is 19 below the row's first node (half its height is 20): same row, read before 1.
    const items = [item(1, 300, 0), item(4, 200, 19), item(2, 100, 21)];
    expect(positionOrder(items).map((i) => i.id)).toEqual([4, 1, 2]);
  });

  it('orders equal places by id, so that the order is stable', () => {
    expect(positionOrder([item(2, 0, 0), item(1, 0, 0)]).map((i) => i.id)).toEqual([1, 2]);
  });
});

describe('reading order', () => {
  it('is the position order without links', () => {
    expect(readingOrder([item(1, 200, 0), item(2, 0, 0), item(3, 0, 100)])).toEqual([2, 1, 3]);
  });

  it('follows next links from the chain’s first node, where the position order meets the chain', () => {
    // Positions: 1 2 3 / 4. Links: 3 → 1 → 4. Reading: 2 first, then the chain from 3.
    const items = [item(1, 100, 0, { next_id: 4 }), item(2, 0, 0), item(3, 200, 0, { next_id: 1 }), item(4, 0, 100)];
    expect(readingOrder(items)).toEqual([2, 3, 1, 4]);
  });

  it('reads previous links as the way back of a chain', () => {
    // 1's previous is 3: 3 comes right before 1.
    const items = [item(1, 0, 0, { previous_id: 3 }), item(2, 100, 0), item(3, 200, 0)];
    expect(readingOrder(items)).toEqual([3, 1, 2]);
  });

  it('passes over links to nodes that are not shown', () => {
    const items = [item(1, 0, 0, { next_id: 99 }), item(2, 100, 0, { previous_id: 98 })];
    expect(readingOrder(items)).toEqual([1, 2]);
  });

  it('reads a cycle once, from where the position order meets it', () => {
    const items = [item(1, 200, 0, { next_id: 2 }), item(2, 100, 0, { next_id: 3 }), item(3, 0, 0, { next_id: 1 })];
    expect(readingOrder(items)).toEqual([3, 1, 2]);
  });

  it('keeps a node whose previous link is overruled by another node’s next link', () => {
    // 1 → 2 by next; 3 names 1 as previous too: 3 still comes, after the chain.
    const items = [item(1, 0, 0, { next_id: 2 }), item(2, 0, 100), item(3, 100, 0, { previous_id: 1 })];
    const order = readingOrder(items);
    expect(order.slice(0, 2)).toEqual([1, 2]);
    expect([...order].sort()).toEqual([1, 2, 3]);
  });

  it('orders 20,000 nodes quickly', { timeout: 30_000 }, () => {
    const items = Array.from({ length: 20000 }, (_, i) => item(i + 1, (i * 7919) % 5000, (i * 104729) % 5000));
    const t0 = performance.now();
    expect(readingOrder(items)).toHaveLength(20000);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});

describe('shown at a level', () => {
  const v = { min_level: 2, max_level: 3, hidden: false };
  it('answers the node’s range, its hidden flag and the level’s', () => {
    expect(shownAtLevel(v, 1, [])).toBe(false);
    expect(shownAtLevel(v, 2, [])).toBe(true);
    expect(shownAtLevel({ ...v, hidden: true }, 2, [])).toBe(false);
    expect(
      shownAtLevel(v, 2, [
        { id: 1, hidden: false, locked: false },
        { id: 2, hidden: true, locked: false },
      ]),
    ).toBe(false);
  });
});
