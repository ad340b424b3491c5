import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Language } from '../../api';
import { LiveConnection } from '../../api/live';
import { withFirst } from '../../map/nodeLink';
import { CanvasController } from './canvasController';
import { installEditorTestHook } from './editorTestHook';
import type { Presence } from '../session/presence';
import type { DocumentStore } from '../store';

export interface EditorCanvas {
  /** For the canvas's frame, the canvas and its overlay. */
  frameRef: RefObject<HTMLDivElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  overlayRef: RefObject<HTMLCanvasElement | null>;
  controller: CanvasController | null;
  live: LiveConnection | null;
}

/**
 * The canvas and the live channel, made once per map (and again when the editing rights change):
 * sized to its frame, fitted, fed from the store, the others' presence and their drags.
 */
export function useEditorCanvas(
  store: DocumentStore,
  presence: Presence,
  clientName: string,
  canEdit: boolean,
  userId: number,
  /** The language the canvas draws (a link's lang=), else the map's first. */
  firstLanguage: Language | null,
): EditorCanvas {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const [controller, setController] = useState<CanvasController | null>(null);
  const [live, setLive] = useState<LiveConnection | null>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    const overlay = overlayRef.current;
    const frame = frameRef.current;
    if (!canvas || !overlay || !frame) return;
    const connection = new LiveConnection({ mapId: store.mapId, clientSlug: clientName });
    const ctl = new CanvasController(canvas, overlay, store, {
      canEdit,
      languages: withFirst(store.map.languages, firstLanguage),
      onPointer: (p) => {
        connection.send('update_user_state', p);
      },
      onDragging: (positions) => {
        connection.send('submit_map_edit', { type: 'node_dragging', data: { positions } });
      },
    });
    const size = () => {
      const r = frame.getBoundingClientRect();
      ctl.resize(r.width, r.height);
    };
    size();
    ctl.fit();
    const observer = new ResizeObserver(size);
    observer.observe(frame);
    const offs = [
      store.attach(connection),
      presence.attach(connection),
      connection.on('submit_map_edit', (edit) => {
        ctl.showRemoteDrag(edit.data.positions);
      }),
    ];
    connection.connect();
    setController(ctl);
    setLive(connection);
    const removeTestHook = installEditorTestHook(ctl, canvas, store, presence, userId);
    return () => {
      removeTestHook();
      observer.disconnect();
      for (const off of offs) off();
      connection.close();
      ctl.dispose();
      setController(null);
      setLive(null);
    };
  }, [store, presence, clientName, canEdit, userId, firstLanguage]);
  return { frameRef, canvasRef, overlayRef, controller, live };
}
