// The shortcut help's rows: the command table's keys, and the gestures that are no command.
import type { ParseKeys, TFunction } from 'i18next';
import { COMMANDS, COMMAND_GROUPS, type Command, type CommandGroup } from './commandTable';
import { keyText } from './keys';

/**
 * What the pointer and the browser do that is no command of the table: gestures, and the
 * clipboard's keys (the browser's copy, cut and paste events carry them).
 */
const GESTURES: readonly { group: CommandGroup; keys: ParseKeys; what: ParseKeys }[] = [
  { group: 'view', keys: 'editor.shortcuts.panKeys', what: 'editor.shortcuts.pan' },
  { group: 'view', keys: 'editor.shortcuts.scroll', what: 'editor.shortcuts.scrollWhat' },
  { group: 'view', keys: 'editor.shortcuts.pinch', what: 'editor.shortcuts.zoom' },
  { group: 'edit', keys: 'editor.shortcuts.drag', what: 'editor.selection.keys.boxSelect' },
  { group: 'edit', keys: 'editor.shortcuts.shiftClick', what: 'editor.shortcuts.multiSelect' },
  { group: 'edit', keys: 'editor.shortcuts.doubleClick', what: 'editor.shortcuts.editTitle' },
  { group: 'edit', keys: 'editor.shortcuts.copyKeys', what: 'editor.selection.keys.copy' },
  { group: 'edit', keys: 'editor.shortcuts.cutKeys', what: 'editor.selection.keys.cut' },
  { group: 'edit', keys: 'editor.shortcuts.pasteKeys', what: 'editor.selection.keys.paste' },
  { group: 'edit', keys: 'editor.selection.keys.handle', what: 'editor.selection.keys.resize' },
  { group: 'edit', keys: 'editor.selection.keys.altDrag', what: 'editor.selection.keys.noSnap' },
  { group: 'general', keys: 'editor.shortcuts.tabKeys', what: 'access.shortcutTab' },
];

export interface ShortcutRow {
  group: CommandGroup;
  /** Each way to press it: "Shift + 0", "Ctrl/⌘ + 0". */
  keys: string[];
  what: string;
  /** The command the row is for; none for a gesture. */
  command?: string;
}

/** The help's rows: every command with keys (from the table), then the gestures, by group. */
export function shortcutRows(t: TFunction, commands: readonly Command[] = COMMANDS): ShortcutRow[] {
  const rows: ShortcutRow[] = [
    ...commands
      .map((c) => ({
        group: c.group,
        keys: c.keys.filter((b) => b.show !== undefined).map((b) => keyText(b, t)),
        what: t(c.describe ?? c.label),
        command: c.id,
      }))
      .filter((r) => r.keys.length > 0),
    ...GESTURES.map((g) => ({ group: g.group, keys: [t(g.keys)], what: t(g.what) })),
  ];
  return COMMAND_GROUPS.flatMap((group) => rows.filter((r) => r.group === group));
}
