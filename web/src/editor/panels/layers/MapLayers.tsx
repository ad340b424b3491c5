// The map's zoom levels, the current one chosen here: each can be hidden, locked or deleted (after
// a question that counts what goes with it), and all edges hidden or locked at once.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shell/EditorParts';
import { PanelFrame } from '../kit/PanelFrame';
import kit from '../kit/Panel.module.css';
import type { PanelProps } from '../types';
import styles from './Layers.module.css';

export function MapLayers({ store, levels, level: current, controller, chooseOption }: PanelProps) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<number | null>(null);
  const edges = store.document.edges;
  const byId = new Map(store.layers.map((l) => [l.id, l]));
  const onCurrent = (level: number) => controller?.setLevel(level);
  // Says what goes with the level, counted by the rule that deletes it.
  const layerDeletionText = (layer: number) => {
    const p = store.preview({ type: 'deleteLayer', layer });
    if (p.removedNodes === 0 && p.removedEdges === 0) return t('editor.layers.deleteText');
    return t('editor.layers.deleteTextRemoves', {
      nodes: t('editor.remove.nodes', { count: p.removedNodes }),
      edges: t('editor.remove.edges', { count: p.removedEdges }),
    });
  };
  return (
    <PanelFrame
      title={t('editor.menu.options.layers')}
      testId="layers-panel"
      onClose={() => {
        chooseOption('layers');
      }}
    >
      <p className={kit.note}>{t('editor.layers.count', { count: levels })}</p>
      <ol className={styles.layers}>
        {Array.from({ length: levels }, (_, i) => i + 1).map((id) => {
          const layer = byId.get(id) ?? { id, hidden: false, locked: false };
          return (
            <li
              key={id}
              className={[styles.layer, id === current && styles.layerCurrent].filter(Boolean).join(' ')}
              data-testid={`layer-${id}`}
            >
              <button
                type="button"
                className={styles.layerName}
                aria-current={id === current ? 'true' : undefined}
                onClick={() => {
                  onCurrent(id);
                }}
              >
                {t('editor.layers.name', { level: id })}
              </button>
              <label className={styles.toggle} title={t('editor.layers.hidden')}>
                <input
                  type="checkbox"
                  checked={layer.hidden}
                  onChange={(e) => store.apply({ type: 'setLayerHidden', layer: id, hidden: e.target.checked })}
                />
                {t('editor.layers.hidden')}
              </label>
              <label className={styles.toggle} title={t('editor.layers.locked')}>
                <input
                  type="checkbox"
                  checked={layer.locked}
                  onChange={(e) => store.apply({ type: 'setLayerLocked', layer: id, locked: e.target.checked })}
                />
                {t('editor.layers.locked')}
              </label>
              <button
                type="button"
                className={styles.layerDelete}
                disabled={levels <= 1}
                aria-label={t('editor.layers.delete', { level: id })}
                title={t('editor.layers.delete', { level: id })}
                onClick={() => {
                  setDeleting(id);
                }}
              >
                ×
              </button>
            </li>
          );
        })}
      </ol>
      <div className={styles.allEdges} data-testid="all-edges">
        <span className={styles.allEdgesName}>{t('editor.layers.allEdges', { count: edges.length })}</span>
        <label className={styles.toggle}>
          <input
            type="checkbox"
            data-testid="all-edges-hidden"
            disabled={edges.length === 0}
            checked={edges.length > 0 && edges.every((e) => e.visibility.hidden)}
            onChange={(e) => store.apply({ type: 'setAllEdges', hidden: e.target.checked })}
          />
          {t('editor.layers.hidden')}
        </label>
        <label className={styles.toggle}>
          <input
            type="checkbox"
            data-testid="all-edges-locked"
            disabled={edges.length === 0}
            checked={edges.length > 0 && edges.every((e) => e.locked)}
            onChange={(e) => store.apply({ type: 'setAllEdges', locked: e.target.checked })}
          />
          {t('editor.layers.locked')}
        </label>
      </div>
      {deleting !== null && (
        <ConfirmDialog
          title={t('editor.layers.deleteTitle', { level: deleting })}
          text={layerDeletionText(deleting)}
          confirm={t('editor.remove.confirm')}
          onConfirm={() => {
            store.apply({ type: 'deleteLayer', layer: deleting });
            if (current >= levels) onCurrent(Math.max(1, levels - 1));
            setDeleting(null);
          }}
          onClose={() => {
            setDeleting(null);
          }}
        />
      )}
    </PanelFrame>
  );
}
