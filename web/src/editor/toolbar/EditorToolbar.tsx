import { Fragment, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnabledShape } from '../../api/document';
import type { Visitor } from '../../api/live';
import type { CanvasController } from '../canvas/canvasController';
import { CommandButton } from '../commands/CommandButton';
import { COMMANDS, type BarGroup, type CommandContext } from '../commands/commandTable';
import { PresenceList } from '../session/PresenceList';
import { ToolPicker } from './ToolPicker';
import { MoreTools } from './MoreTools';
import { useCollapsed } from './useCollapsed';
import { useRovingFocus } from './useRovingFocus';
import styles from '../Editor.module.css';

const noSubscribe = () => () => undefined;

interface EditorToolbarProps {
  mapName: string;
  /** What the commands read and change; the bar shows the command table's commands. */
  commands: CommandContext;
  levels: number;
  self: Visitor | null;
  others: readonly Visitor[];
  /** The canvas language switch (shown for maps of several languages). */
  languageSwitch?: ReactNode;
  onShape: (shape: EnabledShape) => void;
  /** More groups after the selection's actions (arranging it). */
  children?: ReactNode;
}

/** The bar's parts that move into "More" when it is too narrow, the first to go first. */
const COLLAPSE_ORDER = ['shortcuts', 'outline', 'extras', 'zoom', 'actions'] as const;
type Collapsible = (typeof COLLAPSE_ORDER)[number];
/** The labels of the bar's command groups (the others are one button each). */
const GROUP_LABELS = { zoom: 'editor.zoom.label', actions: 'editor.actions.label' } as const;

/**
 * The editor's top bar: the map's name, the tools, level, zoom, undo and the selection's actions,
 * who is here. Where it is too narrow (900 px, or long German labels), its later parts move into
 * "More". One Tab stop: the arrow keys move between its controls (roving focus).
 */
export function EditorToolbar({ mapName, commands, levels, self, others, languageSwitch, onShape, children }: EditorToolbarProps) {
  const { t, i18n } = useTranslation();
  const { canEdit, controller } = commands;
  const bar = useRef<HTMLElement>(null);
  const roving = useRovingFocus(bar);
  // What changes the bar's width: the labels' language, the name, who is here, the tools shown.
  const content = [i18n.language, mapName, others.length, canEdit, languageSwitch ? 1 : 0].join('\u0000');
  const collapsed = useCollapsed(bar, COLLAPSE_ORDER.length, content);
  const moved = new Set<Collapsible>(COLLAPSE_ORDER.slice(0, collapsed));
  const buttons = (group: BarGroup) =>
    COMMANDS.filter((c) => c.bar?.group === group && !(c.edits && !canEdit)).map((command) => (
      <Fragment key={command.id}>
        {command.bar?.face === 'zoomFigure' ? (
          <CommandButton command={command} context={commands} className={styles.zoomFigure}>
            <ZoomFigure controller={controller} />
          </CommandButton>
        ) : (
          <CommandButton command={command} context={commands} />
        )}
      </Fragment>
    ));
  const group = (name: keyof typeof GROUP_LABELS) => {
    const inside = buttons(name);
    return (
      inside.length > 0 && (
        <div key={name} className={styles.group} role="group" aria-label={t(GROUP_LABELS[name])}>
          {inside}
        </div>
      )
    );
  };
  const parts: Record<Collapsible, ReactNode> = {
    zoom: group('zoom'),
    actions: group('actions'),
    extras: children && (
      <div key="extras" className={styles.group}>
        {children}
      </div>
    ),
    outline: <Fragment key="outline">{buttons('outline')}</Fragment>,
    shortcuts: <Fragment key="shortcuts">{buttons('shortcuts')}</Fragment>,
  };
  const inBar = (part: Collapsible) => (moved.has(part) ? null : parts[part]);
  const bodyOrder: Collapsible[] = ['zoom', 'actions', 'extras', 'outline', 'shortcuts'];
  return (
    <header
      className={styles.toolbar}
      ref={bar}
      role="toolbar"
      aria-label={t('editor.toolbar.label')}
      data-testid="editor-toolbar"
      onKeyDown={roving.onKeyDown}
      onFocus={roving.onFocus}
    >
      <h1 className={styles.mapName} title={mapName} data-squeezable>
        {mapName}
      </h1>
      {!canEdit && <span className={styles.readOnly}>{t('editor.readOnly')}</span>}
      {canEdit && <ToolPicker context={commands} onShape={onShape} />}
      <div className={styles.group} role="group" aria-label={t('editor.level.label')}>
        <label className={styles.levelLabel}>
          {t('editor.level.label')}
          <select
            value={commands.view.level}
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
  return <span data-testid="zoom-figure">{Math.round(scale * 100)} %</span>;
}
