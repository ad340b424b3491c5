import { Fragment, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ENABLED_SHAPES, type EnabledShape } from '../../api/document';
import { lastShapeSetting } from '../canvas/editorSettings';
import { CommandButton } from '../commands/CommandButton';
import { COMMANDS, type CommandContext } from '../commands/commandTable';
import { ShapeIcon } from '../shell/EditorParts';
import styles from './ToolPicker.module.css';
import { usePopover } from './usePopover';

/** The tools, as the command table declares them (select, add node, connect). */
const TOOL_COMMANDS = COMMANDS.filter((c) => c.bar?.group === 'tools');

/**
 * The canvas's tools in the toolbar: select (V), add node (N) with the shape it places (the last
 * one chosen, kept in this browser) and its shape menu, connect (C).
 */
export function ToolPicker({ context, onShape }: { context: CommandContext; onShape: (shape: EnabledShape) => void }) {
  const { t } = useTranslation();
  const shape = useSyncExternalStore(lastShapeSetting.subscribe, lastShapeSetting.get);
  return (
    <div className={styles.tools} role="group" aria-label={t('editor.tools.label')}>
      {TOOL_COMMANDS.map((command) =>
        command.bar?.face === 'shape' ? (
          <Fragment key={command.id}>
            <CommandButton
              command={command}
              context={context}
              params={{ shape: t(`editor.shapes.${shape}`) }}
              face={<ShapeIcon shape={shape} />}
              dataShape={shape}
            />
            <ShapeMenu shape={shape} onShape={onShape} />
          </Fragment>
        ) : (
          <CommandButton key={command.id} command={command} context={context} />
        ),
      )}
    </div>
  );
}

/** The add-node tool's shapes, opened from the small arrow beside it; choosing one takes the tool. */
function ShapeMenu({ shape, onShape }: { shape: EnabledShape; onShape: (shape: EnabledShape) => void }) {
  const { t } = useTranslation();
  const { open, setOpen, toggle, root, onKeyDown } = usePopover();
  return (
    <div className={styles.shapeMenu} ref={root} onKeyDown={onKeyDown}>
      <button
        type="button"
        className={styles.caret}
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={t('editor.tools.shape')}
        title={t('editor.tools.shape')}
        data-testid="tool-shape"
        onClick={toggle}
      >
        <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
          <path d="M1 3l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      {open && (
        <ul className={styles.shapeList} aria-label={t('editor.tools.shape')} data-roving-skip="">
          {ENABLED_SHAPES.map((s) => (
            <li key={s}>
              <button
                type="button"
                className={[styles.shapeItem, s === shape && styles.shapeItemCurrent].filter(Boolean).join(' ')}
                aria-pressed={s === shape}
                data-testid={`tool-shape-${s}`}
                onClick={() => {
                  onShape(s);
                  setOpen(false);
                }}
              >
                <ShapeIcon shape={s} />
                {t(`editor.shapes.${s}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
