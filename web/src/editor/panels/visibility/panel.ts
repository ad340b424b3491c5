// The visibility folder's panels as the registry (panels/registry.ts) and the side menu know them.
import type { PanelDefinition } from '../types';
import { EdgeVisibilityPanel, NodeVisibilityPanel } from './VisibilityPanel';

export const nodeVisibilityPanel: PanelDefinition = {
  kind: 'panel',
  id: 'nodeVisibility',
  menu: [{ id: 'nodeVisibility', group: 'create', role: 'student' }],
  Component: NodeVisibilityPanel,
};

export const edgeVisibilityPanel: PanelDefinition = {
  kind: 'panel',
  id: 'edgeVisibility',
  menu: [{ id: 'edgeVisibility', group: 'create', role: 'student' }],
  Component: EdgeVisibilityPanel,
};
