import { useCallback, useMemo, useRef, useState } from 'react';
import type { Language } from '../api';
import type { MapDocument, Node } from '../api/document';
import { browserStorage, VisitedNodes } from './visited';

export type OpenState = { node: Node } | { loading: number } | { failed: number } | null;

export interface OpenNode {
  open: OpenState;
  /** The node whose popup shows, once read. */
  shownNode: Node | null;
  /**
   * Opens a node: its link in a new tab, or its popup once its content is read. focusBack, when
   * given, is where the focus goes when the popup closes (opened from the keyboard: the canvas, the
   * outline, the contents); when not, it stays what it was.
   */
  openNode: (id: number, focusBack?: HTMLElement | null) => void;
  /** Closes the popup, the focus going back where the opening said. */
  close: () => void;
  /** The nodes the reader has opened, when the map marks them; else none. */
  visited: ReadonlySet<number>;
}

const NONE: ReadonlySet<number> = new Set();

/** The node the reader opened (its popup), and the nodes opened before, kept per map in the browser. */
export function useOpenNode(
  doc: MapDocument,
  byId: ReadonlyMap<number, Node>,
  languages: readonly Language[],
  loadNode: (id: number) => Promise<Node>,
  mapKey: string,
): OpenNode {
  const [open, setOpen] = useState<OpenState>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const visited = useMemo(() => new VisitedNodes(browserStorage(), mapKey), [mapKey]);
  const [visitedIds, setVisitedIds] = useState<ReadonlySet<number>>(() => visited.all);
  const markVisited = doc.map.behavior.mark_visited_nodes;

  const openNode = useCallback(
    (id: number, focusBack?: HTMLElement | null) => {
      if (focusBack !== undefined) returnFocus.current = focusBack;
      const summary = byId.get(id);
      if (!summary) return;
      const link = languages.map((l) => summary.content[l]?.node_link_to).find((v) => v !== undefined && v !== '');
      if (markVisited) setVisitedIds(visited.add(id));
      // A node with a link (and so without content) goes there.
      if (link) {
        window.open(link, '_blank', 'noopener,noreferrer');
        return;
      }
      setOpen({ loading: id });
      loadNode(id).then(
        (node) => {
          setOpen((cur) => (cur && 'loading' in cur && cur.loading === id ? { node } : cur));
        },
        () => {
          setOpen((cur) => (cur && 'loading' in cur && cur.loading === id ? { failed: id } : cur));
        },
      );
    },
    [byId, languages, loadNode, markVisited, visited],
  );
  const close = useCallback(() => {
    setOpen(null);
    returnFocus.current?.focus();
    returnFocus.current = null;
  }, []);
  const shownNode = open && 'node' in open ? open.node : null;
  return { open, shownNode, openNode, close, visited: markVisited ? visitedIds : NONE };
}
