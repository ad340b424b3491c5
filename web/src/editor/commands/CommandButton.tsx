import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../layout/Button';
import { useTooltip } from '../shell/Tooltip';
import { commandEnabled, runCommand, type Command, type CommandContext, type CommandId } from './commandTable';
import { CommandIcon } from './CommandIcon';
import { keysText } from './keys';
import toolStyles from '../toolbar/ToolPicker.module.css';

interface CommandButtonProps {
  command: Command;
  context: CommandContext;
  /** The label's placeholder: the add-node tool names its shape. */
  params?: { shape: string };
  /** The face drawn instead of the command's own (the add-node tool draws its shape). */
  face?: ReactNode;
  /** Its text: the zoom figure of zoomActualSize. */
  children?: ReactNode;
  className?: string;
  /** The add-node tool's shape, for tests. */
  dataShape?: string;
}

/**
 * A command as a toolbar button: its name, its keys in the tooltip, its toggle state. Where it
 * cannot run it stays focusable (aria-disabled) and its tooltip says why, for the keyboard and
 * for touch (long press) as well as the mouse.
 */
export function CommandButton({ command, context, params, face, children, className, dataShape }: CommandButtonProps) {
  const { t } = useTranslation();
  const enabled = commandEnabled(command, context);
  const label = params ? t(command.label, params) : t(command.label);
  const keys = keysText(command.keys, t);
  const tip =
    !enabled && command.unavailable
      ? t(command.unavailable)
      : keys !== ''
        ? t('editor.commands.withKeys', { command: label, keys })
        : label;
  const { trigger, tooltip } = useTooltip(tip);
  const on = command.on?.state(context);
  const bar = command.bar;
  const text = bar?.face === 'text';
  const props = {
    ...trigger,
    // Text and the zoom figure are named by what they show (WCAG 2.5.3); what they do is the
    // tooltip, their description.
    'aria-label': text || bar?.face === 'zoomFigure' ? undefined : label,
    'aria-disabled': enabled ? undefined : true,
    'aria-pressed': command.on?.as === 'pressed' ? on : undefined,
    'aria-expanded': command.on?.as === 'expanded' ? on : undefined,
    'aria-keyshortcuts': keys === '' ? undefined : keys.replaceAll(' ', ''),
    'data-testid': bar?.testId,
    'data-command': command.id,
    'data-shape': dataShape,
    onClick: () => {
      runCommand(command.id as CommandId, context);
    },
  };
  if (text) {
    return (
      <>
        <Button size="small" variant="ghost" className={className} {...props}>
          {label}
        </Button>
        {tooltip}
      </>
    );
  }
  const classes = [toolStyles.tool, on === true && command.on?.as === 'pressed' && toolStyles.active, className];
  return (
    <>
      <button type="button" className={classes.filter(Boolean).join(' ')} {...props}>
        {face ?? (bar && typeof bar.face === 'object' ? <CommandIcon icon={bar.face.icon} /> : null)}
        {children}
      </button>
      {tooltip}
    </>
  );
}
