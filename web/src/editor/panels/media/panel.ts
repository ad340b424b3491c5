// The media folder's panels as the registry (panels/registry.ts) and the side menu know them.
// The library's templates are a view of the same library; only the assets take the library's lock.
import type { PanelDefinition } from '../types';
import { MediaLibraryPanel, MediaTemplatesPanel } from './MediaPanels';

export const mediaTemplatesPanel: PanelDefinition = {
  kind: 'panel',
  id: 'mediaTemplates',
  menu: [{ id: 'mediaTemplates', group: 'organize', role: 'student' }],
  Component: MediaTemplatesPanel,
};

export const mediaLibraryPanel: PanelDefinition = {
  kind: 'panel',
  id: 'mediaLibrary',
  menu: [{ id: 'mediaAssets', group: 'organize', role: 'student', lock: 'media_asset' }],
  Component: MediaLibraryPanel,
};
