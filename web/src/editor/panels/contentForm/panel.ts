// The contentForm folder's panel as the registry (panels/registry.ts) and the side menu know it.
import type { PanelDefinition } from '../types';
import { ContentFormPanel } from './ContentFormPanel';

export const contentFormPanel: PanelDefinition = {
  kind: 'panel',
  id: 'contentForm',
  menu: [{ id: 'contentForm', group: 'create', role: 'student' }],
  Component: ContentFormPanel,
};
