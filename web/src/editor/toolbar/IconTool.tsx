import toolStyles from './ToolPicker.module.css';

/** Stroke paths on a 24-unit grid for the toolbar's icon buttons. */
const TOOL_ICONS = {
  undo: 'M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11',
  redo: 'M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13',
  clone: 'M9 9h11v11H9zM5 15H4V4h11v1',
  delete: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
  fit: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
} as const;

interface IconToolProps {
  icon: keyof typeof TOOL_ICONS;
  /** The button's name, read by screen readers. */
  label: string;
  /** The tooltip; the label when not given. */
  hint?: string;
  disabled?: boolean;
  onClick: () => void;
  testId?: string;
}

/** A square icon button of the toolbar: its name is spoken and shown on hover. */
export function IconTool({ icon, label, hint, disabled, onClick, testId }: IconToolProps) {
  return (
    <button
      type="button"
      className={toolStyles.tool}
      aria-label={label}
      title={hint ?? label}
      disabled={disabled}
      data-testid={testId}
      onClick={onClick}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={TOOL_ICONS[icon]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
