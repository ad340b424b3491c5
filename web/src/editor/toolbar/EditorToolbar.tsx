import { useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnabledShape } from '../../api/document';
import type { Visitor } from '../../api/live';
import { Button } from '../../layout/Button';
import type { CanvasController } from '../canvas/canvasController';
import type { Tool } from '../canvas/canvasView';
import { minimapSetting } from '../canvas/editorSettings';
import { PresenceList } from '../session/PresenceList';
import { ToolPicker, type ToolKind } from './ToolPicker';
import type { DocumentStore } from '../store';
import { IconTool } from './IconTool';
import { MoreTools } from './MoreTools';
import { useCollapsed } from './useCollapsed';
import styles from '../Editor.module.css';
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

/** The bar's parts that move into "More" when it is too narrow, the first to go first. */
const COLLAPSE_ORDER = ['shortcuts', 'outline', 'extras', 'zoom', 'actions'] as const;
type Collapsible = (typeof COLLAPSE_ORDER)[number];

/**
 * The editor's top bar: the map's name, level, zoom, undo and the selection's actions, who is
 * here. Where it is too narrow (900 px, or long German labels), its later parts move into "More".
 */
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
  const { t, i18n } = useTranslation();
  const minimap = useSyncExternalStore(minimapSetting.subscribe, minimapSetting.get);
  const bar = useRef<HTMLElement>(null);
  // What changes the bar's width: the labels' language, the name, who is here, the tools shown.
  const content = [i18n.language, mapName, others.length, canEdit, languageSwitch ? 1 : 0].join('\u0000');
  const collapsed = useCollapsed(bar, COLLAPSE_ORDER.length, content);
  const moved = new Set<Collapsible>(COLLAPSE_ORDER.slice(0, collapsed));
  const parts: Record<Collapsible, ReactNode> = {
    zoom: (
      <div key="zoom" className={styles.group} role="group" aria-label={t('editor.zoom.label')}>
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
        <IconTool icon="fit" label={t('editor.zoom.fit')} onClick={() => controller?.fit()} />
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
    ),
    actions: canEdit && (
      <div key="actions" className={styles.group} role="group" aria-label={t('editor.actions.label')}>
        <IconTool
          icon="undo"
          label={t('editor.actions.undo')}
          hint={t('editor.actions.undoHint')}
          disabled={!store.canUndo}
          onClick={() => store.undo()}
        />
        <IconTool
          icon="redo"
          label={t('editor.actions.redo')}
          hint={t('editor.actions.redoHint')}
          disabled={!store.canRedo}
          onClick={() => store.redo()}
        />
        <IconTool icon="clone" label={t('editor.actions.clone')} disabled={!canClone} onClick={onClone} testId="clone-button" />
        <IconTool icon="delete" label={t('editor.actions.delete')} disabled={!canDelete} onClick={onDelete} testId="delete-button" />
      </div>
    ),
    extras: children && (
      <div key="extras" className={styles.group}>
        {children}
      </div>
    ),
    outline: (
      <Button key="outline" size="small" variant="ghost" aria-pressed={showOutline} onClick={onToggleOutline} data-testid="outline-toggle">
        {t('access.outline.button')}
      </Button>
    ),
    shortcuts: (
      <Button key="shortcuts" size="small" variant="ghost" aria-expanded={showHelp} onClick={onToggleHelp}>
        {t('editor.shortcuts.button')}
      </Button>
    ),
  };
  const inBar = (part: Collapsible) => (moved.has(part) ? null : parts[part]);
  const bodyOrder: Collapsible[] = ['zoom', 'actions', 'extras', 'outline', 'shortcuts'];
  return (
    <header className={styles.toolbar} ref={bar} data-testid="editor-toolbar">
      <h1 className={styles.mapName} title={mapName} data-squeezable>
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
      {inBar('zoom')}
      {inBar('actions')}
      {inBar('extras')}
      <div className={styles.spacer} />
      <PresenceList self={self} others={others} />
      {inBar('outline')}
      {inBar('shortcuts')}
      {collapsed > 0 && <MoreTools>{bodyOrder.filter((p) => moved.has(p)).map((p) => parts[p])}</MoreTools>}
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
