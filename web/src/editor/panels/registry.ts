// Every panel of the editor, and every side-menu option, once: the side menu (sideMenu.ts) lists
// them in this order, and EditorPanels shows the open one. A panel registers itself by exporting
// its definition from its folder's panel.ts (id, the options that open it with their group, role
// and section lock, its component); adding a panel is one new folder and one line here.
import { addNodePanel } from './addNode/panel';
import { contentFormPanel } from './contentForm/panel';
import { cookieConsentPanel } from './cookieConsent/panel';
import { edgeDesignPanel, nodeDesignPanel } from './design/panel';
import { editorsNotePanel } from './editorsNote/panel';
import { globalSettingsPanel } from './globalSettings/panel';
import { glossaryPanel } from './glossary/panel';
import { headerPanel } from './header/panel';
import { layersPanel } from './layers/panel';
import { mapSettingsPanel } from './mapSettings/panel';
import { mediaLibraryPanel, mediaTemplatesPanel } from './media/panel';
import { protocolPanel } from './protocol/panel';
import { publishingPanel } from './publishing/panel';
import { quizPanel } from './quiz/panel';
import { referencesPanel } from './references/panel';
import { socialSharingPanel } from './socialSharing/panel';
import { tableOfContentsPanel } from './tableOfContents/panel';
import { edgeTemplatesPanel, manageTemplatesPanel, shapeTemplatesPanel } from './templates/panel';
import type { PanelDefinition, PanelId, RegistryEntry } from './types';
import { versionsPanel } from './versions/panel';
import { edgeVisibilityPanel, nodeVisibilityPanel } from './visibility/panel';

export const REGISTRY: readonly RegistryEntry[] = [
  addNodePanel,
  // Drawing modes on the canvas, not panels: text on the map comes with the design tools.
  { kind: 'later', menu: [{ id: 'textOnMap', group: 'create', role: 'student' }] },
  { kind: 'mode', menu: [{ id: 'edgeConnection', group: 'create', role: 'student' }] },
  layersPanel,
  nodeDesignPanel,
  contentFormPanel,
  nodeVisibilityPanel,
  edgeDesignPanel,
  edgeVisibilityPanel,
  shapeTemplatesPanel,
  edgeTemplatesPanel,
  globalSettingsPanel,
  manageTemplatesPanel,
  mapSettingsPanel,
  editorsNotePanel,
  glossaryPanel,
  referencesPanel,
  headerPanel,
  quizPanel,
  tableOfContentsPanel,
  mediaTemplatesPanel,
  mediaLibraryPanel,
  socialSharingPanel,
  cookieConsentPanel,
  publishingPanel,
  versionsPanel,
  protocolPanel,
];

/** The registered panel of an id. */
export function panelDefinition(id: PanelId): PanelDefinition | undefined {
  return REGISTRY.find((e): e is PanelDefinition => e.kind === 'panel' && e.id === id);
}
