// The templates folder's panels as the registry (panels/registry.ts) and the side menu know them.
import type { PanelDefinition } from '../types';
import { EdgeTemplatesPanel, ManageTemplatesPanel, ShapeTemplatesPanel } from './TemplatesPanel';

export const shapeTemplatesPanel: PanelDefinition = {
  kind: 'panel',
  id: 'shapeTemplates',
  menu: [{ id: 'shapeTemplates', group: 'create', role: 'student' }],
  Component: ShapeTemplatesPanel,
};

export const edgeTemplatesPanel: PanelDefinition = {
  kind: 'panel',
  id: 'edgeTemplates',
  menu: [{ id: 'edgeTemplates', group: 'create', role: 'student' }],
  Component: EdgeTemplatesPanel,
};

export const manageTemplatesPanel: PanelDefinition = {
  kind: 'panel',
  id: 'manageTemplates',
  menu: [{ id: 'manageTemplates', group: 'create', role: 'student' }],
  Component: ManageTemplatesPanel,
};
