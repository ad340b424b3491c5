// The addNode folder's panel as the registry (panels/registry.ts) and the side menu know it.
import type { PanelDefinition } from '../types';
import { AddNodeShapes } from './AddNodeShapes';

export const addNodePanel: PanelDefinition = {
  kind: 'panel',
  id: 'addNode',
  menu: [{ id: 'addNode', group: 'create', role: 'student' }],
  Component: AddNodeShapes,
};
