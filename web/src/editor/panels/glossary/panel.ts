// The glossary folder's panel as the registry (panels/registry.ts) and the side menu know it.
import type { PanelDefinition } from '../types';
import { GlossaryPanel } from './GlossaryPanel';

export const glossaryPanel: PanelDefinition = {
  kind: 'panel',
  id: 'glossary',
  menu: [{ id: 'glossary', group: 'organize', role: 'student', lock: 'glossary' }],
  Component: GlossaryPanel,
};
