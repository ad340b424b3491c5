import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Visitor } from '../api/live';
import { Button } from '../layout/Button';
import type { CanvasController } from './canvasController';
import { PresenceList } from './EditorParts';
import type { DocumentStore } from './store';
import styles from './Editor.module.css';

const noSubscribe = () => () => undefined;

interface EditorToolbarProps {
  mapName: string;
  canEdit: boolean;
  controller: CanvasController | null;
  store: DocumentStore;
  level: number;
  levels: number;
  /** Whether clone and delete have something to work on. */
  canClone: boolean;
  canDelete: boolean;
  onClone: () => void;
  onDelete: () => void;
  self: Visitor | null;
  others: readonly Visitor[];
  showHelp: boolean;
  onToggleHelp: () => void;
  /** More groups after the selection's actions (arranging it). */
  children?: ReactNode;
}

/** The editor's top bar: the map's name, level, zoom, undo and the selection's actions, who is here. */
export function EditorToolbar({
  mapName,
  canEdit,
  controller,
  store,
  level,
  levels,
  canClone,
  canDelete,
  onClone,
  onDelete,
  self,
  others,
  showHelp,
  onToggleHelp,
  children,
}: EditorToolbarProps) {
  const { t } = useTranslation();
  return (
    <header className={styles.toolbar}>
      <h1 className={styles.mapName} title={mapName}>
        {mapName}
      </h1>
      {!canEdit && <span className={styles.readOnly}>{t('editor.readOnly')}</span>}
      <div className={styles.group} role="group" aria-label={t('editor.level.label')}>
        <label className={styles.levelLabel}>
          {t('editor.level.label')}
          <select
            value={level}
            data-testid="level-select"
            onChange={(e) => {
              controller?.setLevel(Number(e.target.value));
            }}
          >
            {Array.from({ length: levels }, (_, i) => i + 1).map((l) => (
              <option key={l} value={l}>
                {t('editor.level.option', { level: l, count: levels })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={styles.group} role="group" aria-label={t('editor.zoom.label')}>
        <Button
          size="small"
          variant="secondary"
          aria-label={t('editor.zoom.out')}
          title={t('editor.zoom.out')}
          onClick={() => controller?.zoomBy(0.8)}
        >
          −
        </Button>
        <ZoomFigure controller={controller} />
        <Button
          size="small"
          variant="secondary"
          aria-label={t('editor.zoom.in')}
          title={t('editor.zoom.in')}
          onClick={() => controller?.zoomBy(1.25)}
        >
          +
        </Button>
        <Button size="small" variant="secondary" onClick={() => controller?.fit()}>
          {t('editor.zoom.fit')}
        </Button>
      </div>
      {canEdit && (
        <div className={styles.group} role="group" aria-label={t('editor.actions.label')}>
          <Button size="small" variant="ghost" disabled={!store.canUndo} onClick={() => store.undo()} title={t('editor.actions.undoHint')}>
            {t('editor.actions.undo')}
          </Button>
          <Button size="small" variant="ghost" disabled={!store.canRedo} onClick={() => store.redo()} title={t('editor.actions.redoHint')}>
            {t('editor.actions.redo')}
          </Button>
          <Button size="small" variant="ghost" disabled={!canClone} onClick={onClone} data-testid="clone-button">
            {t('editor.actions.clone')}
          </Button>
          <Button size="small" variant="ghost" disabled={!canDelete} onClick={onDelete} data-testid="delete-button">
            {t('editor.actions.delete')}
          </Button>
        </div>
      )}
      {children}
      <div className={styles.spacer} />
      <PresenceList self={self} others={others} />
      <Button size="small" variant="ghost" aria-expanded={showHelp} onClick={onToggleHelp}>
        {t('editor.shortcuts.button')}
      </Button>
    </header>
  );
}

function ZoomFigure({ controller }: { controller: CanvasController | null }) {
  useSyncExternalStore(controller?.subscribeFrame ?? noSubscribe, controller?.getFrame ?? (() => 0));
  const scale = controller?.renderer.camera.scale ?? 1;
  return (
    <span className={styles.zoomFigure} data-testid="zoom-figure">
      {Math.round(scale * 100)} %
    </span>
  );
}
