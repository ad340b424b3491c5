// The tableOfContents folder's panel as the registry (panels/registry.ts) and the side menu know it.
import type { PanelDefinition } from '../types';
import { TocPanel } from './TocPanel';

export const tableOfContentsPanel: PanelDefinition = {
  kind: 'panel',
  id: 'tableOfContents',
  menu: [{ id: 'tableOfContents', group: 'organize', role: 'editor', lock: 'table_of_contents' }],
  Component: TocPanel,
};
