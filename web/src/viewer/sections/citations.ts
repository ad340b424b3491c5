// Citations in node content: a link to `#ref-{key}` names a reference of the map's bibliography.

const PREFIX = '#ref-';

/** The reference key a link cites, or null when it is no citation. */
export function citedKey(href: string | null): string | null {
  if (!href?.startsWith(PREFIX)) return null;
  const raw = href.slice(PREFIX.length);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The id of a reference's entry in the bibliography, for its anchor. */
export function referenceAnchor(key: string): string {
  return `ref-${key}`;
}

/**
 * Makes the citations under `root` point at the bibliography: a known key keeps its link (marked
 * with data-ref for the reader's map to open it); an unknown one becomes its plain text, so that
 * no link leads nowhere.
 */
export function resolveCitations(root: ParentNode, keys: ReadonlySet<string>): void {
  for (const link of [...root.querySelectorAll('a[href]')]) {
    const key = citedKey(link.getAttribute('href'));
    if (key === null) continue;
    if (keys.has(key)) {
      link.setAttribute('data-ref', key);
      link.classList.add('citation');
      link.removeAttribute('target');
      link.removeAttribute('rel');
    } else {
      const span = link.ownerDocument.createElement('span');
      span.append(...link.childNodes);
      link.replaceWith(span);
    }
  }
}
