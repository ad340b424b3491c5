// The header folder's panel as the registry (panels/registry.ts) and the side menu know it.
import type { PanelDefinition } from '../types';
import { HeaderPanel } from './HeaderPanel';

export const headerPanel: PanelDefinition = {
  kind: 'panel',
  id: 'headerBar',
  menu: [{ id: 'headerBar', group: 'organize', role: 'student', lock: 'header_bar' }],
  Component: HeaderPanel,
};
