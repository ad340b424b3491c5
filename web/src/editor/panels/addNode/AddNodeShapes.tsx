// Add node: the shapes to draw with (the drawing itself is the canvas's; choosing the option
// again closes the panel and ends the mode). The shapes that need the design tools are shown
// disabled, so that people see they exist. The frame is narrow: it stays open while nodes are
// placed, and hides less of the map.
import { useTranslation } from 'react-i18next';
import { DISABLED_SHAPES, ENABLED_SHAPES } from '../../../api/document';
import { ShapeIcon } from '../../shell/EditorParts';
import { PanelFrame } from '../kit/PanelFrame';
import kit from '../kit/Panel.module.css';
import type { PanelProps } from '../types';
import styles from './AddNode.module.css';

export function AddNodeShapes({ tool, level, levels, controller, chooseOption }: PanelProps) {
  const { t } = useTranslation();
  const active = tool.kind === 'addNode' ? tool.shape : null;
  return (
    <PanelFrame
      title={t('editor.menu.options.addNode')}
      testId="add-node-panel"
      narrow
      onClose={() => {
        chooseOption('addNode');
      }}
    >
      <p className={kit.note}>{t('editor.addNode.intro', { from: level, to: levels })}</p>
      <ul className={styles.shapes}>
        {ENABLED_SHAPES.map((shape) => (
          <li key={shape}>
            <button
              type="button"
              className={[styles.shape, active === shape && styles.shapeActive].filter(Boolean).join(' ')}
              aria-pressed={active === shape}
              data-testid={`shape-${shape}`}
              onClick={() => {
                controller?.setTool({ kind: 'addNode', shape });
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
    </PanelFrame>
  );
}
