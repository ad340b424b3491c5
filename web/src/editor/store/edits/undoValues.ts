// The values that undo a design or content change: what each field the change set held before.
import { deepEqual } from '../state';

/** The design fields that differ between before and after, with their values before (null: inherited). */
export function designBefore(prev: object, cur: object): Record<string, unknown> {
  const p = prev as Record<string, unknown>;
  const c = cur as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(p), ...Object.keys(c)])) {
    if (k !== 'object_template' && !deepEqual(p[k], c[k])) out[k] = p[k] ?? null;
  }
  return out;
}

/** For each language and field of a content patch, its value before ("" or false for none). */
export function contentBefore(prev: object, patch: object): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [lang, fields] of Object.entries(patch)) {
    const was = (prev as Record<string, Record<string, unknown> | undefined>)[lang] ?? {};
    out[lang] = {};
    for (const k of Object.keys(fields as object)) out[lang][k] = was[k] ?? (k === 'translated' ? false : '');
  }
  return out;
}
