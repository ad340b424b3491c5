// The map protocol's rows: what a change touched, in a fixed order, and pages put together.
import type { Node } from '../../../api/document';
import type { ProtocolEntry, ProtocolWhat } from '../../../api/publishing';

export type CountKey = 'nodes' | 'edges' | 'templates' | 'removed_nodes' | 'removed_edges' | 'removed_templates' | 'positions';
export type FlagKey = 'map' | 'layers' | 'global_design';

export type WhatPart = { kind: 'count'; key: CountKey; count: number } | { kind: 'flag'; key: FlagKey };

const COUNTS: readonly CountKey[] = ['nodes', 'edges', 'templates', 'removed_nodes', 'removed_edges', 'removed_templates', 'positions'];
const FLAGS: readonly FlagKey[] = ['map', 'layers', 'global_design'];

/** What a change touched: counts above 0, then the parts of the map it changed. */
export function whatParts(what: ProtocolWhat): WhatPart[] {
  const out: WhatPart[] = [];
  for (const key of COUNTS) {
    const count = what[key];
    if (typeof count === 'number' && count > 0) out.push({ kind: 'count', key, count });
  }
  for (const key of FLAGS) if (what[key] === true) out.push({ kind: 'flag', key });
  return out;
}

/**
 * A node's title as the reader of the protocol should see it: in the first of their languages
 * (the canvas's, then the interface's) the node has one in, else in any; '' when it has none.
 */
export function titleIn(node: Pick<Node, 'content'>, languages: readonly (string | undefined)[]): string {
  const content = node.content as Partial<Record<string, { title?: string }>>;
  for (const lang of languages) {
    const own = lang ? content[lang]?.title?.trim() : undefined;
    if (own) return own;
  }
  for (const c of Object.values(content)) {
    const any = c?.title?.trim();
    if (any) return any;
  }
  return '';
}

/**
 * The node titles a change names, without empty ones: a node that still exists by its current
 * title in the reader's languages (the change recorded it in the map's first language, as it was
 * then); a removed one as the change recorded it.
 */
export function titlesOf(
  what: ProtocolWhat,
  nodeNow: (id: number) => Pick<Node, 'content'> | undefined = () => undefined,
  languages: readonly (string | undefined)[] = [],
): string[] {
  return (what.titles ?? [])
    .map((recorded, i) => {
      const id = what.node_ids?.[i];
      const node = id === undefined ? undefined : nodeNow(id);
      const now = node ? titleIn(node, languages) : '';
      return now !== '' ? now : recorded.trim();
    })
    .filter((t) => t !== '');
}

/** An older page after the rows shown: newest first, each revision once. */
export function appendPage(shown: readonly ProtocolEntry[], page: readonly ProtocolEntry[]): ProtocolEntry[] {
  const seen = new Set(shown.map((e) => e.revision));
  return [...shown, ...page.filter((e) => !seen.has(e.revision))].sort((a, b) => b.revision - a.revision);
}

/** Taking the live version down is written as map_published without a version. */
export function takenDown(entry: Pick<ProtocolEntry, 'type' | 'version'>): boolean {
  return entry.type === 'map_published' && entry.version === null;
}
