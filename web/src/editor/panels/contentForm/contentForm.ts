// The content form's model (map-editor.md §3, account-area.md §3–§5): a draft of a node's content
// in each language and its node-wide fields, what saving it changes, and the rules the form shows.
import type { ContentByLanguage, Node, NodeContent, NodeContentPatch, PopupType } from '../../../api/document';
import type { Language } from '../../../api/types';
import type { NodeNavigation } from '../../store';

export const CONTENT_LANGUAGES: readonly Language[] = ['en', 'de', 'fr'];

/** The text fields of one language, in the form's order. */
export const CONTENT_FIELDS = [
  'title',
  'abstract',
  'content',
  'short_content',
  'marginal_content_1',
  'marginal_content_2',
  'node_link_to',
  'node_search_terms',
  'seo_description',
] as const;
export type ContentField = (typeof CONTENT_FIELDS)[number];

/** The server's limits per field, in characters (editing/content.go). */
export const CONTENT_LIMITS: Record<ContentField, number> = {
  title: 500,
  abstract: 5000,
  content: 200_000,
  short_content: 5000,
  marginal_content_1: 50_000,
  marginal_content_2: 50_000,
  node_link_to: 2048,
  node_search_terms: 2000,
  seo_description: 250,
};

export type LanguageDraft = Record<ContentField, string>;

export interface ContentDraft {
  content: Record<Language, LanguageDraft>;
  next_id: number | null;
  previous_id: number | null;
  popup_type: PopupType;
}

function languageDraft(c: NodeContent | undefined): LanguageDraft {
  const out = {} as LanguageDraft;
  for (const f of CONTENT_FIELDS) out[f] = c?.[f] ?? '';
  return out;
}

/** The draft of a node read whole (GET /maps/{id}/nodes/{nodeId}). */
export function draftOf(node: Pick<Node, 'content' | 'next_id' | 'previous_id' | 'popup_type'>): ContentDraft {
  const content = {} as Record<Language, LanguageDraft>;
  for (const l of CONTENT_LANGUAGES) content[l] = languageDraft(node.content[l]);
  return { content, next_id: node.next_id, previous_id: node.previous_id, popup_type: node.popup_type };
}

/** Comma-separated terms, trimmed, empty ones and repeats left out. */
export function normalizeSearchTerms(raw: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const term of raw.split(',')) {
    const t = term.trim();
    if (t === '' || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out.join(', ');
}

/** What saving the draft changes: content fields per language ("" empties one) and node-wide fields. */
export function contentChanges(
  saved: ContentDraft,
  draft: ContentDraft,
): { content: ContentByLanguage<NodeContentPatch> | null; navigation: NodeNavigation | null } {
  const content: ContentByLanguage<NodeContentPatch> = {};
  for (const l of CONTENT_LANGUAGES) {
    const patch: NodeContentPatch = {};
    for (const f of CONTENT_FIELDS) {
      const value =
        f === 'node_search_terms'
          ? normalizeSearchTerms(draft.content[l][f])
          : draft.content[l][f].trim() === ''
            ? ''
            : draft.content[l][f];
      if (value !== saved.content[l][f]) patch[f] = value;
    }
    if (Object.keys(patch).length > 0) content[l] = patch;
  }
  const navigation: NodeNavigation = {};
  if (draft.next_id !== saved.next_id) navigation.next_id = draft.next_id;
  if (draft.previous_id !== saved.previous_id) navigation.previous_id = draft.previous_id;
  if (draft.popup_type !== saved.popup_type) navigation.popup_type = draft.popup_type;
  return {
    content: Object.keys(content).length > 0 ? content : null,
    navigation: Object.keys(navigation).length > 0 ? navigation : null,
  };
}

export function isDirty(saved: ContentDraft, draft: ContentDraft): boolean {
  const c = contentChanges(saved, draft);
  return c.content !== null || c.navigation !== null;
}

/** Whether a language has content besides its title (a node with content cannot link away). */
export function hasContent(d: LanguageDraft): boolean {
  return [d.abstract, d.content, d.short_content, d.marginal_content_1, d.marginal_content_2].some((v) => v.trim() !== '');
}

export type ContentProblem =
  | { field: ContentField; key: 'tooLong'; max: number }
  | { field: 'node_link_to'; key: 'linkWithContent' }
  | { field: 'node_link_to'; key: 'url' };

const ADDRESS = /^(https?:\/\/\S+|\/\S*)$/i;

/** What keeps a language's draft from being saved, field by field. */
export function contentProblems(d: LanguageDraft): ContentProblem[] {
  const out: ContentProblem[] = [];
  for (const f of CONTENT_FIELDS) {
    const max = CONTENT_LIMITS[f];
    if (Array.from(d[f]).length > max) out.push({ field: f, key: 'tooLong', max });
  }
  const link = d.node_link_to.trim();
  if (link !== '' && hasContent(d)) out.push({ field: 'node_link_to', key: 'linkWithContent' });
  else if (link !== '' && !ADDRESS.test(link)) out.push({ field: 'node_link_to', key: 'url' });
  return out;
}

/**
 * The form's saved and draft states brought up to the titles the document holds now (a title
 * edited on the canvas, or undone, while the form is open): a title the draft has not touched
 * follows; one being typed stays as typed. Null when nothing differs.
 */
export function followStoredTitles(
  saved: ContentDraft,
  draft: ContentDraft,
  stored: Pick<Node, 'content'>,
): { saved: ContentDraft; draft: ContentDraft } | null {
  let next: { saved: ContentDraft; draft: ContentDraft } | null = null;
  for (const l of CONTENT_LANGUAGES) {
    const title = stored.content[l]?.title ?? '';
    const was = saved.content[l].title;
    if (title === was) continue;
    next ??= { saved: structuredClone(saved), draft: structuredClone(draft) };
    next.saved.content[l].title = title;
    if (draft.content[l].title === was) next.draft.content[l].title = title;
  }
  return next;
}
