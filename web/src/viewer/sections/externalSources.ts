// External sources in node content (remote images, embedded video and audio): while the reader
// has not allowed the cookie consent's "external sources", they are not loaded. Each is replaced
// by a placeholder with a button to allow them.

const EMBEDS = 'img, iframe, video, audio, source, picture, object, embed';

/** Is the address another site's (loading it tells that site about the reader)? */
export function isRemote(src: string, origin: string): boolean {
  const s = src.trim();
  if (s === '' || s.startsWith('data:') || s.startsWith('blob:')) return false;
  try {
    return new URL(s, origin).origin !== new URL(origin).origin;
  } catch {
    return false;
  }
}

function remoteSources(el: Element, origin: string): boolean {
  const srcs = [el.getAttribute('src'), el.getAttribute('poster'), el.getAttribute('data')];
  for (const set of [el.getAttribute('srcset')]) {
    if (set) srcs.push(...set.split(',').map((part) => part.trim().split(/\s+/)[0] ?? ''));
  }
  return srcs.some((s) => s !== null && isRemote(s, origin));
}

export interface PlaceholderTexts {
  text: string;
  allow: string;
}

/**
 * Replaces every embed under `root` that loads from another site with a placeholder holding a
 * button (data-allow-external). Answers how many were blocked.
 */
export function blockExternalSources(root: Node & ParentNode, origin: string, texts: PlaceholderTexts): number {
  let blocked = 0;
  for (const el of [...root.querySelectorAll(EMBEDS)]) {
    // Gone with a blocked <video> or <picture> that held it.
    if (!root.contains(el)) continue;
    const inner = [...el.querySelectorAll('source')];
    if (!remoteSources(el, origin) && !inner.some((s) => remoteSources(s, origin))) continue;
    const doc = el.ownerDocument;
    const box = doc.createElement('span');
    box.className = 'blocked-source';
    box.setAttribute('data-blocked-source', '');
    const note = doc.createElement('span');
    note.textContent = texts.text;
    const allow = doc.createElement('button');
    allow.type = 'button';
    allow.setAttribute('data-allow-external', '');
    allow.textContent = texts.allow;
    box.append(note, allow);
    // A <source> of a blocked <video> goes with it.
    (el.closest('picture, video, audio') ?? el).replaceWith(box);
    blocked++;
  }
  return blocked;
}
