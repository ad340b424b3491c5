import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ENABLED_SHAPES, type EnabledShape } from '../../api/document';
import type { Tool } from '../canvas/canvasView';
import { lastShapeSetting } from '../canvas/editorSettings';
import { ShapeIcon } from '../shell/EditorParts';
import styles from './ToolPicker.module.css';
import { usePopover } from './usePopover';

export type ToolKind = Tool['kind'];

/**
 * The canvas's tools in the toolbar: select (V), add node (N) with the shape it places (the last
 * one chosen, kept in this browser), connect (C).
 */
export function ToolPicker({
  tool,
  onTool,
  onShape,
}: {
  tool: Tool;
  onTool: (kind: ToolKind) => void;
  onShape: (shape: EnabledShape) => void;
}) {
  const { t } = useTranslation();
  const shape = useSyncExternalStore(lastShapeSetting.subscribe, lastShapeSetting.get);
  const button = (kind: ToolKind, label: string, key: string, icon: ReactNode) => (
    <button
      type="button"
      className={[styles.tool, tool.kind === kind && styles.active].filter(Boolean).join(' ')}
      aria-pressed={tool.kind === kind}
      aria-label={label}
      aria-keyshortcuts={key}
      title={t('editor.tools.withKey', { tool: label, key })}
      data-testid={`tool-${kind}`}
      data-shape={kind === 'addNode' ? shape : undefined}
      onClick={() => {
        onTool(kind);
      }}
    >
      {icon}
    </button>
  );
  return (
    <div className={styles.tools} role="group" aria-label={t('editor.tools.label')}>
      {button(
        'select',
        t('editor.tools.select'),
        'V',
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M5 3l13 9-6 1.5L9 20z" fill="currentColor" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>,
      )}
      {button('addNode', t('editor.tools.addNode', { shape: t(`editor.shapes.${shape}`) }), 'N', <ShapeIcon shape={shape} />)}
      <ShapeMenu shape={shape} onShape={onShape} />
      {button(
        'connect',
        t('editor.tools.connect'),
        'C',
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="5" cy="18" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <circle cx="19" cy="6" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M7.5 15.5l9-7" stroke="currentColor" strokeWidth="1.8" />
        </svg>,
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
        <ul className={styles.shapeList} aria-label={t('editor.tools.shape')}>
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
