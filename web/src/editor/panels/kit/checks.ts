// What the panels check before sending (docs/api.md "Sections": the spec's limits), in one place,
// so that a value the server would refuse stays in the panel with its problem named by the field,
// rather than being sent and rolled back. The server checks again; its field problems (the same
// paths: `terms[2].term.en`) are shown the same way. Also the helpers for texts by language
// (read, written, an emptied one dropped as the server does) and for lists.
import type { Problem } from '../../../account/problems';
import { problemFromServer } from '../../../account/problems';
import type { FieldProblems } from '../../../api/http';
import type { DesignFieldSpec } from '../../../api/document';
import type { EditorsNote, Glossary, Header, HeaderLink, References } from '../../../api/sections';
import type { Language } from '../../../api/types';

/** A section's value's problems by field path, as the API names them. */
export type SectionProblems = Record<string, Problem>;

/** A text by language as the sections carry it; a missing language has no text. */
export type Texts = Partial<Record<Language, string>>;
type Text = Texts;

export const LIMITS = {
  label: 200,
  description: 2000,
  hashtags: 500,
  richText: 50_000,
  definition: 10_000,
  teamMembers: 50,
  terms: 2000,
  references: 2000,
  links: 20,
  referenceKey: 100,
  headerHeight: { min: 20, max: 300 },
  logoHeight: { min: 8, max: 300 },
} as const;

export const LINK_TARGETS = ['new_window', 'same_window', 'map_frame', 'embedding_window'] as const;

const COLOUR = /^(#[0-9a-f]{3}|#[0-9a-f]{4}|#[0-9a-f]{6}|#[0-9a-f]{8}|transparent)$/i;
const REFERENCE_KEY = /^[A-Za-z0-9_:./-]{1,100}$/;

export const isColour = (s: string) => COLOUR.test(s);
export const isReferenceKey = (s: string) => REFERENCE_KEY.test(s);

function parsesAs(s: string, protocols: readonly string[]): boolean {
  try {
    const u = new URL(s);
    return protocols.includes(u.protocol) && (u.protocol === 'mailto:' || u.host !== '');
  } catch {
    return false;
  }
}
export const isHttpUrl = (s: string) => parsesAs(s.trim(), ['http:', 'https:']);
/** An optional address: nothing, or http(s). */
export const isHttpUrlOrEmpty = (s: string) => s.trim() === '' || isHttpUrl(s);
/** A link readers may follow: http(s) or mailto. */
export const isLinkUrl = (s: string) => parsesAs(s, ['http:', 'https:', 'mailto:']);
/** An image address: http(s), or a path on this server. */
export const isUrlOrPath = (s: string) => isHttpUrl(s) || (s.startsWith('/') && !s.startsWith('//'));

/**
 * The tab shown first: the first preferred language the map has (the canvas's, then the
 * interface's; a regional tag such as de-AT matches de), else the map's first.
 */
export function firstLanguage<L extends string>(languages: readonly L[], ...preferred: (string | undefined)[]): L | 'en' {
  for (const want of preferred) {
    if (!want) continue;
    const exact = languages.find((l) => l === want);
    if (exact) return exact;
    const primary = want.split('-')[0];
    const near = languages.find((l) => l.split('-')[0] === primary);
    if (near) return near;
  }
  return languages[0] ?? 'en';
}

/** A text's value in one language ("" when it has none). */
export const textIn = (t: Text | null | undefined, lang: Language): string => t?.[lang] ?? '';

/** A text with one language's value replaced; an empty (or blank) one drops the language, as the server does. */
export function withText(t: Text | null | undefined, lang: Language, value: string): Text {
  const out: Text = { ...t };
  if (value.trim() === '') Reflect.deleteProperty(out, lang);
  else out[lang] = value;
  return out;
}

/** Whether a text has something in some language. */
export const hasText = (t: Text | null | undefined): boolean => Object.values(t ?? {}).some((s) => s.trim() !== '');

/** Whether a text is longer than `max` characters (counted as the server counts, by code point). */
export const isTooLong = (value: string, max: number): boolean => Array.from(value.trim()).length > max;

/** A list with the item at i moved by delta (up: -1, down: +1); unchanged at the ends. */
export function moved<T>(list: readonly T[], i: number, delta: number): T[] {
  const j = i + delta;
  const out = [...list];
  const item = out[i];
  if (item === undefined || j < 0 || j >= out.length) return out;
  out.splice(i, 1);
  out.splice(j, 0, item);
  return out;
}

export const without = <T>(list: readonly T[], i: number): T[] => list.filter((_, k) => k !== i);
export const replaced = <T>(list: readonly T[], i: number, item: T): T[] => list.map((x, k) => (k === i ? item : x));

class Checker {
  readonly problems: SectionProblems = {};
  constructor(readonly languages: readonly Language[]) {}

  add(path: string, p: Problem): void {
    this.problems[path] ??= p;
  }

  /** A text by language: each of the map's languages at most max characters (single-line: no line break). */
  text(path: string, t: Text | null | undefined, max: number, singleLine: boolean): void {
    for (const lang of this.languages) {
      const s = singleLine ? textIn(t, lang).trim() : textIn(t, lang);
      if (Array.from(s).length > max) this.add(`${path}.${lang}`, { code: 'too_long', params: { max } });
      else if (singleLine && /[\r\n]/.test(s)) this.add(`${path}.${lang}`, { code: 'lineBreak' });
    }
  }

  /** A text that must have something in some language: named at the first language. */
  required(path: string, t: Text | null | undefined): void {
    if (!this.languages.some((l) => textIn(t, l).trim() !== '')) this.add(`${path}.${this.languages[0] ?? 'en'}`, { code: 'required' });
  }

  count(path: string, n: number, max: number): void {
    if (n > max) this.add(path, { code: 'too_many', params: { max } });
  }
}

export function checkEditorsNote(n: EditorsNote, languages: readonly Language[]): SectionProblems {
  const c = new Checker(languages);
  c.text('label', n.label, LIMITS.label, true);
  c.text('title', n.title, LIMITS.label, true);
  c.text('text', n.text, LIMITS.richText, false);
  c.count('team_members', n.team_members.length, LIMITS.teamMembers);
  n.team_members.forEach((m, i) => {
    const name = m.name.trim();
    if (name === '') c.add(`team_members[${i}].name`, { code: 'required' });
    else if (Array.from(name).length > LIMITS.label) c.add(`team_members[${i}].name`, { code: 'too_long', params: { max: LIMITS.label } });
    c.text(`team_members[${i}].description`, m.description, LIMITS.description, false);
  });
  return c.problems;
}

export function checkGlossary(g: Glossary, languages: readonly Language[]): SectionProblems {
  const c = new Checker(languages);
  c.count('terms', g.terms.length, LIMITS.terms);
  g.terms.forEach((term, i) => {
    c.text(`terms[${i}].term`, term.term, LIMITS.label, true);
    c.required(`terms[${i}].term`, term.term);
    c.text(`terms[${i}].alternatives`, term.alternatives, LIMITS.description, true);
    c.text(`terms[${i}].synonyms`, term.synonyms, LIMITS.description, true);
    c.text(`terms[${i}].definition`, term.definition, LIMITS.definition, false);
  });
  return c.problems;
}

export function checkReferences(r: References, languages: readonly Language[]): SectionProblems {
  const c = new Checker(languages);
  c.count('references', r.references.length, LIMITS.references);
  const keys = new Set<string>();
  r.references.forEach((ref, i) => {
    const key = ref.key.trim();
    if (key === '') c.add(`references[${i}].key`, { code: 'required' });
    else if (!isReferenceKey(key)) c.add(`references[${i}].key`, { code: 'invalid' });
    else if (keys.has(key)) c.add(`references[${i}].key`, { code: 'duplicate' });
    keys.add(key);
    c.text(`references[${i}].source`, ref.source, LIMITS.description, false);
    c.required(`references[${i}].source`, ref.source);
    const link = ref.link?.trim() ?? '';
    if (link !== '' && !isHttpUrl(link)) c.add(`references[${i}].link`, { code: 'invalid_url' });
  });
  return c.problems;
}

function checkLinks(c: Checker, list: 'floating_links' | 'additional_links', links: readonly HeaderLink[]): void {
  c.count(list, links.length, LIMITS.links);
  links.forEach((l, i) => {
    c.text(`${list}[${i}].title`, l.title, LIMITS.label, true);
    c.required(`${list}[${i}].title`, l.title);
    const url = l.url.trim();
    if (url === '') c.add(`${list}[${i}].url`, { code: 'required' });
    else if (!isLinkUrl(url)) c.add(`${list}[${i}].url`, { code: 'invalid_url' });
  });
}

function inRange(c: Checker, path: string, v: number | undefined, range: { min: number; max: number }): void {
  if (v !== undefined && v !== 0 && (!Number.isInteger(v) || v < range.min || v > range.max)) {
    c.add(path, { code: 'out_of_range', params: range });
  }
}

export function checkHeader(h: Header, languages: readonly Language[]): SectionProblems {
  const c = new Checker(languages);
  if (h.background && !isColour(h.background)) c.add('background', { code: 'invalid_colour' });
  if (h.font_color && !isColour(h.font_color)) c.add('font_color', { code: 'invalid_colour' });
  inRange(c, 'height', h.height, LIMITS.headerHeight);
  inRange(c, 'logo_height', h.logo_height, LIMITS.logoHeight);
  if (h.logo_url && !isUrlOrPath(h.logo_url.trim())) c.add('logo_url', { code: 'invalid_url_or_path' });
  if (h.logo_link && !isLinkUrl(h.logo_link.trim())) c.add('logo_link', { code: 'invalid_url' });
  checkLinks(c, 'floating_links', h.floating_links);
  checkLinks(c, 'additional_links', h.additional_links);
  return c.problems;
}

/** The problems to show: the panel's own, and the server's for the value it refused. */
export function shownProblems(local: SectionProblems, server: FieldProblems): SectionProblems {
  const out: SectionProblems = {};
  for (const [path, p] of Object.entries(server)) out[path] = problemFromServer(p, '');
  return { ...out, ...local };
}

/** The languages whose fields have a problem (their tab is marked); any record keyed by field path. */
export function languagesWithProblems<L extends string>(problems: Readonly<Record<string, unknown>>, languages: readonly L[]): L[] {
  return languages.filter((l) => Object.keys(problems).some((path) => path.endsWith(`.${l}`)));
}

/** Whether any problem lies at or under a path (`entries[2]` covers `entries[2].title.en`). */
export function hasProblemUnder(problems: Readonly<Record<string, unknown>>, path: string): boolean {
  return Object.keys(problems).some((p) => p === path || p.startsWith(`${path}.`) || p.startsWith(`${path}[`));
}

/** The glossary terms matching a search in one language (term, alternatives or synonyms), by index. */
export function matchingTerms(g: Glossary, query: string, lang: Language): number[] {
  const q = query.trim().toLocaleLowerCase();
  const out: number[] = [];
  g.terms.forEach((term, i) => {
    const hay = [term.term, term.alternatives, term.synonyms].map((t) => textIn(t, lang).toLocaleLowerCase());
    if (q === '' || hay.some((h) => h.includes(q))) out.push(i);
  });
  return out;
}

/** Semicolon-separated alternatives or synonyms as a list, for showing them. */
export const splitTerms = (s: string): string[] =>
  s
    .split(';')
    .map((x) => x.trim())
    .filter((x) => x !== '');

/** Why a typed value cannot be taken, or null when it can: the key under sidebar.errors and its values. */
export type FieldProblem = { key: 'range'; min: number; max: number } | { key: 'color' } | { key: 'url' } | { key: 'tooLong'; max: number };

/** Parses what was typed into a field to the value to save, or the problem with it. */
export function parseFieldInput(
  spec: DesignFieldSpec,
  raw: string,
): { ok: true; value: string | number } | { ok: false; problem: FieldProblem } {
  switch (spec.kind) {
    case 'number': {
      const text = raw.trim().replace(',', '.');
      const n = Number(text);
      if (text === '' || !Number.isFinite(n) || n < spec.min || n > spec.max) {
        return { ok: false, problem: { key: 'range', min: spec.min, max: spec.max } };
      }
      return { ok: true, value: n };
    }
    case 'color':
      return isColour(raw.trim()) ? { ok: true, value: raw.trim() } : { ok: false, problem: { key: 'color' } };
    case 'url': {
      const text = raw.trim();
      if (text === '' || text.startsWith('/') || /^https?:\/\/[^\s]+$/i.test(text)) return { ok: true, value: text };
      return { ok: false, problem: { key: 'url' } };
    }
    case 'text':
      return raw.length > spec.max ? { ok: false, problem: { key: 'tooLong', max: spec.max } } : { ok: true, value: raw };
    default:
      return { ok: true, value: raw };
  }
}
