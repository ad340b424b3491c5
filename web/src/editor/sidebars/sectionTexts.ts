// Texts by language in the sections' forms (docs/api.md "Sections"): read and written per map
// language, an emptied one dropped (as the server does), and the server's field problems found
// by their envelope paths (`entries[2].title.de`).
import type { FieldProblem, FieldProblems } from '../../api/http';
import type { Language } from '../../api/types';

/** A text by language as the sections carry it; a missing language has no text. */
export type Texts = Partial<Record<Language, string>>;

/** Limits the server applies to section texts (docs/api.md "Sections"). */
export const SECTION_LIMITS = { label: 200, description: 2000, hashtags: 500 } as const;

export function textIn(texts: Texts | null | undefined, lang: Language): string {
  return texts?.[lang] ?? '';
}

/** The texts with `lang` set to `value`; an empty value removes the language. */
export function withText(texts: Texts | null | undefined, lang: Language, value: string): Texts {
  const next: Texts = {};
  for (const [l, s] of Object.entries(texts ?? {}) as [Language, string][]) if (l !== lang) next[l] = s;
  if (value.trim() !== '') next[lang] = value;
  return next;
}

/** Whether a text has something in some language. */
export function hasText(texts: Texts | null | undefined): boolean {
  return Object.values(texts ?? {}).some((s) => s.trim() !== '');
}

/** The server's problem at exactly this path. */
export function problemAt(problems: FieldProblems, path: string): FieldProblem | undefined {
  return problems[path];
}

/** Whether any problem lies at or under a path (`entries[2]` covers `entries[2].title.en`). */
export function hasProblemUnder(problems: FieldProblems, path: string): boolean {
  return Object.keys(problems).some((p) => p === path || p.startsWith(`${path}.`) || p.startsWith(`${path}[`));
}

/** Whether a problem names this language (its path ends in `.de`): its tab is marked. */
export function hasProblemIn(problems: FieldProblems, lang: Language): boolean {
  return Object.keys(problems).some((p) => p.endsWith(`.${lang}`));
}

/** An http(s) address, or nothing: what the sections take as links. */
export function isHttpUrl(value: string): boolean {
  const s = value.trim();
  if (s === '') return true;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host !== '';
  } catch {
    return false;
  }
}

/** Whether a text is longer than `max` characters (counted as the server counts, by code point). */
export function isTooLong(value: string, max: number): boolean {
  return Array.from(value.trim()).length > max;
}

/** The language a panel opens on: the interface's when the map has it, else the map's first. */
export function firstLanguage(languages: readonly Language[], uiLanguage: string): Language {
  return languages.find((l) => uiLanguage.startsWith(l)) ?? languages[0] ?? 'en';
}

/** Marks a language tab when a server problem names that language. */
export function serverMarks(problems: FieldProblems): (lang: Language) => boolean {
  return (lang) => hasProblemIn(problems, lang);
}
