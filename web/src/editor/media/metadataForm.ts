// An asset's metadata as the details form edits it: every field as typed text (lists as
// comma-separated words), checked before it is sent, and turned back into the metadata the API
// takes. Dates are typed as the spec writes them, YYYY-MM-DD HH:MM:SS.
import type { MediaContainer, MediaKind, MediaMetadata } from '../../api/media';

/** The kinds of media the spec names, in its order (the API's enumeration, less "not set"). */
export const KINDS: readonly MediaKind[] = [
  'photo',
  'portrait',
  'infographic',
  'drawing',
  'illustration',
  'animation',
  'film',
  'voice',
  'music',
];

export const TEXT_FIELDS = ['title', 'author', 'contact', 'copyright', 'source', 'author_text', 'summary'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export const LIST_FIELDS = ['keywords', 'search_terms', 'categories'] as const;
export type ListField = (typeof LIST_FIELDS)[number];
export const DATE_FIELDS = ['date_creation', 'date_publication'] as const;
export type DateField = (typeof DATE_FIELDS)[number];

/** The long texts get a text area. */
export const LONG_TEXT_FIELDS: ReadonlySet<TextField> = new Set(['author_text', 'summary']);

/** Lengths past which a field is refused here rather than by the server. */
export const MAX_TEXT = 500;
export const MAX_LONG_TEXT = 5000;
export const MAX_LIST_ITEMS = 50;
export const MAX_LIST_ITEM = 100;

export interface MetadataForm {
  containers: MediaContainer[];
  kind: MediaKind | '';
  title: string;
  author: string;
  contact: string;
  copyright: string;
  source: string;
  author_text: string;
  summary: string;
  keywords: string;
  search_terms: string;
  categories: string;
  date_creation: string;
  date_publication: string;
}

export type FormField = keyof MetadataForm;

/** A field's problem: a key under media.form.problems with its parameters. */
export interface FormProblem {
  key: 'date' | 'tooLong' | 'tooMany';
  max?: number;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Whether text is a real date and time written YYYY-MM-DD HH:MM:SS (no 31 February, no 25:00). */
export function isDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (!m) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = m.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  // Day 0 of the next month is the last day of this one (UTC: no daylight-saving gaps).
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** Comma-separated words as a list: trimmed, empty ones dropped, each once. */
export function parseList(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const word = part.trim();
    if (word !== '') seen.add(word);
  }
  return [...seen];
}

export function formOf(m: MediaMetadata): MetadataForm {
  return {
    containers: [...m.containers],
    kind: m.kind ?? '',
    title: m.title,
    author: m.author,
    contact: m.contact,
    copyright: m.copyright,
    source: m.source,
    author_text: m.author_text,
    summary: m.summary,
    keywords: m.keywords.join(', '),
    search_terms: m.search_terms.join(', '),
    categories: m.categories.join(', '),
    date_creation: m.date_creation ?? '',
    date_publication: m.date_publication ?? '',
  };
}

export const EMPTY_FORM: MetadataForm = formOf({
  containers: [],
  kind: null,
  author: '',
  title: '',
  contact: '',
  copyright: '',
  date_creation: null,
  date_publication: null,
  author_text: '',
  summary: '',
  source: '',
  keywords: [],
  search_terms: [],
  categories: [],
});

/** What is wrong with the form, field by field; empty when it can be sent. */
export function checkForm(f: MetadataForm): Partial<Record<FormField, FormProblem>> {
  const out: Partial<Record<FormField, FormProblem>> = {};
  for (const field of TEXT_FIELDS) {
    const max = LONG_TEXT_FIELDS.has(field) ? MAX_LONG_TEXT : MAX_TEXT;
    if (Array.from(f[field]).length > max) out[field] = { key: 'tooLong', max };
  }
  for (const field of LIST_FIELDS) {
    const words = parseList(f[field]);
    if (words.length > MAX_LIST_ITEMS) out[field] = { key: 'tooMany', max: MAX_LIST_ITEMS };
    else if (words.some((w) => Array.from(w).length > MAX_LIST_ITEM)) out[field] = { key: 'tooLong', max: MAX_LIST_ITEM };
  }
  for (const field of DATE_FIELDS) {
    const text = f[field].trim();
    if (text !== '' && !isDateTime(text)) out[field] = { key: 'date' };
  }
  return out;
}

/** The form as the metadata the API takes: every field, empty dates and kind as null. */
export function metadataOf(f: MetadataForm): MediaMetadata {
  const date = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    containers: [...f.containers],
    kind: f.kind === '' ? null : f.kind,
    title: f.title.trim(),
    author: f.author.trim(),
    contact: f.contact.trim(),
    copyright: f.copyright.trim(),
    source: f.source.trim(),
    author_text: f.author_text.trim(),
    summary: f.summary.trim(),
    keywords: parseList(f.keywords),
    search_terms: parseList(f.search_terms),
    categories: parseList(f.categories),
    date_creation: date(f.date_creation),
    date_publication: date(f.date_publication),
  };
}

/** Adds or takes away one container. */
export function toggleContainer(list: readonly MediaContainer[], c: MediaContainer, on: boolean): MediaContainer[] {
  const without = list.filter((x) => x !== c);
  return on ? [...without, c] : without;
}
