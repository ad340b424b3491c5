// A toolbar popover's open state (the shape menu, the "More" panel): a press outside it closes
// it, as a menu does; Esc closes only it (the canvas keeps its tool) and gives the focus back to
// its first button, the one that opened it.
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

export interface Popover {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
  /** The element holding the opener and the popover. */
  root: RefObject<HTMLDivElement | null>;
  onKeyDown: (e: KeyboardEvent) => void;
}

export function usePopover(): Popover {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as globalThis.Node)) setOpen(false);
    };
    window.addEventListener('pointerdown', onDown);
    return () => {
      window.removeEventListener('pointerdown', onDown);
    };
  }, [open]);
  return {
    open,
    setOpen,
    toggle: () => {
      setOpen((v) => !v);
    },
    root,
    onKeyDown: (e) => {
      if (e.key !== 'Escape' || !open) return;
      e.stopPropagation();
      setOpen(false);
      root.current?.querySelector('button')?.focus();
    },
  };
}
