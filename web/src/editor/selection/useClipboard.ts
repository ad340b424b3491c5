// Copy, cut and paste of nodes through the browser's copy, cut and paste events: they carry the
// system clipboard without a permission prompt, between maps and tabs. The events are left to
// the browser while a text field has the focus or text is selected on the page.
import { useEffect, useRef } from 'react';
import type { CanvasController } from '../canvas/canvasController';
import type { DocumentStore } from '../store';
import { clipOf, clipboardFlavours, readClipboard } from './clipboard';
import { pasteInto } from './paste';

export interface ClipboardOptions {
  store: DocumentStore;
  controller: CanvasController | null;
  canEdit: boolean;
  /** The languages the canvas shows, for the plain-text titles. */
  languages: readonly string[];
  /** Removes what was cut (the nodes this user may change), as Delete does but without asking. */
  removeCut: (nodes: number[]) => void;
}

function textHasFocus(): boolean {
  const el = document.activeElement;
  if (el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return true;
  const sel = window.getSelection();
  return sel !== null && !sel.isCollapsed && sel.toString() !== '';
}

export function useClipboard(options: ClipboardOptions): void {
  const current = useRef(options);
  useEffect(() => {
    current.current = options;
  });
  useEffect(() => {
    const ours = (): boolean => !textHasFocus() && document.querySelector('dialog[open]') === null;
    const copy = (e: ClipboardEvent, cut: boolean) => {
      const { store, controller, canEdit, languages, removeCut } = current.current;
      if (!controller || !e.clipboardData || !ours()) return;
      const selected = controller.view.selectedNodes;
      if (selected.length === 0) return;
      const payload = clipOf(store.mapId, selected, {
        node: (id) => store.getNode(id),
        edges: store.document.edges,
        templates: new Map(store.document.object_templates.map((t) => [t.id, t])),
      });
      if (payload.nodes.length === 0) return;
      for (const [type, data] of Object.entries(clipboardFlavours(payload, languages))) e.clipboardData.setData(type, data);
      e.preventDefault();
      if (cut && canEdit) removeCut(selected.filter((id) => controller.nodeEditable(id)));
    };
    const onCopy = (e: ClipboardEvent) => {
      copy(e, false);
    };
    const onCut = (e: ClipboardEvent) => {
      copy(e, true);
    };
    const onPaste = (e: ClipboardEvent) => {
      const { store, controller, canEdit } = current.current;
      if (!controller || !canEdit || !e.clipboardData || !ours()) return;
      const payload = readClipboard(e.clipboardData);
      if (!payload) return;
      e.preventDefault();
      const made = pasteInto(store, payload, controller.pasteTarget());
      controller.select(made.nodes, made.edges);
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCut);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCut);
      document.removeEventListener('paste', onPaste);
    };
  }, []);
}
