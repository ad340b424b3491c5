// The references folder's panel as the registry (panels/registry.ts) and the side menu know it.
import type { PanelDefinition } from '../types';
import { ReferencesPanel } from './ReferencesPanel';

export const referencesPanel: PanelDefinition = {
  kind: 'panel',
  id: 'references',
  menu: [{ id: 'sources', group: 'organize', role: 'student', lock: 'source' }],
  Component: ReferencesPanel,
};
