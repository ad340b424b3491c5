// The table of contents: entries in reading order with a depth (1–4), as a tree to show.
import type { Language } from '../../api';
import type { Toc } from '../../api/sections';
import { textIn } from './readerSections';

export interface TocItem {
  /** The entry's place in the list (a key that stays when titles repeat). */
  index: number;
  title: string;
  nodeId: number;
  zoomLevel: number;
  children: TocItem[];
}

/**
 * Nests each entry under the nearest one before it that is less deep; an entry deeper by more
 * than one (the server refuses that, an old version might hold it) goes under that one all the same.
 */
export function tocTree(toc: Toc | null, languages: readonly Language[], untitled: (nodeId: number) => string): TocItem[] {
  const roots: TocItem[] = [];
  const path: { depth: number; item: TocItem }[] = [];
  (toc?.entries ?? []).forEach((e, index) => {
    const item: TocItem = {
      index,
      title: textIn(e.title, languages) || untitled(e.node_id),
      nodeId: e.node_id,
      zoomLevel: e.zoom_level,
      children: [],
    };
    while (path.length > 0 && (path[path.length - 1]?.depth ?? 0) >= e.depth) path.pop();
    const parent = path[path.length - 1];
    if (parent) parent.item.children.push(item);
    else roots.push(item);
    path.push({ depth: e.depth, item });
  });
  return roots;
}
