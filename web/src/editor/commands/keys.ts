// Key bindings of the editor's commands: what a binding matches, and how it is written in the
// shortcut help and the tooltips. Apart from React so that it can be tested.
import type { TFunction } from 'i18next';

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

/** A key name the help writes in the interface's language; any other name is written as it is. */
export type NamedKey = 'delete' | 'enter' | 'escape' | 'arrows';

export interface KeyBinding {
  /** What the key types (KeyboardEvent.key, compared without case): any of these. */
  keys?: readonly string[];
  /** Or the physical key (KeyboardEvent.code): any of these. Checked before what keys type. */
  codes?: readonly string[];
  /** Ctrl or ⌘: true needs it, false refuses it, left out takes either. */
  mod?: boolean;
  /** Shift: true needs it, false refuses it, left out takes either. */
  shift?: boolean;
  /** Alt held refuses the binding (it types other characters on many layouts). */
  noAlt?: boolean;
  /** Also while a text field has the focus (otherwise its keys are its own). */
  whileTyping?: boolean;
  /** Whether the browser's own meaning of the key is suppressed (Ctrl/⌘+D would bookmark). */
  preventDefault: boolean;
  /** How the help writes the key, without modifiers; a binding without it is not listed. */
  show?: string | { named: NamedKey };
}

function modifiersMatch(b: KeyBinding, e: KeyPress): boolean {
  const mod = e.ctrlKey || e.metaKey;
  if (b.mod !== undefined && b.mod !== mod) return false;
  if (b.shift !== undefined && b.shift !== e.shiftKey) return false;
  if (b.noAlt && e.altKey) return false;
  return b.whileTyping === true || !e.typing;
}

/** Whether the press matches the binding by its physical key ('code') or by what it types ('key'). */
export function matchOf(b: KeyBinding, e: KeyPress): 'code' | 'key' | null {
  if (!modifiersMatch(b, e)) return null;
  if (e.code !== undefined && b.codes?.includes(e.code)) return 'code';
  if (b.keys?.some((k) => k.toLowerCase() === e.key.toLowerCase())) return 'key';
  return null;
}

/**
 * The first of `entries` whose binding the press matches: a binding by the physical key wins over
 * one by what the key types (Shift+0 types '=' on a German layout, which is not zoom in there).
 */
export function findBinding<T>(
  entries: readonly T[],
  bindings: (entry: T) => readonly KeyBinding[],
  e: KeyPress,
): { entry: T; binding: KeyBinding } | null {
  let byKey: { entry: T; binding: KeyBinding } | null = null;
  for (const entry of entries) {
    for (const binding of bindings(entry)) {
      const how = matchOf(binding, e);
      if (how === 'code') return { entry, binding };
      if (how === 'key' && byKey === null) byKey = { entry, binding };
    }
  }
  return byKey;
}

/** A binding as the help writes it: "Ctrl/⌘ + Shift + Z", "Umschalt + 1", "Entf". */
export function keyText(b: KeyBinding, t: TFunction): string {
  const parts: string[] = [];
  if (b.mod) parts.push(t('editor.keys.mod'));
  if (b.shift) parts.push(t('editor.keys.shift'));
  if (b.show !== undefined) parts.push(typeof b.show === 'string' ? b.show : t(`editor.keys.${b.show.named}`));
  return parts.join(' + ');
}

/** Every listed binding of a command, joined: "+ / Ctrl/⌘ + +". Empty when none is listed. */
export function keysText(bindings: readonly KeyBinding[], t: TFunction): string {
  return bindings
    .filter((b) => b.show !== undefined)
    .map((b) => keyText(b, t))
    .join(' / ');
}
