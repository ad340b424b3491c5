// Finding nodes of the public map by their titles and search terms, in the reader's languages.
import type { Language } from '../api';
import type { Node } from '../api/document';

export interface SearchHit {
  id: number;
  title: string;
}

/** Lower case without accents: "Übersicht" and "ubersicht" meet, as "Élément" and "element" do. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The first title a node has in the languages given, in their order. */
export function titleIn(node: Node, languages: readonly Language[]): string {
  for (const lang of languages) {
    const title = node.content[lang]?.title?.trim();
    if (title) return title;
  }
  return '';
}

/**
 * Nodes whose title or search terms (in any of the languages) hold the query: titles that start
 * with it first, then titles that hold it, then search terms; at most `limit`.
 */
export function searchNodes(nodes: Iterable<Node>, query: string, languages: readonly Language[], limit = 10): SearchHit[] {
  const q = foldText(query.trim());
  if (q === '') return [];
  const ranked: { hit: SearchHit; rank: number }[] = [];
  for (const node of nodes) {
    if (node.visibility.hidden) continue;
    let rank = Infinity;
    for (const lang of languages) {
      const c = node.content[lang];
      if (!c) continue;
      const title = foldText(c.title ?? '');
      if (title.startsWith(q)) rank = Math.min(rank, 0);
      else if (title.includes(q)) rank = Math.min(rank, 1);
      else if ((c.node_search_terms ?? '').split(',').some((term) => foldText(term.trim()).includes(q))) rank = Math.min(rank, 2);
    }
    if (rank === Infinity) continue;
    const title = titleIn(node, languages);
    if (title === '') continue;
    ranked.push({ hit: { id: node.id, title }, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.hit.title.localeCompare(b.hit.title));
  return ranked.slice(0, limit).map((r) => r.hit);
}
