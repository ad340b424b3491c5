// Add node: the shapes to draw with (the drawing itself is the canvas's; choosing the option
// again closes the panel and ends the mode).
import { AddNodePanel } from '../../shell/EditorParts';
import type { PanelProps } from '../types';

export function AddNodeShapes({ tool, level, levels, controller, chooseOption }: PanelProps) {
  return (
    <AddNodePanel
      active={tool.kind === 'addNode' ? tool.shape : null}
      level={level}
      levels={levels}
      onShape={(shape) => controller?.setTool({ kind: 'addNode', shape })}
      onClose={() => {
        chooseOption('addNode');
      }}
    />
  );
}
