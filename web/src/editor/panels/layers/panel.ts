// The layers folder's panel as the registry (panels/registry.ts) and the side menu know it.
import type { PanelDefinition } from '../types';
import { MapLayers } from './MapLayers';

export const layersPanel: PanelDefinition = {
  kind: 'panel',
  id: 'layers',
  menu: [{ id: 'layers', group: 'create', role: 'student' }],
  Component: MapLayers,
};
