// What every panel is given (EditorPanels passes the same props to whichever panel is open), and
// what each panel declares about itself for the registry (registry.ts) and the side menu.
import type { ComponentType } from 'react';
import type { Role } from '../../account/roles';
import type { LockElemType } from '../../api/live';
import type { Language } from '../../api/types';
import type { CanvasController } from '../canvas/canvasController';
import type { Tool } from '../canvas/canvasView';
import type { PublicationSource } from '../session/publication';
import type { DocumentStore } from '../store';
import type { LockHolder } from './kit/PanelFrame';

export type MenuGroup = 'create' | 'organize' | 'manage';

/** The side menu's options (map-editor.md §2), each a key under editor.menu.options. */
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

/** The panels beside the canvas; one panel may be opened by several options (publishing, quizzes). */
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
  | 'mediaLibrary'
  | 'mediaTemplates';

/** What the open panel is given. */
export interface PanelProps {
  store: DocumentStore;
  controller: CanvasController | null;
  /** The side-menu option that opened the panel (publishing and quizzes show one part per option). */
  option: MenuOptionId;
  chooseOption: (id: MenuOptionId) => void;
  closePanel: () => void;
  tool: Tool;
  level: number;
  levels: number;
  /** The node and edge the selection ends with. */
  editingNode: number | undefined;
  editingEdge: number | undefined;
  /** The node the content form shows (it stays while its text is unsaved). */
  contentNode: number | undefined;
  /** The language the canvas shows (panels with texts by language open on it). */
  canvasLanguage?: Language;
  setPanelUnsaved: (dirty: boolean) => void;
  managedTemplate: number | null;
  setManagedTemplate: (id: number | null) => void;
  /** Another editor holding an element's lock, or null. */
  holderOf: (type: LockElemType, id: number | string) => LockHolder | null;
  /** Another editor holding the section lock the open option takes, or null. */
  sectionHolder: LockHolder | null;
  publication: PublicationSource;
  canPublish: boolean;
  isAdmin: boolean;
  /** The client whose media library the map uses. */
  clientName: string;
}

/** A side-menu option a panel is opened by. */
export interface MenuEntry {
  id: MenuOptionId;
  group: MenuGroup;
  /** The role the option needs (account/roles.ts). */
  role: Role;
  /** The section lock the option takes while open, when it edits a section one editor at a time. */
  lock?: LockElemType;
}

/** A panel as it registers itself: one folder under panels/ exports one (or a few) of these. */
export interface PanelDefinition {
  kind: 'panel';
  id: PanelId;
  /** The options that open it, in side-menu order (their labels are editor.menu.options.<id>). */
  menu: readonly MenuEntry[];
  Component: ComponentType<PanelProps>;
}

/** A side-menu option that is no panel: a drawing mode on the canvas, or one listed for later. */
export interface MenuOnlyEntry {
  kind: 'mode' | 'later';
  menu: readonly MenuEntry[];
}

export type RegistryEntry = PanelDefinition | MenuOnlyEntry;
