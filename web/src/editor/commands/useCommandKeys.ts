import { useEffect, useRef } from 'react';
import { COMMANDS, commandEnabled, type Command, type CommandContext } from './commandTable';
import { findBinding, type KeyPress } from './keys';

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * The command a key press asks for, and whether the browser's own meaning of the key is to be
 * suppressed: also when the command cannot run now (Ctrl/⌘+D must not make a bookmark then).
 */
export function commandForKey(
  press: KeyPress,
  commands: readonly Command[] = COMMANDS,
): { command: Command; preventDefault: boolean } | null {
  const found = findBinding(commands, (c) => c.keys, press);
  return found && { command: found.entry, preventDefault: found.binding.preventDefault };
}

/** Handles a key press: runs its command when the command can run now; answers what it found. */
export function handleKey(
  press: KeyPress,
  context: CommandContext,
  commands: readonly Command[] = COMMANDS,
): ReturnType<typeof commandForKey> {
  const found = commandForKey(press, commands);
  if (found && commandEnabled(found.command, context)) found.command.run(context, press);
  return found;
}

/** Runs the commands' keys while `enabled` (the canvas is ready) and no dialog is open. */
export function useCommandKeys(enabled: boolean, context: CommandContext): void {
  // The latest context, read when a key arrives: the listener is added once.
  const current = useRef(context);
  useEffect(() => {
    current.current = context;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector('dialog[open]')) return;
      const press: KeyPress = {
        key: e.key,
        code: e.code,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        shiftKey: e.shiftKey,
        altKey: e.altKey,
        typing: isTyping(e.target),
      };
      if (handleKey(press, current.current)?.preventDefault) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [enabled]);
}
