// Arranging a selection: a bar over the map while two or more movable nodes are selected (align
// them; distribute three or more), and the toolbar's snapping toggle (remembered in the browser).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanvasController } from '../canvas/canvasController';
import { readSnapSetting, writeSnapSetting } from './snap';
import { ALIGNMENTS, AXES, type Alignment, type Axis } from './arrange';
import type { SelectionCommands } from './commands';
import { useTooltip } from '../shell/Tooltip';
import styles from './ArrangeButtons.module.css';

/** A bar for the edge or centre line aligned to, and the boxes that line up on it. */
const ALIGN_ICONS: Record<Alignment, string> = {
  left: 'M3 2v16M5 5h10v3H5zM5 12h6v3H5z',
  centre: 'M10 2v16M4 5h12v3H4zM7 12h6v3H7z',
  right: 'M17 2v16M5 5h10v3H5zM9 12h6v3H9z',
  top: 'M2 3h16M5 5h3v10H5zM12 5h3v6h-3z',
  middle: 'M2 10h16M5 4h3v12H5zM12 7h3v6h-3z',
  bottom: 'M2 17h16M5 5h3v10H5zM12 9h3v6h-3z',
};
/** A magnet. */
const SNAP_ICON = 'M5 3v7a5 5 0 0 0 10 0V3h-3v7a2 2 0 0 1-4 0V3zM5 6h3M12 6h3';
const DISTRIBUTE_ICONS: Record<Axis, string> = {
  horizontal: 'M2 3v14M18 3v14M8 6h4v8H8z',
  vertical: 'M3 2h14M3 18h14M6 8h8v4H6z',
};

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  );
}

interface ArrangeButtonsProps {
  commands: SelectionCommands | null;
  /** How many selected nodes this user may move. */
  movable: number;
}

/**
 * An icon button of the arrange bar: its name in a tooltip that keyboard and touch users see too;
 * one that cannot run now stays focusable (aria-disabled) and says why.
 */
function ArrangeButton({
  label,
  why,
  icon,
  testId,
  onRun,
}: {
  label: string;
  why: string | null;
  icon: string;
  testId: string;
  onRun: () => void;
}) {
  const { trigger, tooltip } = useTooltip(why ?? label);
  return (
    <>
      <button
        type="button"
        className={styles.iconButton}
        aria-disabled={why === null ? undefined : true}
        aria-label={label}
        data-testid={testId}
        {...trigger}
        onClick={() => {
          if (why === null) onRun();
        }}
      >
        <Icon path={icon} />
      </button>
      {tooltip}
    </>
  );
}

export function ArrangeButtons({ commands, movable }: ArrangeButtonsProps) {
  const { t } = useTranslation();
  if (movable < 2) return null;
  return (
    <div className={styles.arrange} role="group" aria-label={t('editor.selection.label')} data-testid="arrange-buttons">
      {ALIGNMENTS.map((how) => (
        <ArrangeButton
          key={how}
          label={t(`editor.selection.align.${how}`)}
          why={null}
          icon={ALIGN_ICONS[how]}
          testId={`align-${how}`}
          onRun={() => commands?.align(how)}
        />
      ))}
      {AXES.map((axis) => (
        <ArrangeButton
          key={axis}
          label={t(`editor.selection.distribute.${axis}`)}
          why={movable < 3 ? t('editor.selection.distributeNeedsThree') : null}
          icon={DISTRIBUTE_ICONS[axis]}
          testId={`distribute-${axis}`}
          onRun={() => commands?.distribute(axis)}
        />
      ))}
    </div>
  );
}

export function SnapToggle({ controller }: { controller: CanvasController | null }) {
  const { t } = useTranslation();
  const [snapping, setSnapping] = useState(readSnapSetting);
  const { trigger, tooltip } = useTooltip(t('editor.selection.snapHint'));
  useEffect(() => {
    controller?.setSnapping(snapping);
  }, [controller, snapping]);
  return (
    <div className={styles.snap}>
      <button
        type="button"
        className={styles.iconButton}
        aria-pressed={snapping}
        aria-label={t('editor.selection.snap')}
        data-testid="snap-toggle"
        {...trigger}
        onClick={() => {
          writeSnapSetting(!snapping);
          setSnapping(!snapping);
        }}
      >
        <Icon path={SNAP_ICON} />
      </button>
      {tooltip}
    </div>
  );
}
