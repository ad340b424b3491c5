import { useCallback, useRef, useState } from 'react';
import type { PanelName } from './sections/panels';

export interface ReaderPanelState {
  panel: PanelName | null;
  /** The reference a followed citation names. */
  citedKey: string | null;
  /** A header button was pressed: its panel opens, or closes when it is the one open. */
  toggle: (name: PanelName, opener: HTMLElement) => void;
  /** A citation was followed: the references open at its entry. */
  cite: (key: string) => void;
  /** Closes the panel, the focus going back to what opened it. */
  close: () => void;
  /** Closes the panel without moving the focus; answers what opened it (for whatever takes over). */
  leave: () => HTMLElement | null;
}

/** Which of the reader's panels is open, and the element that opened it and takes the focus back. */
export function useReaderPanels(): ReaderPanelState {
  const [panel, setPanel] = useState<PanelName | null>(null);
  const [citedKey, setCitedKey] = useState<string | null>(null);
  // The header button that opened the panel: it takes the focus back when the panel closes.
  const opener = useRef<HTMLElement | null>(null);
  const close = useCallback(() => {
    setPanel(null);
    opener.current?.focus();
    opener.current = null;
  }, []);
  const toggle = (name: PanelName, el: HTMLElement) => {
    if (panel === name) {
      close();
      return;
    }
    opener.current = el;
    setCitedKey(null);
    setPanel(name);
  };
  const cite = (key: string) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setCitedKey(key);
    setPanel('references');
  };
  const leave = () => {
    const el = opener.current;
    opener.current = null;
    setPanel(null);
    return el;
  };
  return { panel, citedKey, toggle, cite, close, leave };
}
