// The protocol folder's panel as the registry (panels/registry.ts) and the side menu know it.
import type { PanelDefinition } from '../types';
import { ProtocolPanel } from './ProtocolPanel';

export const protocolPanel: PanelDefinition = {
  kind: 'panel',
  id: 'protocol',
  menu: [{ id: 'protocol', group: 'manage', role: 'admin' }],
  Component: ProtocolPanel,
};
