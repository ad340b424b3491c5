// The globalSettings folder's panel as the registry (panels/registry.ts) and the side menu know it.
import type { PanelDefinition } from '../types';
import { GlobalSettingsPanel } from './GlobalSettingsPanel';

export const globalSettingsPanel: PanelDefinition = {
  kind: 'panel',
  id: 'globalSettings',
  menu: [{ id: 'globalSettings', group: 'create', role: 'student', lock: 'global_design' }],
  Component: GlobalSettingsPanel,
};
