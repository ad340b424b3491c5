// The mapSettings folder's panel as the registry (panels/registry.ts) and the side menu know it.
import type { PanelDefinition } from '../types';
import { MapSettingsPanel } from './MapSettingsPanel';

export const mapSettingsPanel: PanelDefinition = {
  kind: 'panel',
  id: 'mapSettings',
  menu: [{ id: 'mapSettings', group: 'create', role: 'student', lock: 'map' }],
  Component: MapSettingsPanel,
};
