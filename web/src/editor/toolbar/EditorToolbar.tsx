import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnabledShape } from '../api/document';
import type { Visitor } from '../api/live';
import { Button } from '../layout/Button';
import type { CanvasController, Tool } from './canvasController';
import { minimapSetting } from './editorSettings';
import { PresenceList } from './EditorParts';
import { ToolPicker, type ToolKind } from './ToolPicker';
import type { DocumentStore } from './store';
import styles from './Editor.module.css';
import toolStyles from './ToolPicker.module.css';

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
  /** The canvas language switch (shown for maps of several languages). */
  languageSwitch?: ReactNode;
  showOutline: boolean;
  onToggleOutline: () => void;
  tool: Tool;
  onTool: (kind: ToolKind) => void;
  onShape: (shape: EnabledShape) => void;
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
  languageSwitch,
  showOutline,
  onToggleOutline,
  tool,
  onTool,
  onShape,
  children,
}: EditorToolbarProps) {
  const { t } = useTranslation();
  const minimap = useSyncExternalStore(minimapSetting.subscribe, minimapSetting.get);
  return (
    <header className={styles.toolbar}>
      <h1 className={styles.mapName} title={mapName}>
        {mapName}
      </h1>
      {!canEdit && <span className={styles.readOnly}>{t('editor.readOnly')}</span>}
      {canEdit && <ToolPicker tool={tool} onTool={onTool} onShape={onShape} />}
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
      {languageSwitch}
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
        <button
          type="button"
          className={[toolStyles.tool, minimap && toolStyles.active].filter(Boolean).join(' ')}
          aria-pressed={minimap}
          aria-label={t('editor.minimap.button')}
          title={t('editor.minimap.toggle')}
          data-testid="minimap-toggle"
          onClick={() => {
            minimapSetting.set(!minimap);
          }}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <rect x="3" y="5" width="18" height="14" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <rect x="12" y="11" width="6" height="5" fill="currentColor" />
          </svg>
        </button>
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
      <Button size="small" variant="ghost" aria-pressed={showOutline} onClick={onToggleOutline} data-testid="outline-toggle">
        {t('access.outline.button')}
      </Button>
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
