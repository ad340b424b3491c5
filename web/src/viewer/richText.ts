import DOMPurify from 'dompurify';

const OPTIONS = { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] };

/**
 * Node content as it may be inserted into the page. The server already keeps only an allow-list
 * of formatting (internal/editing/content.go); this second pass in the browser guards the reader
 * should a stored version or a response ever hold anything else: no script, no event handler, no
 * javascript: link. Links keep their target (the server opens outside links in a new tab).
 */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, OPTIONS);
}

/** The same, as a DOM fragment that the reader's map works on (glossary marks, citations). */
export function sanitizeRichTextToFragment(html: string): DocumentFragment {
  return DOMPurify.sanitize(html, { ...OPTIONS, RETURN_DOM_FRAGMENT: true });
}
