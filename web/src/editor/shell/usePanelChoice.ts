// Which side-menu option is open and what its panel works on: the content form's node (kept
// while it holds unsaved text), the managed template, the section whose lock the option takes.
// Leaving a panel with unsaved work (another option, closing, leaving the page, selecting
// another node) asks first; `leaving` says when to ask.
import { useCallback, useState } from 'react';
import { useBlocker } from 'react-router';
import type { CanvasController } from '../canvas/canvasController';
import type { CanvasView } from '../canvas/canvasView';
import { lockHolder, type PresenceState } from '../session/presence';
import { MENU_OPTIONS, panelOf, toggleOption, type MenuOptionId } from '../panels/sideMenu';
import type { DocumentStore } from '../store';

const last = (ids: readonly number[]) => (ids.length > 0 ? ids[ids.length - 1] : undefined);

export function usePanelChoice(
  store: DocumentStore,
  controller: CanvasController | null,
  view: CanvasView,
  people: PresenceState,
  userId: number,
) {
  const [chosenOption, setOpenOption] = useState<MenuOptionId | null>(null);
  // Leaving the connection mode (Esc) closes its menu option too.
  const openOption = chosenOption === 'edgeConnection' && view.tool.kind !== 'connect' ? null : chosenOption;
  const panel = panelOf(openOption);
  const editingNode = last(view.selectedNodes);
  // The own edge lock follows the selected edge, as the node lock does.
  const editingEdge = last(view.selectedEdges);

  // Whether the open panel holds typed work not saved: the content form's text, or a section's
  // draft that cannot be saved as it is. Leaving the panel or the page asks first.
  const [panelUnsaved, setPanelUnsaved] = useState(false);
  // The content form stays on its node while it has unsaved changes; otherwise it follows the selection.
  const contentUnsaved = panel === 'contentForm' && panelUnsaved;
  const selectedNode = editingNode === undefined ? undefined : store.resolveId(editingNode);
  const [contentNode, setContentNode] = useState<number | undefined>(selectedNode);
  if (!contentUnsaved && contentNode !== selectedNode) setContentNode(selectedNode);
  const formNode = panel === 'contentForm' ? contentNode : undefined;

  // The template whose design "manage templates" edits holds that template's lock.
  const [managedTemplate, setManagedTemplate] = useState<number | null>(null);
  const managed = panel === 'manageTemplates' ? managedTemplate : null;

  // Map settings, global settings, publishing and the map's sections are each edited by one editor
  // at a time: the open option holds its section's lock (named by the option), unless another
  // editor has it (then the panel opens read-only, saying who).
  const sectionType = panel === null ? null : (MENU_OPTIONS.find((o) => o.id === openOption)?.lock ?? null);
  const sectionHolder = sectionType ? lockHolder(people.locks, userId, people.others, sectionType, store.mapId) : null;

  // Unsaved content: choosing another option, closing the form or leaving the page asks first.
  const [pendingLeave, setPendingLeave] = useState<{ option: MenuOptionId | null } | null>(null);
  // Another element selected while the form has unsaved text asks too (the form stays meanwhile).
  const selectionLeavesForm = contentUnsaved && selectedNode !== undefined && selectedNode !== contentNode;
  const blocker = useBlocker(panelUnsaved);

  const chooseOption = useCallback(
    (id: MenuOptionId) => {
      const next = toggleOption(openOption, id);
      setOpenOption(next);
      const option = MENU_OPTIONS.find((o) => o.id === id);
      if (!controller || !option) return;
      if (next === null || option.opens.kind !== 'mode') {
        if (controller.view.tool.kind !== 'select') controller.setTool({ kind: 'select' });
      }
      if (next !== null && option.opens.kind === 'mode') controller.setTool({ kind: 'connect', from: null });
    },
    [openOption, controller],
  );

  /** Chooses an option, unless that would leave unsaved content: then it asks first. */
  const guardedChoose = useCallback(
    (id: MenuOptionId) => {
      // Only the open panel reports unsaved work.
      if (panelUnsaved && openOption !== null) {
        setPendingLeave({ option: id === openOption ? null : id });
        return;
      }
      chooseOption(id);
    },
    [panelUnsaved, openOption, chooseOption],
  );

  const closePanel = () => {
    if (openOption) guardedChoose(openOption);
  };

  /** The unsaved work discarded: the page is left, or the panel closes (another option opens). */
  const discard = () => {
    setPanelUnsaved(false);
    if (blocker.state === 'blocked') blocker.proceed();
    if (pendingLeave && openOption !== null) chooseOption(pendingLeave.option ?? openOption);
    setPendingLeave(null);
  };
  /** Kept editing: the page stays, and the selection goes back to the form's node. */
  const keep = () => {
    if (blocker.state === 'blocked') blocker.reset();
    if (selectionLeavesForm) controller?.select(contentNode === undefined ? [] : [contentNode], []);
    setPendingLeave(null);
  };

  return {
    openOption,
    panel,
    editingNode,
    editingEdge,
    panelUnsaved,
    setPanelUnsaved,
    contentUnsaved,
    contentNode,
    formNode,
    managedTemplate,
    setManagedTemplate,
    managed,
    sectionType,
    sectionHolder,
    chooseOption,
    guardedChoose,
    closePanel,
    leaving: pendingLeave !== null || blocker.state === 'blocked' || selectionLeavesForm,
    discard,
    keep,
  };
}

export type PanelChoice = ReturnType<typeof usePanelChoice>;
