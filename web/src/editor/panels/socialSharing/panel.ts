// The socialSharing folder's panel as the registry (panels/registry.ts) and the side menu know it.
import type { PanelDefinition } from '../types';
import { SocialSharingPanel } from './SocialSharingPanel';

export const socialSharingPanel: PanelDefinition = {
  kind: 'panel',
  id: 'socialSharing',
  menu: [{ id: 'socialNetworks', group: 'manage', role: 'student', lock: 'social_sharing' }],
  Component: SocialSharingPanel,
};
