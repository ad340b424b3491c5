// The editor's commands, each declared once: its name, icon, keys, when it can run and what it
// does. The toolbar and its "More" panel, the key handler and the shortcut help all read this
// table; the side menu's modes can run a command by its id (runCommand). Adding a command is
// one entry here (and its texts in the catalogues).
import type { ParseKeys } from 'i18next';
import type { CanvasController } from '../canvas/canvasController';
import type { CanvasView, ToolKind } from '../canvas/canvasView';
import { minimapSetting } from '../canvas/editorSettings';
import { nudgeStep } from '../selection/arrange';
import type { SelectionCommands } from '../selection/commands';
import type { DocumentStore } from '../store';
import type { KeyBinding, KeyPress } from './keys';

/** The panels over the canvas that commands open and close. */
export type Overlay = 'help' | 'search' | 'outline';

/** What commands read and change of the editor; made fresh by useEditorCommands on each render. */
export interface CommandContext {
  readonly controller: CanvasController | null;
  readonly store: DocumentStore;
  readonly canEdit: boolean;
  readonly view: CanvasView;
  readonly selection: SelectionCommands | null;
  /** Whether the selection holds nodes to clone, and something this editor may delete. */
  readonly canClone: boolean;
  readonly canDelete: boolean;
  readonly minimap: boolean;
  readonly shown: Readonly<Record<Overlay, boolean>>;
  show: (overlay: Overlay, open: boolean) => void;
  clone: () => void;
  /** Deletes the selection, asking first where the user's preference says so. */
  requestDelete: () => void;
  chooseTool: (kind: ToolKind) => void;
  /** Edits the one selected node's title on the canvas. */
  editTitle: (nodeId: number) => void;
}

/** The shortcut help's groups, in its order. */
export const COMMAND_GROUPS = ['tools', 'view', 'edit', 'general'] as const;
export type CommandGroup = (typeof COMMAND_GROUPS)[number];

/** The toolbar's places for commands; 'tools' is the tool picker. */
export type BarGroup = 'tools' | 'zoom' | 'actions' | 'outline' | 'shortcuts';
export type CommandIcon = 'select' | 'connect' | 'undo' | 'redo' | 'clone' | 'delete' | 'fit' | 'zoomIn' | 'zoomOut' | 'minimap';

export interface Command {
  id: string;
  /** Its name: the button's accessible name and tooltip. */
  label: ParseKeys;
  /** What the shortcut help says it does (the label when left out). */
  describe?: ParseKeys;
  group: CommandGroup;
  keys: readonly KeyBinding[];
  /** Where the toolbar shows it and how: an icon, its label as text, the zoom figure, the last shape. */
  bar?: { group: BarGroup; face: { icon: CommandIcon } | 'text' | 'zoomFigure' | 'shape'; testId?: string };
  /** Shown only to editors (not in a read-only editor). */
  edits?: boolean;
  /** Whether it can run now; always when left out. */
  enabled?: (c: CommandContext) => boolean;
  /** Why it cannot run, shown beside the disabled button. */
  unavailable?: ParseKeys;
  /** A toggle's state: pressed (aria-pressed) or, for a panel, expanded (aria-expanded). */
  on?: { state: (c: CommandContext) => boolean; as: 'pressed' | 'expanded' };
  run: (c: CommandContext, press?: KeyPress) => void;
}

const hasCanvas = (c: CommandContext) => c.controller !== null;
const editing = (c: CommandContext) => c.canEdit && c.controller !== null;
const oneNode = (c: CommandContext) =>
  c.view.selectedNodes.length === 1 && c.view.selectedEdges.length === 0 ? c.view.selectedNodes[0] : undefined;
const letter = (key: string): KeyBinding => ({ keys: [key], mod: false, noAlt: true, preventDefault: false, show: key.toUpperCase() });

const TABLE = [
  // --- Tools (the tool picker) ---
  {
    id: 'toolSelect',
    label: 'editor.tools.select',
    describe: 'editor.shortcuts.toolSelect',
    group: 'tools',
    keys: [letter('v')],
    bar: { group: 'tools', face: { icon: 'select' }, testId: 'tool-select' },
    edits: true,
    enabled: editing,
    on: { state: (c) => c.view.tool.kind === 'select', as: 'pressed' },
    run: (c) => {
      c.chooseTool('select');
    },
  },
  {
    id: 'toolAddNode',
    label: 'editor.tools.addNode',
    describe: 'editor.shortcuts.toolAddNode',
    group: 'tools',
    keys: [letter('n')],
    bar: { group: 'tools', face: 'shape', testId: 'tool-addNode' },
    edits: true,
    enabled: editing,
    on: { state: (c) => c.view.tool.kind === 'addNode', as: 'pressed' },
    run: (c) => {
      c.chooseTool('addNode');
    },
  },
  {
    id: 'toolConnect',
    label: 'editor.tools.connect',
    describe: 'editor.shortcuts.toolConnect',
    group: 'tools',
    keys: [letter('c')],
    bar: { group: 'tools', face: { icon: 'connect' }, testId: 'tool-connect' },
    edits: true,
    enabled: editing,
    on: { state: (c) => c.view.tool.kind === 'connect', as: 'pressed' },
    run: (c) => {
      c.chooseTool('connect');
    },
  },
  {
    id: 'escape',
    label: 'editor.shortcuts.escape',
    group: 'tools',
    keys: [{ keys: ['Escape'], preventDefault: false, show: { named: 'escape' } }],
    run: (c) => {
      c.controller?.escape();
      c.show('help', false);
    },
  },
  // --- The view ---
  {
    id: 'zoomOut',
    label: 'editor.zoom.out',
    group: 'view',
    keys: [
      { keys: ['-'], mod: false, preventDefault: false, show: '−' },
      { keys: ['-'], codes: ['NumpadSubtract'], mod: true, noAlt: true, preventDefault: true, show: '−' },
    ],
    bar: { group: 'zoom', face: { icon: 'zoomOut' } },
    enabled: hasCanvas,
    run: (c) => c.controller?.zoomBy(0.8),
  },
  {
    id: 'zoomActualSize',
    label: 'editor.shortcuts.zoomActualSize',
    group: 'view',
    keys: [
      { codes: ['Digit0'], mod: false, shift: true, noAlt: true, preventDefault: true, show: '0' },
      { keys: ['0'], codes: ['Digit0', 'Numpad0'], mod: true, noAlt: true, preventDefault: true, show: '0' },
    ],
    bar: { group: 'zoom', face: 'zoomFigure', testId: 'zoom-actual-size' },
    enabled: hasCanvas,
    run: (c) => c.controller?.zoomTo(1),
  },
  {
    id: 'zoomIn',
    label: 'editor.zoom.in',
    group: 'view',
    keys: [
      { keys: ['+', '='], mod: false, preventDefault: false, show: '+' },
      { keys: ['+', '='], codes: ['NumpadAdd'], mod: true, noAlt: true, preventDefault: true, show: '+' },
    ],
    bar: { group: 'zoom', face: { icon: 'zoomIn' } },
    enabled: hasCanvas,
    run: (c) => c.controller?.zoomBy(1.25),
  },
  {
    id: 'fit',
    label: 'editor.zoom.fit',
    group: 'view',
    keys: [
      { codes: ['Digit1'], mod: false, shift: true, noAlt: true, preventDefault: true, show: '1' },
      { keys: ['f'], mod: false, preventDefault: false, show: 'F' },
    ],
    bar: { group: 'zoom', face: { icon: 'fit' } },
    enabled: hasCanvas,
    run: (c) => c.controller?.fit(),
  },
  {
    id: 'zoomToSelection',
    label: 'editor.shortcuts.zoomToSelection',
    group: 'view',
    keys: [{ codes: ['Digit2'], mod: false, shift: true, noAlt: true, preventDefault: true, show: '2' }],
    enabled: (c) => hasCanvas(c) && c.view.selectedNodes.length + c.view.selectedEdges.length > 0,
    unavailable: 'editor.commands.unavailable.selection',
    run: (c) => c.controller?.zoomToSelection(),
  },
  {
    id: 'minimap',
    label: 'editor.minimap.button',
    describe: 'editor.minimap.toggle',
    group: 'view',
    keys: [],
    bar: { group: 'zoom', face: { icon: 'minimap' }, testId: 'minimap-toggle' },
    on: { state: (c) => c.minimap, as: 'pressed' },
    run: (c) => {
      minimapSetting.set(!c.minimap);
    },
  },
  // --- Editing ---
  {
    id: 'undo',
    label: 'editor.actions.undo',
    describe: 'editor.shortcuts.undo',
    group: 'edit',
    keys: [{ keys: ['z'], mod: true, shift: false, preventDefault: true, show: 'Z' }],
    bar: { group: 'actions', face: { icon: 'undo' } },
    edits: true,
    enabled: (c) => c.canEdit && c.store.canUndo,
    unavailable: 'editor.commands.unavailable.undo',
    run: (c) => {
      c.store.undo();
    },
  },
  {
    id: 'redo',
    label: 'editor.actions.redo',
    describe: 'editor.shortcuts.redo',
    group: 'edit',
    keys: [
      { keys: ['z'], mod: true, shift: true, preventDefault: true, show: 'Z' },
      { keys: ['y'], mod: true, preventDefault: true },
    ],
    bar: { group: 'actions', face: { icon: 'redo' } },
    edits: true,
    enabled: (c) => c.canEdit && c.store.canRedo,
    unavailable: 'editor.commands.unavailable.redo',
    run: (c) => {
      c.store.redo();
    },
  },
  {
    id: 'clone',
    label: 'editor.actions.clone',
    describe: 'editor.shortcuts.clone',
    group: 'edit',
    keys: [{ keys: ['d'], mod: true, preventDefault: true, show: 'D' }],
    bar: { group: 'actions', face: { icon: 'clone' }, testId: 'clone-button' },
    edits: true,
    enabled: (c) => editing(c) && c.canClone,
    unavailable: 'editor.commands.unavailable.clone',
    run: (c) => {
      c.clone();
    },
  },
  {
    id: 'delete',
    label: 'editor.actions.delete',
    describe: 'editor.shortcuts.delete',
    group: 'edit',
    keys: [{ keys: ['Delete', 'Backspace'], preventDefault: true, show: { named: 'delete' } }],
    bar: { group: 'actions', face: { icon: 'delete' }, testId: 'delete-button' },
    edits: true,
    enabled: (c) => editing(c) && c.canDelete,
    unavailable: 'editor.commands.unavailable.delete',
    run: (c) => {
      c.requestDelete();
    },
  },
  {
    id: 'selectAll',
    label: 'editor.selection.keys.selectAll',
    group: 'edit',
    keys: [{ keys: ['a'], mod: true, preventDefault: true, show: 'A' }],
    enabled: hasCanvas,
    run: (c) => c.selection?.selectAll(),
  },
  {
    id: 'nudge',
    label: 'editor.selection.keys.nudge',
    group: 'edit',
    keys: [{ keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'], mod: false, preventDefault: true, show: { named: 'arrows' } }],
    enabled: editing,
    run: (c, press) => {
      const step = press ? nudgeStep(press.key, press.shiftKey) : null;
      if (step) c.selection?.nudge(step.dx, step.dy);
    },
  },
  {
    id: 'editTitle',
    label: 'editor.shortcuts.editTitle',
    group: 'edit',
    keys: [{ keys: ['Enter'], mod: false, preventDefault: false, show: { named: 'enter' } }],
    enabled: (c) => oneNode(c) !== undefined,
    run: (c) => {
      const only = oneNode(c);
      if (only !== undefined) c.editTitle(only);
    },
  },
  // --- General ---
  {
    id: 'search',
    label: 'editor.shortcuts.search',
    group: 'general',
    keys: [{ keys: ['f'], mod: true, whileTyping: true, preventDefault: true, show: 'F' }],
    run: (c) => {
      // Asked again while open, the field takes the focus back (the panel focuses it on mount).
      if (c.shown.search) document.querySelector<HTMLInputElement>('[data-testid="editor-search-field"]')?.focus();
      c.show('search', true);
    },
  },
  {
    id: 'outline',
    label: 'access.outline.button',
    group: 'general',
    keys: [],
    bar: { group: 'outline', face: 'text', testId: 'outline-toggle' },
    on: { state: (c) => c.shown.outline, as: 'pressed' },
    run: (c) => {
      c.show('outline', !c.shown.outline);
    },
  },
  {
    id: 'help',
    label: 'editor.shortcuts.button',
    describe: 'editor.shortcuts.help',
    group: 'general',
    keys: [{ keys: ['?'], mod: false, preventDefault: false, show: '?' }],
    bar: { group: 'shortcuts', face: 'text', testId: 'shortcuts-toggle' },
    on: { state: (c) => c.shown.help, as: 'expanded' },
    run: (c) => {
      c.show('help', !c.shown.help);
    },
  },
] as const satisfies readonly Command[];

export type CommandId = (typeof TABLE)[number]['id'];

/** The commands, in the order the toolbar and the shortcut help show them. */
export const COMMANDS: readonly Command[] = TABLE;

const BY_ID = new Map<string, Command>(COMMANDS.map((c) => [c.id, c]));

export function commandById(id: CommandId): Command {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`no command ${id}`);
  return found;
}

/** Whether the command can run now. */
export function commandEnabled(command: Command, c: CommandContext): boolean {
  return !(command.edits && !c.canEdit) && (command.enabled?.(c) ?? true);
}

/** Runs the command when it can run (the side menu's modes and the buttons); answers whether it ran. */
export function runCommand(id: CommandId, c: CommandContext, press?: KeyPress): boolean {
  const command = commandById(id);
  if (!commandEnabled(command, c)) return false;
  command.run(c, press);
  return true;
}
