// The publishing folder's panel as the registry (panels/registry.ts) and the side menu know it.
// The map's address and access need the editor role; search engines and embedding any editing role.
import type { PanelDefinition } from '../types';
import { PublishingPanel } from './PublishingPanel';

export const publishingPanel: PanelDefinition = {
  kind: 'panel',
  id: 'publishing',
  menu: [
    { id: 'seo', group: 'manage', role: 'student', lock: 'seo' },
    { id: 'mapUrl', group: 'manage', role: 'editor', lock: 'map_url' },
    { id: 'mapAccess', group: 'manage', role: 'editor', lock: 'map_access' },
    { id: 'embedCode', group: 'manage', role: 'student', lock: 'embed' },
  ],
  Component: PublishingPanel,
};
