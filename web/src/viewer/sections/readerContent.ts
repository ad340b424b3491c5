// Node content as the reader's map shows it: sanitised, then, on the sanitised DOM, its citations
// resolved, its glossary terms marked and its external sources held back until allowed.
import { sanitizeRichTextToFragment } from '../richText';
import { resolveCitations } from './citations';
import { blockExternalSources, type PlaceholderTexts } from './externalSources';
import { markGlossary, type GlossaryMatcher } from './glossaryMarks';

export interface ContentRules {
  glossary: GlossaryMatcher | null;
  /** The bibliography's keys. */
  referenceKeys: ReadonlySet<string>;
  /** Null when external sources may load; else the placeholder's texts. */
  blockExternal: PlaceholderTexts | null;
  /** The page's origin: what is not from it is external. */
  origin: string;
}

/** The HTML to insert for a node's rich text: built from sanitised DOM, serialised once. */
export function readerContent(html: string, rules: ContentRules): string {
  const fragment = sanitizeRichTextToFragment(html);
  resolveCitations(fragment, rules.referenceKeys);
  if (rules.glossary) markGlossary(fragment, rules.glossary);
  if (rules.blockExternal) blockExternalSources(fragment, rules.origin, rules.blockExternal);
  const box = document.createElement('div');
  box.append(fragment);
  return box.innerHTML;
}

/** A plain text (a node's abstract, short content) as HTML: escaped, its glossary terms marked. */
export function readerText(text: string, glossary: GlossaryMatcher | null): string {
  const box = document.createElement('div');
  box.textContent = text;
  if (glossary) markGlossary(box, glossary);
  return box.innerHTML;
}
