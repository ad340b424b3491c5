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
  /** Ctrl/⌘+A: every node shown at the level. */
  | 'selectAll'
  /** An arrow key: the selection moves by 1, with Shift by 10 (the key press says which way). */
  | 'nudge';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
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
  if (mod) return null;
  if (e.key === '+' || e.key === '=') return { action: 'zoomIn', preventDefault: false };
  if (e.key === '-') return { action: 'zoomOut', preventDefault: false };
  if (key === 'f') return { action: 'fit', preventDefault: false };
  if (e.key === '?') return { action: 'help', preventDefault: false };
  return null;
}
