// The canvas and what lies over it: others' pointers, the title edited in place, the mode's
// hint, save status, minimap, the selection's buttons, and the panels commands open (search,
// outline, shortcut help).
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Visitor } from '../../api/live';
import { CanvasAnnouncer } from '../../access/CanvasAnnouncer';
import { OutlinePanel } from '../../access/OutlinePanel';
import type { CommandContext } from '../commands/commandTable';
import { ShortcutsPanel } from '../commands/ShortcutsPanel';
import { InTextRefusal, InTextTitleEditor } from '../intext/InTextTitleEditor';
import type { InTextTitle } from '../intext/useInTextTitle';
import { Minimap } from '../minimap/Minimap';
import { EditorSearch } from '../search/EditorSearch';
import { ArrangeButtons } from '../selection/ArrangeButtons';
import { PointerLayer } from '../session/PointerLayer';
import { NodeLinkButton } from '../shell/NodeLinkButton';
import { SaveStatus } from '../shell/SaveStatus';
import type { LockHolder } from '../panels/kit/PanelFrame';
import type { useEditorView } from './useEditorView';
import styles from '../Editor.module.css';

/** The id the skip link leads to. */
export const CANVAS_ID = 'editor-canvas';

interface CanvasFrameProps {
  canvas: ReturnType<typeof useEditorView>;
  commands: CommandContext;
  others: readonly Visitor[];
  offline: boolean;
  inText: InTextTitle;
  /** The node's lock holder for the title edited in place. */
  titleHolder: (nodeId: number) => LockHolder | null;
  movable: number;
  /** A file dropped from the desktop onto a node: the frame's handlers and what it shows meanwhile. */
  drop: { handlers: HTMLAttributes<HTMLDivElement>; overlay: ReactNode };
}

export function CanvasFrame({ canvas, commands, others, offline, inText, titleHolder, movable, drop }: CanvasFrameProps) {
  const { t } = useTranslation();
  const { controller, canvasLanguage, access, levels, frameRef, canvasRef, overlayRef } = canvas;
  const { store, canEdit, view, shown, show } = commands;
  const tool = view.tool;
  return (
    <div className={styles.canvasFrame} ref={frameRef} {...drop.handlers}>
      <canvas
        ref={canvasRef}
        id={CANVAS_ID}
        className={styles.canvas}
        data-testid="editor-canvas"
        aria-label={t('editor.canvasLabel', { name: store.map.name })}
        tabIndex={0}
        aria-describedby={access.hintId}
      />
      <CanvasAnnouncer announcement={access.announcement} hintId={access.hintId} hint={t('access.editorHint')} />
      <canvas ref={overlayRef} className={styles.overlay} aria-hidden="true" />
      {controller && <PointerLayer controller={controller} others={others} />}
      {controller && inText.editing !== null && (
        <InTextTitleEditor
          key={inText.editing}
          controller={controller}
          store={store}
          nodeId={inText.editing}
          language={canvasLanguage.language}
          languages={canvasLanguage.languages}
          lockedBy={titleHolder(store.resolveId(inText.editing))}
          onClose={inText.end}
        />
      )}
      {controller && inText.refused && (
        <InTextRefusal controller={controller} nodeId={inText.refused.node} refusal={inText.refused.refusal} />
      )}
      {tool.kind === 'connect' && (
        <p className={styles.modeHint} role="status" data-testid="connect-hint">
          {tool.from === null ? t('editor.connect.pickFrom') : t('editor.connect.pickTo')}
        </p>
      )}
      {tool.kind === 'addNode' && (
        <p className={styles.modeHint} role="status">
          {t('editor.addNode.hint')}
        </p>
      )}
      {canEdit && <SaveStatus store={store} />}
      {drop.overlay}
      {controller && commands.minimap && <Minimap controller={controller} mapSize={store.map.measurement} />}
      {canEdit && <ArrangeButtons commands={commands.selection} movable={movable} />}
      <NodeLinkButton store={store} selectedNodes={view.selectedNodes} level={view.level} lang={canvasLanguage.language} />
      {offline && (
        <p className={styles.offline} role="status" data-testid="offline-banner">
          {t('editor.offline')}
        </p>
      )}
      {shown.search && (
        <EditorSearch
          nodes={store.document.nodes}
          languages={canvasLanguage.languages}
          onJump={(id) => controller?.focusNode(id)}
          onClose={() => {
            show('search', false);
          }}
        />
      )}
      {shown.outline && controller && (
        <OutlinePanel
          scene={controller.scene}
          levels={levels}
          includeHidden
          side="end"
          onActivate={(id) => {
            controller.focusNode(id);
            access.keyboard?.focusNode(id);
          }}
          onClose={() => {
            show('outline', false);
            document.querySelector<HTMLElement>('[data-testid="outline-toggle"]')?.focus();
          }}
        />
      )}
      {shown.help && (
        <ShortcutsPanel
          onClose={() => {
            show('help', false);
          }}
        />
      )}
    </div>
  );
}
