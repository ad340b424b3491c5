import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DISABLED_SHAPES, ENABLED_SHAPES, type Edge, type EnabledShape, type Layer } from '../../api/document';
import { Button } from '../../layout/Button';
import { Dialog, DialogActions } from '../../layout/Dialog';
import type { DocumentStore } from '../store';
import styles from '../Editor.module.css';

// --- Panels -------------------------------------------------------------------------------------

function Panel({ title, onClose, children, testId }: { title: string; onClose: () => void; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <aside data-over-map="" className={styles.panel} aria-label={title} data-testid={testId}>
      <header className={styles.panelHeader}>
        <h2 className={styles.panelTitle}>{title}</h2>
        <button type="button" className={styles.panelClose} aria-label={t('dialog.close')} onClick={onClose}>
          ×
        </button>
      </header>
      {children}
    </aside>
  );
}

export function ShapeIcon({ shape }: { shape: EnabledShape | (typeof DISABLED_SHAPES)[number] }) {
  const paths: Partial<Record<string, string>> = {
    rectangle: 'M3 5h18v14H3z',
    triangle_top: 'M12 3l9 18H3z',
    triangle_bottom: 'M3 3h18l-9 18z',
    rhombus: 'M12 2l10 10-10 10L2 12z',
    parallelogram: 'M7 5h15l-5 14H2z',
    hexagon_hor: 'M7 4h10l5 8-5 8H7l-5-8z',
    hexagon_vert: 'M12 2l9 5v10l-9 5-9-5V7z',
    pentagon: 'M12 2l10 7-4 13H6L2 9z',
    star: 'M12 2l3 7h7l-6 5 2 8-6-5-6 5 2-8-6-5h7z',
    trapezoid_top: 'M7 5h10l5 14H2z',
    trapezoid_bottom: 'M2 5h20l-5 14H7z',
  };
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {shape === 'circle' ? (
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      ) : (
        <path d={paths[shape] ?? ''} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      )}
    </svg>
  );
}

export function AddNodePanel({
  active,
  level,
  levels,
  onShape,
  onClose,
}: {
  active: EnabledShape | null;
  level: number;
  levels: number;
  onShape: (shape: EnabledShape) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Panel title={t('editor.menu.options.addNode')} onClose={onClose} testId="add-node-panel">
      <p className={styles.panelText}>{t('editor.addNode.intro', { from: level, to: levels })}</p>
      <ul className={styles.shapes}>
        {ENABLED_SHAPES.map((shape) => (
          <li key={shape}>
            <button
              type="button"
              className={[styles.shape, active === shape && styles.shapeActive].filter(Boolean).join(' ')}
              aria-pressed={active === shape}
              data-testid={`shape-${shape}`}
              onClick={() => {
                onShape(shape);
              }}
            >
              <ShapeIcon shape={shape} />
              {t(`editor.shapes.${shape}`)}
            </button>
          </li>
        ))}
        {DISABLED_SHAPES.map((shape) => (
          <li key={shape}>
            <button type="button" className={styles.shape} disabled title={t('editor.menu.withDesignTools')}>
              <ShapeIcon shape={shape} />
              {t(`editor.shapes.${shape}`)}
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function LayersPanel({
  store,
  layers,
  edges,
  levels,
  current,
  onCurrent,
  onClose,
}: {
  store: DocumentStore;
  layers: readonly Layer[];
  edges: readonly Edge[];
  levels: number;
  current: number;
  onCurrent: (level: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<number | null>(null);
  const byId = new Map(layers.map((l) => [l.id, l]));
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
    <Panel title={t('editor.menu.options.layers')} onClose={onClose} testId="layers-panel">
      <p className={styles.panelText}>{t('editor.layers.count', { count: levels })}</p>
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
              <label className={styles.layerToggle} title={t('editor.layers.hidden')}>
                <input
                  type="checkbox"
                  checked={layer.hidden}
                  onChange={(e) => store.apply({ type: 'setLayerHidden', layer: id, hidden: e.target.checked })}
                />
                {t('editor.layers.hidden')}
              </label>
              <label className={styles.layerToggle} title={t('editor.layers.locked')}>
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
        <label className={styles.layerToggle}>
          <input
            type="checkbox"
            data-testid="all-edges-hidden"
            disabled={edges.length === 0}
            checked={edges.length > 0 && edges.every((e) => e.visibility.hidden)}
            onChange={(e) => store.apply({ type: 'setAllEdges', hidden: e.target.checked })}
          />
          {t('editor.layers.hidden')}
        </label>
        <label className={styles.layerToggle}>
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
    </Panel>
  );
}

export function ConfirmDialog({
  title,
  text,
  confirm,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirm: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog title={title} onClose={onClose} describedBy={id} testId="confirm-dialog">
      <p id={id}>{text}</p>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('editor.remove.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} autoFocus>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
