// The editor's keyboard shortcuts: which key does what, apart from React so it can be tested.

export type ShortcutAction =
  | 'undo'
  | 'redo'
  | 'clone'
  | 'delete'
  | 'escape'
  | 'zoomIn'
  | 'zoomOut'
  | 'fit'
  | 'help'
  | 'search'
  | 'zoomToSelection'
  | 'zoomActualSize'
  | 'toolSelect'
  | 'toolAddNode'
  | 'toolConnect'
  | 'editTitle'

  /** Ctrl/⌘+A: every node shown at the level. */
  | 'selectAll'
  /** An arrow key: the selection moves by 1, with Shift by 10 (the key press says which way). */
  | 'nudge';

export interface KeyPress {
  key: string;
  /**
   * The physical key (KeyboardEvent.code), for the shortcuts named by their key rather than by
   * what it types: Shift+1 types '!' on a US layout and '1' on a French one.
   */
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey?: boolean;
  /** Whether the key went to a text field: its keys are its own, but for the search shortcut. */
  typing: boolean;
}

/**
 * The action a key press asks for, and whether the browser's own meaning of the key is to be
 * suppressed (Ctrl/⌘+F would open the browser's find, Ctrl/⌘+D make a bookmark, Backspace go back).
 */
export function shortcutOf(e: KeyPress): { action: ShortcutAction; preventDefault: boolean } | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  // Searching the map replaces the browser's find wherever the editor has the focus.
  if (mod && key === 'f') return { action: 'search', preventDefault: true };
  if (e.typing) return null;
  if (mod && key === 'z') return { action: e.shiftKey ? 'redo' : 'undo', preventDefault: true };
  if (mod && key === 'y') return { action: 'redo', preventDefault: true };
  if (mod && key === 'd') return { action: 'clone', preventDefault: true };
  if (mod && key === 'a') return { action: 'selectAll', preventDefault: true };
  if (!mod && e.key.startsWith('Arrow')) return { action: 'nudge', preventDefault: true };
  if (e.key === 'Delete' || e.key === 'Backspace') return { action: 'delete', preventDefault: true };
  if (e.key === 'Escape') return { action: 'escape', preventDefault: false };
  // Ctrl/⌘ + and − zoom the map, not the page ('=' is the + key unshifted on many layouts).
  if (mod && !e.altKey && (e.key === '+' || e.key === '=' || e.code === 'NumpadAdd')) return { action: 'zoomIn', preventDefault: true };
  if (mod && !e.altKey && (e.key === '-' || e.code === 'NumpadSubtract')) return { action: 'zoomOut', preventDefault: true };
  if (mod && !e.altKey && (e.key === '0' || e.code === 'Digit0' || e.code === 'Numpad0'))
    return { action: 'zoomActualSize', preventDefault: true };
  if (mod) return null;
  // Enter edits the selected node's title in place; not suppressed: a focused button keeps its Enter.
  if (e.key === 'Enter') return { action: 'editTitle', preventDefault: false };
  // Shift with a digit, by the physical key: checked before '+' and '=', which Shift+0 types on a German layout.
  if (e.shiftKey && !e.altKey) {
    if (e.code === 'Digit1') return { action: 'fit', preventDefault: true };
    if (e.code === 'Digit2') return { action: 'zoomToSelection', preventDefault: true };
    if (e.code === 'Digit0') return { action: 'zoomActualSize', preventDefault: true };
  }
  if (e.key === '+' || e.key === '=') return { action: 'zoomIn', preventDefault: false };
  if (e.key === '-') return { action: 'zoomOut', preventDefault: false };
  if (key === 'f') return { action: 'fit', preventDefault: false };
  if (!e.altKey && key === 'v') return { action: 'toolSelect', preventDefault: false };
  if (!e.altKey && key === 'n') return { action: 'toolAddNode', preventDefault: false };
  if (!e.altKey && key === 'c') return { action: 'toolConnect', preventDefault: false };
  if (e.key === '?') return { action: 'help', preventDefault: false };
  return null;
}
