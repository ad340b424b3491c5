import { useEffect, useRef } from 'react';
import { shortcutOf, type KeyPress, type ShortcutAction } from './shortcuts';

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** Runs the editor's shortcuts while `enabled` (the canvas is ready) and no dialog is open. */
export function useEditorShortcuts(enabled: boolean, actions: Record<ShortcutAction, (press: KeyPress) => void>): void {
  // The latest actions, read when a key arrives: the listener is added once.
  const current = useRef(actions);
  useEffect(() => {
    current.current = actions;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector('dialog[open]')) return;
      const press = {
        key: e.key,
        code: e.code,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        shiftKey: e.shiftKey,
        altKey: e.altKey,
        typing: isTyping(e.target),
      };
      const shortcut = shortcutOf(press);
      if (!shortcut) return;
      if (shortcut.preventDefault) e.preventDefault();
      current.current[shortcut.action](press);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [enabled]);
}
