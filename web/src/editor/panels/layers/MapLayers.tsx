// The map's zoom levels, the current one chosen here.
import { LayersPanel } from '../../shell/EditorParts';
import type { PanelProps } from '../types';

export function MapLayers({ store, levels, level, controller, chooseOption }: PanelProps) {
  return (
    <LayersPanel
      store={store}
      layers={store.layers}
      edges={store.document.edges}
      levels={levels}
      current={level}
      onCurrent={(l) => controller?.setLevel(l)}
      onClose={() => {
        chooseOption('layers');
      }}
    />
  );
}
