// Finding the map's nodes by title and search terms in every language of the map. The index is
// made once per document (the editor makes it again when the document changes), so a keystroke
// only scans flat arrays of folded strings.
import type { Language } from '../../api';
import type { Node } from '../../api/document';

/**
 * Lower case without accents, with the few letters that are written as two folded too:
 * "Müller" and "muller" meet, as "Straße" and "Strasse", "Élément" and "element" do.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l');
}

export interface NodeHit {
  id: number;
  /** The title in the canvas language, else in the first of the map's languages that has one. */
  title: string;
  /** The language the query matched in, when it is not the canvas language. */
  matchedIn: Language | null;
}

/** How well a node matches: a title starting with the query, holding it, then a search term. */
const Rank = { TitleStart: 0, TitleHolds: 1, Term: 2, None: 3 } as const;
type Rank = (typeof Rank)[keyof typeof Rank];

/** Between folded texts joined into one: no query holds it, so no match spans two of them. */
const SEP = '\u0000';

interface Entry {
  id: number;
  title: string;
  /** Per language of the map, in the index's language order: the folded title ("" when none). */
  titles: string[];
  /** Per language: the folded search terms, joined by SEP. */
  terms: string[];
  /** Every folded title and term of the node joined by SEP: most nodes fail one test of it. */
  all: string;
}

/** The entry's best match of q, and the index of the language it is in. */
function rankOf(entry: Entry, q: string): { rank: Rank; lang: number } {
  let found: { rank: Rank; lang: number } = { rank: Rank.None, lang: -1 };
  for (const [i, title] of entry.titles.entries()) {
    if (title.startsWith(q)) return { rank: Rank.TitleStart, lang: i };
    if (found.rank === Rank.None && title.includes(q)) found = { rank: Rank.TitleHolds, lang: i };
  }
  if (found.rank !== Rank.None) return found;
  const lang = entry.terms.findIndex((terms) => terms.includes(q));
  return lang >= 0 ? { rank: Rank.Term, lang } : found;
}

export class NodeSearchIndex {
  readonly #languages: readonly Language[];
  /** Sorted by title, so that a scan meets equally good hits in alphabetical order. */
  readonly #entries: Entry[];

  /** `languages`: the map's languages, the canvas language first. */
  constructor(nodes: Iterable<Node>, languages: readonly Language[]) {
    this.#languages = languages;
    const entries: Entry[] = [];
    for (const node of nodes) {
      const titles: string[] = [];
      const terms: string[] = [];
      let title = '';
      for (const lang of languages) {
        const c = node.content[lang];
        const own = c?.title?.trim() ?? '';
        if (title === '') title = own;
        titles.push(foldText(own));
        terms.push(
          (c?.node_search_terms ?? '')
            .split(',')
            .map((term) => foldText(term.trim()))
            .filter((term) => term !== '')
            .join(SEP),
        );
      }
      entries.push({ id: node.id, title, titles, terms, all: [...titles, ...terms].join(SEP) });
    }
    const collator = new Intl.Collator(languages[0]);
    entries.sort((a, b) => collator.compare(a.title, b.title) || a.id - b.id);
    this.#entries = entries;
  }

  get size(): number {
    return this.#entries.length;
  }

  /** The best `limit` nodes holding the query, best rank first, then by title. */
  search(query: string, limit = 20): NodeHit[] {
    const q = foldText(query.trim());
    if (q === '' || limit <= 0) return [];
    const best: NodeHit[] = [];
    const holding: NodeHit[] = [];
    const byTerm: NodeHit[] = [];
    for (const entry of this.#entries) {
      if (!entry.all.includes(q)) continue;
      const { rank, lang } = rankOf(entry, q);
      const bucket = rank === Rank.TitleStart ? best : rank === Rank.TitleHolds ? holding : rank === Rank.Term ? byTerm : null;
      // The entries come in title order: a full bucket takes no more (later ones sort after).
      if (!bucket || bucket.length >= limit) continue;
      bucket.push({ id: entry.id, title: entry.title, matchedIn: lang > 0 ? (this.#languages[lang] ?? null) : null });
      // Once the best bucket is full nothing better can follow.
      if (best.length >= limit) break;
    }
    return [...best, ...holding, ...byTerm].slice(0, limit);
  }
}
