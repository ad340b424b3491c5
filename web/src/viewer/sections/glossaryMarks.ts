// The glossary in node content: every occurrence of a term, or of one of its alternatives or
// synonyms, is marked where the reader can ask for its definition. Marking works on the
// sanitised DOM (text nodes only), so that it never reaches into a tag, an attribute or a link.
import type { Language } from '../../api';
import type { Glossary } from '../../api/sections';
import { textIn } from './readerSections';

/** A glossary term in the reader's language, with the words that stand for it. */
export interface GlossaryEntry {
  /** Its place in the glossary's list (as the server keeps it). */
  index: number;
  term: string;
  /** Rich text, to be sanitised before it is shown. */
  definition: string;
  words: string[];
}

/** Alternatives and synonyms are separated by semicolons. */
function splitWords(list: string): string[] {
  return list
    .split(';')
    .map((w) => w.trim())
    .filter((w) => w !== '');
}

/** The glossary's terms in the reader's languages, A–Z in the first of them. */
export function glossaryEntries(glossary: Glossary | null, languages: readonly Language[]): GlossaryEntry[] {
  if (!glossary) return [];
  const entries: GlossaryEntry[] = [];
  glossary.terms.forEach((t, index) => {
    const term = textIn(t.term, languages);
    if (!term) return;
    const words = [term, ...splitWords(textIn(t.alternatives, languages)), ...splitWords(textIn(t.synonyms, languages))];
    entries.push({ index, term, definition: textIn(t.definition, languages), words });
  });
  const collator = new Intl.Collator(languages[0] ?? 'en', { sensitivity: 'base' });
  return entries.sort((a, b) => collator.compare(a.term, b.term));
}

/** The letter a term is listed under in the index (A–Z, with accents folded; "#" for others). */
export function indexLetter(term: string): string {
  const first = term.normalize('NFD').charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A word character in any script: letters, digits, combining marks. */
const WORD = '[\\p{L}\\p{N}\\p{M}_]';
/** Where no marking goes: links and controls keep their own meaning, code is literal. */
const SKIP = new Set(['A', 'BUTTON', 'CODE', 'PRE', 'SCRIPT', 'STYLE', 'TEXTAREA', 'SELECT', 'OPTION']);

export class GlossaryMatcher {
  private readonly pattern: RegExp | null;
  private readonly byWord = new Map<string, number>();

  constructor(entries: readonly GlossaryEntry[]) {
    for (const e of entries) {
      for (const w of e.words) {
        const key = w.toLocaleLowerCase();
        // A word two terms claim goes to the first in the list.
        if (!this.byWord.has(key)) this.byWord.set(key, e.index);
      }
    }
    // Longest first: at one place, "climate change" wins over "climate".
    const words = [...this.byWord.keys()].sort((a, b) => b.length - a.length);
    this.pattern = words.length === 0 ? null : new RegExp(`(?<!${WORD})(?:${words.map(escapeRegExp).join('|')})(?!${WORD})`, 'giu');
  }

  /** The term a word found in the text stands for. */
  termOf(word: string): number | undefined {
    return this.byWord.get(word.toLocaleLowerCase());
  }

  /** The occurrences in a text: where they start and end, and their term. */
  find(text: string): { start: number; end: number; term: number }[] {
    if (!this.pattern) return [];
    const found: { start: number; end: number; term: number }[] = [];
    for (const m of text.matchAll(this.pattern)) {
      const term = this.termOf(m[0]);
      if (term !== undefined) found.push({ start: m.index, end: m.index + m[0].length, term });
    }
    return found;
  }

  get empty(): boolean {
    return this.pattern === null;
  }
}

/** Is the text node inside something marking must keep out of? */
function skipped(node: Node, root: Node): boolean {
  for (let el = node.parentNode; el && el !== root; el = el.parentNode) {
    if (el instanceof Element && (SKIP.has(el.tagName) || el.hasAttribute('data-glossary'))) return true;
  }
  return false;
}

/**
 * Wraps each occurrence in the content under `root` in a button naming its term
 * (data-glossary = the term's index). Answers how many were marked.
 */
export function markGlossary(root: Node, matcher: GlossaryMatcher): number {
  if (matcher.empty) return 0;
  const doc = root.ownerDocument ?? (root as Document);
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n instanceof Text && !skipped(n, root)) texts.push(n);
  }
  let marked = 0;
  for (const node of texts) {
    const text = node.data;
    const found = matcher.find(text);
    if (found.length === 0) continue;
    const parts = doc.createDocumentFragment();
    let at = 0;
    for (const f of found) {
      if (f.start > at) parts.append(text.slice(at, f.start));
      const mark = doc.createElement('button');
      mark.type = 'button';
      mark.className = 'glossary-term';
      mark.setAttribute('data-glossary', String(f.term));
      mark.textContent = text.slice(f.start, f.end);
      parts.append(mark);
      at = f.end;
      marked++;
    }
    if (at < text.length) parts.append(text.slice(at));
    node.replaceWith(parts);
  }
  return marked;
}
