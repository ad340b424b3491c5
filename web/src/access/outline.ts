// The outline view's model: the map's nodes grouped by the level they first show on, each group in
// reading order, each node with its edges ("→ target", "← source") below it; flattened into the
// rows a virtual list shows, only for what is expanded, so that 20,000 nodes stay quick.
import type { Scene } from '../map/render/scene';
import { readingOrder, type ReadingItem } from './readingOrder';

export interface OutlineEdge {
  edge: number;
  /** The node at the edge's other end, and its title ('' when it has none). */
  other: number;
  otherTitle: string;
  /** From this node to the other. */
  out: boolean;
}

export interface OutlineEntry extends ReadingItem {
  title: string;
  /** The first level the node shows on: its group. */
  level: number;
  edges: OutlineEdge[];
}

export interface OutlineGroup {
  level: number;
  entries: OutlineEntry[];
  /** The entries in reading order, worked out when the group is first expanded. */
  ordered: OutlineEntry[] | null;
}

interface RowBase {
  key: string;
  /** aria-level, aria-setsize and aria-posinset: the tree's shape, as not every row is in the DOM. */
  depth: 1 | 2 | 3;
  setSize: number;
  posInSet: number;
  parent: string | null;
}
export type OutlineRow =
  | (RowBase & { kind: 'level'; level: number; count: number; expanded: boolean })
  | (RowBase & { kind: 'node'; id: number; title: string; expanded: boolean | null })
  | (RowBase & { kind: 'edge'; edge: number; node: number; other: number; title: string; out: boolean });

export const levelKey = (level: number) => `L${level}`;
export const nodeKey = (id: number) => `N${id}`;

/** The outline's entries from a scene: titles as the canvas shows them (its language). */
export function outlineEntries(scene: Scene, levels: number, includeHidden: boolean): OutlineEntry[] {
  const out: OutlineEntry[] = [];
  for (const e of scene.allNodes()) {
    const v = e.node.visibility;
    if (v.hidden && !includeHidden) continue;
    const edges: OutlineEdge[] = [];
    for (const edge of e.edges) {
      if (!edge.from || !edge.to || (edge.edge.visibility.hidden && !includeHidden)) continue;
      const out = edge.from === e;
      const other = out ? edge.to : edge.from;
      edges.push({ edge: edge.id, other: other.id, otherTitle: other.titleText, out });
    }
    edges.sort((a, b) => Number(b.out) - Number(a.out) || a.otherTitle.localeCompare(b.otherTitle) || a.edge - b.edge);
    out.push({
      id: e.id,
      x: (e.minX + e.maxX) / 2,
      y: (e.minY + e.maxY) / 2,
      height: e.maxY - e.minY,
      next_id: e.node.next_id,
      previous_id: e.node.previous_id,
      title: e.titleText,
      level: Math.min(Math.max(1, v.min_level), Math.max(1, levels)),
      edges,
    });
  }
  return out;
}

/** One group per level that has nodes, in level order. */
export function outlineGroups(entries: readonly OutlineEntry[]): OutlineGroup[] {
  const byLevel = new Map<number, OutlineEntry[]>();
  for (const e of entries) {
    const list = byLevel.get(e.level);
    if (list) list.push(e);
    else byLevel.set(e.level, [e]);
  }
  return [...byLevel.entries()].sort(([a], [b]) => a - b).map(([level, list]) => ({ level, entries: list, ordered: null }));
}

function ordered(group: OutlineGroup): OutlineEntry[] {
  if (!group.ordered) {
    const byId = new Map(group.entries.map((e) => [e.id, e]));
    group.ordered = readingOrder(group.entries).flatMap((id) => byId.get(id) ?? []);
  }
  return group.ordered;
}

/** The rows shown: every group, and within the expanded ones their nodes, and their edges. */
export function outlineRows(groups: readonly OutlineGroup[], expanded: ReadonlySet<string>): OutlineRow[] {
  const rows: OutlineRow[] = [];
  groups.forEach((g, gi) => {
    const lk = levelKey(g.level);
    const open = expanded.has(lk);
    rows.push({
      kind: 'level',
      key: lk,
      depth: 1,
      setSize: groups.length,
      posInSet: gi + 1,
      parent: null,
      level: g.level,
      count: g.entries.length,
      expanded: open,
    });
    if (!open) return;
    const list = ordered(g);
    list.forEach((n, ni) => {
      const nk = nodeKey(n.id);
      const nodeOpen = n.edges.length === 0 ? null : expanded.has(nk);
      rows.push({
        kind: 'node',
        key: nk,
        depth: 2,
        setSize: list.length,
        posInSet: ni + 1,
        parent: lk,
        id: n.id,
        title: n.title,
        expanded: nodeOpen,
      });
      if (!nodeOpen) return;
      n.edges.forEach((e, ei) => {
        rows.push({
          kind: 'edge',
          key: `E${e.edge}:${n.id}`,
          depth: 3,
          setSize: n.edges.length,
          posInSet: ei + 1,
          parent: nk,
          edge: e.edge,
          node: n.id,
          other: e.other,
          title: e.otherTitle,
          out: e.out,
        });
      });
    });
  });
  return rows;
}

/** Where a key moves the active row in the tree (WAI-ARIA tree pattern); null: nowhere. */
export type OutlineMove = { to: number } | { toggle: string } | null;

export function outlineKey(rows: readonly OutlineRow[], active: number, key: string): OutlineMove {
  const row = rows[active];
  if (!row) return rows.length > 0 ? { to: 0 } : null;
  const expandable = row.kind === 'level' || (row.kind === 'node' && row.expanded !== null);
  const isOpen = row.kind === 'level' ? row.expanded : row.kind === 'node' ? row.expanded === true : false;
  switch (key) {
    case 'ArrowDown':
      return active + 1 < rows.length ? { to: active + 1 } : null;
    case 'ArrowUp':
      return active > 0 ? { to: active - 1 } : null;
    case 'Home':
      return { to: 0 };
    case 'End':
      return { to: rows.length - 1 };
    case 'ArrowRight':
      if (expandable && !isOpen) return { toggle: row.key };
      if (expandable && isOpen && active + 1 < rows.length) return { to: active + 1 };
      return null;
    case 'ArrowLeft': {
      if (expandable && isOpen) return { toggle: row.key };
      if (row.parent === null) return null;
      const parent = rows.findLastIndex((r, i) => i < active && r.key === row.parent);
      return parent >= 0 ? { to: parent } : null;
    }
    default:
      return null;
  }
}
