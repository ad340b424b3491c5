// The table of contents' form (account-area §3): entries in reading order, each at a depth of 1–4
// at most one below the entry before it, pointing at a node and a zoom level. Every edit here
// keeps that rule, so that what is sent is a contents the server takes.
import type { Node } from '../../../api/document';
import type { Toc } from '../../../api/sections';
import type { Language } from '../../../api/types';

export type TocEntry = Toc['entries'][number];

export const TOC_MAX_DEPTH = 4;

/** The deepest an entry at `index` may be: one below the entry before it, the first at the top. */
export function maxDepthAt(entries: readonly TocEntry[], index: number): number {
  const before = index > 0 ? entries[index - 1] : undefined;
  return before ? Math.min(TOC_MAX_DEPTH, before.depth + 1) : 1;
}

/** Why a depth cannot be set at `index`, or null when it can. */
export function depthProblem(entries: readonly TocEntry[], index: number, depth: number): { max: number } | null {
  const max = maxDepthAt(entries, index);
  return depth >= 1 && depth <= max ? null : { max };
}

/**
 * The entries with the entry at `index` at `depth`; the entries after it that would then lie more
 * than one level below their predecessor move up with it (its sub-entries follow it). Null when the
 * depth is not allowed there.
 */
export function setDepth(entries: readonly TocEntry[], index: number, depth: number): TocEntry[] | null {
  if (depthProblem(entries, index, depth)) return null;
  const next = entries.map((e, i) => (i === index ? { ...e, depth } : e));
  return fitDepths(next);
}

/** The entry at `index` with its sub-entries one level deeper, or null when one would pass level 4. */
export function indent(entries: readonly TocEntry[], index: number): TocEntry[] | null {
  const entry = entries[index];
  if (!entry || entry.depth + 1 > maxDepthAt(entries, index)) return null;
  const end = subtreeEnd(entries, index);
  if (entries.slice(index, end).some((e) => e.depth >= TOC_MAX_DEPTH)) return null;
  return entries.map((e, i) => (i >= index && i < end ? { ...e, depth: e.depth + 1 } : e));
}

/** The entry at `index` with its sub-entries one level higher, or null at the top level. */
export function outdent(entries: readonly TocEntry[], index: number): TocEntry[] | null {
  const entry = entries[index];
  if (!entry || entry.depth <= 1) return null;
  const end = subtreeEnd(entries, index);
  return entries.map((e, i) => (i >= index && i < end ? { ...e, depth: e.depth - 1 } : e));
}

/** Where the sub-entries of the entry at `index` end (the first index after them). */
function subtreeEnd(entries: readonly TocEntry[], index: number): number {
  const depth = entries[index]?.depth ?? 0;
  let end = index + 1;
  while (end < entries.length && (entries[end]?.depth ?? 0) > depth) end++;
  return end;
}

/** Each entry at most one level below the one before it (the first at the top): depths that break it are lowered. */
export function fitDepths(entries: readonly TocEntry[]): TocEntry[] {
  let prev = 0;
  return entries.map((e) => {
    const depth = Math.max(1, Math.min(e.depth, prev + 1, TOC_MAX_DEPTH));
    prev = depth;
    return depth === e.depth ? e : { ...e, depth };
  });
}

/** The entries with one moved from `from` to `to` (dragging, or the move buttons); depths are fitted again. */
export function moveEntry(entries: readonly TocEntry[], from: number, to: number): TocEntry[] {
  if (from === to || from < 0 || to < 0 || from >= entries.length || to >= entries.length) return [...entries];
  const next = [...entries];
  next.splice(to, 0, ...next.splice(from, 1));
  return fitDepths(next);
}

export function removeEntry(entries: readonly TocEntry[], index: number): TocEntry[] {
  return fitDepths(entries.filter((_, i) => i !== index));
}

/** A new entry at the end for a node: at the depth of the last entry, titled as the node is. */
export function newEntry(entries: readonly TocEntry[], node: Node, languages: readonly Language[], zoomLevel: number): TocEntry {
  const title: TocEntry['title'] = {};
  for (const l of languages) {
    const t = node.content[l]?.title?.trim();
    if (t) title[l] = t;
  }
  const depth = entries.at(-1)?.depth ?? 1;
  return { title, depth, node_id: node.id, zoom_level: zoomLevel };
}

/** A node's title for a picker: in the language asked, else the first it has. */
export function nodeTitle(node: Node, lang: Language): string {
  const own = node.content[lang]?.title?.trim();
  if (own) return own;
  return (
    Object.values(node.content)
      .find((c) => c.title?.trim())
      ?.title?.trim() ?? ''
  );
}

/** Folded for search: lower case, without accents. */
function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface NodeChoice {
  id: number;
  title: string;
}

/** The stored nodes whose title holds the query (any case, any accents), by title, at most `limit`. */
export function nodeChoices(nodes: readonly Node[], lang: Language, query: string, limit = 50): NodeChoice[] {
  const q = fold(query.trim());
  return nodes
    .filter((n) => n.id > 0)
    .map((n) => ({ id: n.id, title: nodeTitle(n, lang) }))
    .filter((c) => c.title !== '' && fold(c.title).includes(q))
    .sort((a, b) => a.title.localeCompare(b.title, lang) || a.id - b.id)
    .slice(0, limit);
}
