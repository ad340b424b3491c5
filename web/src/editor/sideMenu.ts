// The editor's side menu (map-editor.md §2) as one table: each option's group, label, the role it
// needs, what it opens, and the section lock it takes (so that another editor's lock marks it).
import type { LockElemType } from '../api/live';
import { hasRole, type Role } from '../account/roles';

export type MenuGroup = 'create' | 'organize' | 'manage';

export type MenuOptionId =
  | 'addNode'
  | 'textOnMap'
  | 'edgeConnection'
  | 'nodeDesign'
  | 'contentForm'
  | 'nodeVisibility'
  | 'edgeDesign'
  | 'edgeVisibility'
  | 'shapeTemplates'
  | 'edgeTemplates'
  | 'globalSettings'
  | 'manageTemplates'
  | 'mapSettings'
  | 'layers'
  | 'editorsNote'
  | 'glossary'
  | 'sources'
  | 'headerBar'
  | 'quiz'
  | 'quizForm'
  | 'tableOfContents'
  | 'mediaTemplates'
  | 'mediaAssets'
  | 'socialNetworks'
  | 'cookieConsent'
  | 'seo'
  | 'mapUrl'
  | 'mapAccess'
  | 'embedCode'
  | 'versions'
  | 'protocol';

/**
 * What choosing an option opens: a panel beside the canvas, a drawing mode on it, or nothing yet
 * (the option is listed and disabled: it comes with the design tools).
 */
export type PanelId =
  | 'addNode'
  | 'layers'
  | 'nodeDesign'
  | 'contentForm'
  | 'nodeVisibility'
  | 'edgeDesign'
  | 'edgeVisibility'
  | 'shapeTemplates'
  | 'edgeTemplates'
  | 'manageTemplates'
  | 'mapSettings'
  | 'globalSettings'
  | 'editorsNote'
  | 'glossary'
  | 'references'
  | 'headerBar'
  | 'publishing'
  | 'versions'
  | 'protocol'
  | 'tableOfContents'
  | 'socialSharing'
  | 'cookieConsent'
  | 'quiz'
  | 'quizForm'
  | 'mediaLibrary'
  | 'mediaTemplates';

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

const later: MenuOpens = { kind: 'later' };

export const MENU_OPTIONS: readonly MenuOption[] = [
  { id: 'addNode', group: 'create', label: 'addNode', role: 'student', opens: { kind: 'panel', panel: 'addNode' } },
  { id: 'textOnMap', group: 'create', label: 'textOnMap', role: 'student', opens: later },
  { id: 'edgeConnection', group: 'create', label: 'edgeConnection', role: 'student', opens: { kind: 'mode', mode: 'connect' } },
  { id: 'layers', group: 'create', label: 'layers', role: 'student', opens: { kind: 'panel', panel: 'layers' } },
  { id: 'nodeDesign', group: 'create', label: 'nodeDesign', role: 'student', opens: { kind: 'panel', panel: 'nodeDesign' } },
  { id: 'contentForm', group: 'create', label: 'contentForm', role: 'student', opens: { kind: 'panel', panel: 'contentForm' } },
  { id: 'nodeVisibility', group: 'create', label: 'nodeVisibility', role: 'student', opens: { kind: 'panel', panel: 'nodeVisibility' } },
  { id: 'edgeDesign', group: 'create', label: 'edgeDesign', role: 'student', opens: { kind: 'panel', panel: 'edgeDesign' } },
  { id: 'edgeVisibility', group: 'create', label: 'edgeVisibility', role: 'student', opens: { kind: 'panel', panel: 'edgeVisibility' } },
  { id: 'shapeTemplates', group: 'create', label: 'shapeTemplates', role: 'student', opens: { kind: 'panel', panel: 'shapeTemplates' } },
  { id: 'edgeTemplates', group: 'create', label: 'edgeTemplates', role: 'student', opens: { kind: 'panel', panel: 'edgeTemplates' } },
  {
    id: 'globalSettings',
    group: 'create',
    label: 'globalSettings',
    role: 'student',
    opens: { kind: 'panel', panel: 'globalSettings' },
    lock: 'global_design',
  },
  { id: 'manageTemplates', group: 'create', label: 'manageTemplates', role: 'student', opens: { kind: 'panel', panel: 'manageTemplates' } },
  {
    id: 'mapSettings',
    group: 'create',
    label: 'mapSettings',
    role: 'student',
    opens: { kind: 'panel', panel: 'mapSettings' },
    lock: 'map',
  },
  {
    id: 'editorsNote',
    group: 'organize',
    label: 'editorsNote',
    role: 'student',
    opens: { kind: 'panel', panel: 'editorsNote' },
    lock: 'editors_note',
  },
  { id: 'glossary', group: 'organize', label: 'glossary', role: 'student', opens: { kind: 'panel', panel: 'glossary' }, lock: 'glossary' },
  { id: 'sources', group: 'organize', label: 'sources', role: 'student', opens: { kind: 'panel', panel: 'references' }, lock: 'source' },
  {
    id: 'headerBar',
    group: 'organize',
    label: 'headerBar',
    role: 'student',
    opens: { kind: 'panel', panel: 'headerBar' },
    lock: 'header_bar',
  },
  { id: 'quiz', group: 'organize', label: 'quiz', role: 'editor', opens: { kind: 'panel', panel: 'quiz' }, lock: 'quiz' },
  // One quiz's questions and answers, reached from the quiz list: the quizzes' role and lock.
  { id: 'quizForm', group: 'organize', label: 'quizForm', role: 'editor', opens: { kind: 'panel', panel: 'quizForm' }, lock: 'quiz' },
  {
    id: 'tableOfContents',
    group: 'organize',
    label: 'tableOfContents',
    role: 'editor',
    opens: { kind: 'panel', panel: 'tableOfContents' },
    lock: 'table_of_contents',
  },
  // The client's media library; its templates are a view of the same panel.
  { id: 'mediaTemplates', group: 'organize', label: 'mediaTemplates', role: 'student', opens: { kind: 'panel', panel: 'mediaTemplates' } },
  {
    id: 'mediaAssets',
    group: 'organize',
    label: 'mediaAssets',
    role: 'student',
    opens: { kind: 'panel', panel: 'mediaLibrary' },
    lock: 'media_asset',
  },
  {
    id: 'socialNetworks',
    group: 'manage',
    label: 'socialNetworks',
    role: 'student',
    opens: { kind: 'panel', panel: 'socialSharing' },
    lock: 'social_sharing',
  },
  {
    id: 'cookieConsent',
    group: 'manage',
    label: 'cookieConsent',
    role: 'student',
    opens: { kind: 'panel', panel: 'cookieConsent' },
    lock: 'cookie_consent',
  },
  { id: 'seo', group: 'manage', label: 'seo', role: 'student', opens: { kind: 'panel', panel: 'publishing' }, lock: 'seo' },
  { id: 'mapUrl', group: 'manage', label: 'mapUrl', role: 'editor', opens: { kind: 'panel', panel: 'publishing' }, lock: 'map_url' },
  {
    id: 'mapAccess',
    group: 'manage',
    label: 'mapAccess',
    role: 'editor',
    opens: { kind: 'panel', panel: 'publishing' },
    lock: 'map_access',
  },
  { id: 'embedCode', group: 'manage', label: 'embedCode', role: 'student', opens: { kind: 'panel', panel: 'publishing' }, lock: 'embed' },
  // Anyone who edits sees the versions; publishing and restoring them need the editor role (the panel says so).
  { id: 'versions', group: 'manage', label: 'versions', role: 'student', opens: { kind: 'panel', panel: 'versions' } },
  { id: 'protocol', group: 'manage', label: 'protocol', role: 'admin', opens: { kind: 'panel', panel: 'protocol' } },
];

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
