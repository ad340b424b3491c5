// The context the command table's commands run in, made from the editor's state on each render,
// and the keys that run them. The panels commands open over the canvas (help, search, outline)
// are kept here.
import { useCallback, useState, useSyncExternalStore } from 'react';
import type { CanvasController } from '../canvas/canvasController';
import type { CanvasView, ToolKind } from '../canvas/canvasView';
import { lastShapeSetting, minimapSetting } from '../canvas/editorSettings';
import type { SelectionCommands } from '../selection/commands';
import type { DocumentStore } from '../store';
import type { CommandContext, Overlay } from './commandTable';
import { useCommandKeys } from './useCommandKeys';

export interface EditorCommandParts {
  store: DocumentStore;
  controller: CanvasController | null;
  view: CanvasView;
  canEdit: boolean;
  selection: SelectionCommands | null;
  canClone: boolean;
  canDelete: boolean;
  clone: () => void;
  requestDelete: () => void;
  editTitle: (nodeId: number) => void;
  /** Opens the side menu's connection option (the connect tool is its mode). */
  openConnection: () => void;
}

const CLOSED: Record<Overlay, boolean> = { help: false, search: false, outline: false };

export function useEditorCommands(parts: EditorCommandParts): CommandContext {
  const { controller, canEdit, openConnection } = parts;
  const [shown, setShown] = useState(CLOSED);
  const show = useCallback((overlay: Overlay, open: boolean) => {
    setShown((s) => (s[overlay] === open ? s : { ...s, [overlay]: open }));
  }, []);
  const minimap = useSyncExternalStore(minimapSetting.subscribe, minimapSetting.get);

  /** A tool chosen in the toolbar or by its key; connecting opens its menu option as the side menu does. */
  const chooseTool = useCallback(
    (kind: ToolKind) => {
      if (!controller || !canEdit) return;
      if (kind === 'select') controller.setTool({ kind: 'select' });
      else if (kind === 'addNode') controller.setTool({ kind: 'addNode', shape: lastShapeSetting.get() });
      else if (controller.view.tool.kind !== 'connect') openConnection();
    },
    [controller, canEdit, openConnection],
  );

  const context: CommandContext = { ...parts, minimap, shown, show, chooseTool };
  useCommandKeys(controller !== null, context);
  return context;
}
