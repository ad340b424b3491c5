import { useCallback, useEffect, useRef, useState } from 'react';
import type { CanvasController } from '../canvas/canvasController';
import type { TitleRefusal } from './titleField';

/** How long a refusal stays beside the node. */
const REFUSAL_MS = 4000;

export interface InTextTitle {
  /** The node whose title is being edited in place, or null. */
  editing: number | null;
  /** The last node that could not be edited, and why (shown for a moment). */
  refused: { node: number; refusal: TitleRefusal } | null;
  /** Opens the in-place editor on the node, or shows why it cannot be. */
  begin: (id: number) => void;
  /** Enter: as begin, unless the focus is on a control whose Enter is its own (a button, a link). */
  beginFromKeyboard: (id: number) => void;
  end: () => void;
}

/**
 * Which node's title is being edited on the canvas: a double-click on a node (or `begin`, for
 * Enter) opens it when `refusal` finds nothing against it.
 */
export function useInTextTitle(controller: CanvasController | null, refusal: (id: number) => TitleRefusal | null): InTextTitle {
  const [editing, setEditing] = useState<number | null>(null);
  const [refused, setRefused] = useState<InTextTitle['refused']>(null);
  const check = useRef(refusal);
  useEffect(() => {
    check.current = refusal;
  });

  const begin = useCallback((id: number) => {
    const why = check.current(id);
    setRefused(why ? { node: id, refusal: why } : null);
    setEditing(why ? null : id);
  }, []);
  const beginFromKeyboard = useCallback(
    (id: number) => {
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && focused.closest('button, a[href], [role="button"], [role="tab"], summary')) return;
      begin(id);
    },
    [begin],
  );
  const end = useCallback(() => {
    setEditing(null);
  }, []);

  useEffect(() => {
    if (!controller) return;
    const off = controller.onEditTitle(begin);
    return () => {
      off();
      // A canvas made again (rights changed) starts without an open field.
      setEditing(null);
    };
  }, [controller, begin]);

  useEffect(() => {
    if (!refused) return;
    const timer = window.setTimeout(() => {
      setRefused(null);
    }, REFUSAL_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [refused]);

  return { editing, refused, begin, beginFromKeyboard, end };
}
