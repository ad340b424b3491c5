// The editor's side menu (map-editor.md §2), read from the panel registry: each option's group,
// label, the role it needs, what it opens, and the section lock it takes (so that another
// editor's lock marks it); and what choosing one does.
import type { LockElemType } from '../../api/live';
import { hasRole, type Role } from '../../account/roles';
import { REGISTRY } from './registry';
import type { MenuGroup, MenuOptionId, PanelId, RegistryEntry } from './types';

export type { MenuGroup, MenuOptionId, PanelId } from './types';

export type MenuOpens = { kind: 'panel'; panel: PanelId } | { kind: 'mode'; mode: 'connect' } | { kind: 'later' };

export interface MenuOption {
  id: MenuOptionId;
  group: MenuGroup;
  /** Key under editor.menu.options. */
  label: MenuOptionId;
  role: Role;
  opens: MenuOpens;
  /** The section lock the option takes while open, when it edits a section one editor at a time. */
  lock?: LockElemType;
}

function opensOf(entry: RegistryEntry): MenuOpens {
  if (entry.kind === 'panel') return { kind: 'panel', panel: entry.id };
  return entry.kind === 'mode' ? { kind: 'mode', mode: 'connect' } : { kind: 'later' };
}

/** The options in the registry's order, each with what it opens. */
export const MENU_OPTIONS: readonly MenuOption[] = REGISTRY.flatMap((entry) =>
  entry.menu.map((m): MenuOption => ({ id: m.id, group: m.group, label: m.id, role: m.role, opens: opensOf(entry), lock: m.lock })),
);

export const MENU_GROUPS: readonly MenuGroup[] = ['create', 'organize', 'manage'];

export type OptionState =
  { kind: 'available' } | { kind: 'later' } | { kind: 'needsRole'; role: Role } | { kind: 'lockedByOther'; color: string };

/** Whether an option can be chosen by a user of this role, given the section locks of others. */
export function optionState(
  option: MenuOption,
  role: Role | null,
  canEdit: boolean,
  sectionLocks: ReadonlyMap<LockElemType, string>,
): OptionState {
  if (!canEdit || !hasRole(role, option.role)) return { kind: 'needsRole', role: option.role };
  const color = option.lock ? sectionLocks.get(option.lock) : undefined;
  if (color !== undefined) return { kind: 'lockedByOther', color };
  if (option.opens.kind === 'later') return { kind: 'later' };
  return { kind: 'available' };
}

/** Whether an option in this state can be opened: a section another editor holds opens read-only. */
export function canOpen(option: MenuOption, state: OptionState): boolean {
  return state.kind === 'available' || (state.kind === 'lockedByOther' && option.opens.kind !== 'later');
}

/** The panel an open option shows, if it is one. */
export function panelOf(id: MenuOptionId | null): PanelId | null {
  const option = MENU_OPTIONS.find((o) => o.id === id);
  return option?.opens.kind === 'panel' ? option.opens.panel : null;
}

/** Choosing the open option again closes it; choosing another switches to it. */
export function toggleOption(open: MenuOptionId | null, chosen: MenuOptionId): MenuOptionId | null {
  return open === chosen ? null : chosen;
}
