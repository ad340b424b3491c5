import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Language } from '../../api';
import { LiveConnection, reachOf } from '../../api/live';
import { getChanges } from '../../api/maps';
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
 * The canvas and the live channel, made once per map (the canvas again when the editing rights change):
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
  // One socket for as long as the map is open, whatever the rights: the server changes a socket's
  // rights in place (access_changed) and closes it when they are gone (4003). A socket made again
  // for new rights raced its predecessor on the server: refused as a duplicate while the old one
  // was still being closed, or joining after a later change of the rights had been announced.
  const live = useMemo(
    () =>
      new LiveConnection({
        mapId: store.mapId,
        clientSlug: clientName,
        // The changes since the store's revision: a small answer, and refused as the socket was.
        reach: () => getChanges(store.mapId, store.revision).then(() => null, reachOf),
      }),
    [store, clientName],
  );
  useEffect(() => {
    const offs = [store.attach(live), presence.attach(live)];
    live.connect();
    return () => {
      for (const off of offs) off();
      live.close();
    };
  }, [store, presence, live]);
  // The canvas is made again when the rights change.
  useEffect(() => {
    const canvas = canvasRef.current;
    const overlay = overlayRef.current;
    const frame = frameRef.current;
    if (!canvas || !overlay || !frame) return;
    const ctl = new CanvasController(canvas, overlay, store, {
      canEdit,
      languages: withFirst(store.map.languages, firstLanguage),
      onPointer: (p) => {
        live.send('update_user_state', p);
      },
      onDragging: (positions) => {
        live.send('submit_map_edit', { type: 'node_dragging', data: { positions } });
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
    const offDrags = live.on('submit_map_edit', (edit) => {
      ctl.showRemoteDrag(edit.data.positions);
    });
    setController(ctl);
    const removeTestHook = installEditorTestHook(ctl, canvas, store, presence, userId);
    return () => {
      removeTestHook();
      observer.disconnect();
      offDrags();
      ctl.dispose();
      setController(null);
    };
  }, [store, presence, live, canEdit, userId, firstLanguage]);
  return { frameRef, canvasRef, overlayRef, controller, live };
}
