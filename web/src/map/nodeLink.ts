// Links to a node of a map (?node=N&level=L&lang=X on the editor's or the public map's address):
// read when a page opens, made by "Copy link to node".
import type { Language } from '../api';

export interface NodeLink {
  node: number | null;
  level: number | null;
  lang: Language | null;
}

const positive = (text: string | null): number | null => {
  if (text === null || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The link's parts the map knows: a language it is not in, or a malformed number, is left out. */
export function readNodeLink(params: URLSearchParams, languages: readonly Language[]): NodeLink {
  const lang = params.get('lang');
  return {
    node: positive(params.get('node')),
    level: positive(params.get('level')),
    lang: languages.find((l) => l === lang) ?? null,
  };
}

/** The page's address (origin and path) with the link's parts as its query. */
export function nodeLinkUrl(page: string, link: Partial<NodeLink>): string {
  const url = new URL(page);
  url.search = '';
  if (link.node) url.searchParams.set('node', String(link.node));
  if (link.level) url.searchParams.set('level', String(link.level));
  if (link.lang) url.searchParams.set('lang', link.lang);
  return url.toString();
}

/** The map's languages with the chosen one first (the one the canvas draws). */
export function withFirst(languages: readonly Language[], first: Language | null): Language[] {
  const all = languages.length > 0 ? [...languages] : (['en'] as Language[]);
  return first && all.includes(first) ? [first, ...all.filter((l) => l !== first)] : all;
}
