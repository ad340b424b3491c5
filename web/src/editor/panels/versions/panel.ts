// The versions folder's panel as the registry (panels/registry.ts) and the side menu know it.
// Anyone who edits sees the versions; publishing and restoring them need the editor role (the panel says so).
import type { PanelDefinition } from '../types';
import { VersionsPanel } from './VersionsPanel';

export const versionsPanel: PanelDefinition = {
  kind: 'panel',
  id: 'versions',
  menu: [{ id: 'versions', group: 'manage', role: 'student' }],
  Component: VersionsPanel,
};
