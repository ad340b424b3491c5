// What the editor does with the selection as a whole: clone it, delete it (asking first when the
// user's preference says so), and the selection commands (select all, nudge, align).
import { useCallback, useMemo, useState } from 'react';
import type { CanvasController } from '../canvas/canvasController';
import type { CanvasView } from '../canvas/canvasView';
import type { DocumentStore, Edit } from '../store';
import { SelectionCommands } from './commands';
import { duplicateIn } from './paste';

/** The edits that delete a selection: its edges, then its nodes (with their own edges). */
export function removalEdits(nodes: readonly number[], edges: readonly number[]): Edit[] {
  const edits: Edit[] = [];
  if (edges.length > 0) edits.push({ type: 'removeEdges', ids: [...edges] });
  if (nodes.length > 0) edits.push({ type: 'removeNodes', ids: [...nodes] });
  return edits;
}

export interface PendingRemoval {
  nodes: number[];
  edges: number[];
}

export function useSelectionActions(
  store: DocumentStore,
  controller: CanvasController | null,
  view: CanvasView,
  canEdit: boolean,
  /** Edges another editor holds: not deleted. */
  edgeLocks: ReadonlyMap<number, string>,
  askBeforeRemoving: boolean,
) {
  const { selectedNodes, selectedEdges } = view;
  const [confirmDelete, setConfirmDelete] = useState<PendingRemoval | null>(null);
  const selection = useMemo(() => (controller ? new SelectionCommands(store, controller) : null), [store, controller]);
  const editableNodes = useMemo(
    () => (controller ? selectedNodes.filter((id) => controller.nodeEditable(id)) : []),
    [controller, selectedNodes],
  );

  const removeNow = useCallback(
    (nodes: readonly number[], edges: readonly number[]) => {
      store.applyAll(removalEdits(nodes, edges));
      controller?.select([], []);
    },
    [store, controller],
  );

  const requestDelete = useCallback(() => {
    if (!canEdit || !controller) return;
    const nodes = selectedNodes.filter((id) => controller.nodeEditable(id));
    const edges = selectedEdges.filter((id) => !edgeLocks.has(id));
    if (nodes.length === 0 && edges.length === 0) return;
    if (askBeforeRemoving) setConfirmDelete({ nodes, edges });
    else removeNow(nodes, edges);
  }, [canEdit, controller, selectedNodes, selectedEdges, edgeLocks, askBeforeRemoving, removeNow]);

  // Duplicating (Ctrl/⌘+D) clones the nodes with the edges between them, as one undo step.
  const clone = useCallback(() => {
    if (!canEdit || !controller) return;
    const made = duplicateIn(store, selectedNodes, store.document.edges);
    if (made.nodes.length > 0) controller.select(made.nodes, made.edges);
  }, [canEdit, controller, selectedNodes, store]);

  return {
    selection,
    editableNodes,
    canClone: selectedNodes.length > 0,
    canDelete: editableNodes.length > 0 || selectedEdges.length > 0,
    removeNow,
    requestDelete,
    clone,
    /** The deletion waiting for the user's answer, and the answers. */
    pendingRemoval: confirmDelete,
    confirmRemoval: () => {
      if (confirmDelete) removeNow(confirmDelete.nodes, confirmDelete.edges);
      setConfirmDelete(null);
    },
    cancelRemoval: () => {
      setConfirmDelete(null);
    },
  };
}
