// The open side panel, for the selected element or the map: the side menu chooses the option,
// the registry (panels/registry.ts) says which panel it opens, and that panel is given the props.
import { panelDefinition } from './registry';
import type { PanelId, PanelProps } from './types';

interface EditorPanelsProps extends Omit<PanelProps, 'option'> {
  panel: PanelId | null;
  openOption: PanelProps['option'] | null;
}

export function EditorPanels({ panel, openOption, ...props }: EditorPanelsProps) {
  const definition = panel === null ? undefined : panelDefinition(panel);
  if (!definition || openOption === null) return null;
  const { Component } = definition;
  // Keyed by panel: another panel starts afresh, another option of the same panel (the quiz list
  // and one quiz) keeps what it holds.
  return <Component key={definition.id} option={openOption} {...props} />;
}
