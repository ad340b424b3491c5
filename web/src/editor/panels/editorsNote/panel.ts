// The editorsNote folder's panel as the registry (panels/registry.ts) and the side menu know it.
import type { PanelDefinition } from '../types';
import { EditorsNotePanel } from './EditorsNotePanel';

export const editorsNotePanel: PanelDefinition = {
  kind: 'panel',
  id: 'editorsNote',
  menu: [{ id: 'editorsNote', group: 'organize', role: 'student', lock: 'editors_note' }],
  Component: EditorsNotePanel,
};
