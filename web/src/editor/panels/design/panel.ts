// The design folder's panels as the registry (panels/registry.ts) and the side menu know them.
import type { PanelDefinition } from '../types';
import { EdgeDesignPanel, NodeDesignPanel } from './DesignPanel';

export const nodeDesignPanel: PanelDefinition = {
  kind: 'panel',
  id: 'nodeDesign',
  menu: [{ id: 'nodeDesign', group: 'create', role: 'student' }],
  Component: NodeDesignPanel,
};

export const edgeDesignPanel: PanelDefinition = {
  kind: 'panel',
  id: 'edgeDesign',
  menu: [{ id: 'edgeDesign', group: 'create', role: 'student' }],
  Component: EdgeDesignPanel,
};
