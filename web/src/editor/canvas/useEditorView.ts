// The canvas as the editor opens it: in the language of the link or the interface, on the level
// and node a link names, with keyboard access to its nodes, and the view React shows of it.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { useCanvasKeyboard } from '../../access/useCanvasKeyboard';
import { readNodeLink } from '../../map/nodeLink';
import { useCanvasLanguage } from '../intext/useCanvasLanguage';
import type { Presence } from '../session/presence';
import type { DocumentStore } from '../store';
import type { CanvasView } from './canvasView';
import { useEditorCanvas } from './useEditorCanvas';

const EMPTY_VIEW: CanvasView = { tool: { kind: 'select' }, level: 1, selectedNodes: [], selectedEdges: [] };
const noSubscribe = () => () => undefined;

export function useEditorView(store: DocumentStore, presence: Presence, clientName: string, canEdit: boolean, userId: number) {
  // A link to a node (?node=&level=&lang=) is read as the editor opens.
  const [searchParams] = useSearchParams();
  const [link] = useState(() => readNodeLink(searchParams, store.map.languages));
  // The language the canvas shows and edits titles in (the toolbar's switch; lang= keeps it).
  const canvasLanguage = useCanvasLanguage(store.map.languages, link.lang);
  const canvas = useEditorCanvas(store, presence, clientName, canEdit, userId, canvasLanguage.initial);
  const { controller } = canvas;
  useEffect(() => {
    controller?.setLanguages(canvasLanguage.languages);
  }, [controller, canvasLanguage.languages]);
  useEffect(() => {
    if (!controller) return;
    if (link.level !== null) controller.setLevel(link.level);
    if (link.node !== null) controller.focusNode(link.node);
  }, [controller, link]);
  const view = useSyncExternalStore(controller?.subscribe ?? noSubscribe, controller?.getView ?? (() => EMPTY_VIEW));
  const levels = Math.max(1, store.map.visibility_levels);
  // Tab through the nodes on the canvas; Enter selects the focused node (Enter again is the
  // selection's own: editing its title in place).
  const access = useCanvasKeyboard(canvas.canvasRef, controller?.renderer ?? null, levels, (id) => {
    if (!controller) return false;
    const selected = controller.view.selectedNodes;
    if (selected.length === 1 && selected[0] === id) return false;
    controller.select([id], []);
    return true;
  });
  return { ...canvas, canvasLanguage, view, levels, access };
}
