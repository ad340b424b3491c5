// A file dragged from the desktop onto a node of the canvas: uploaded to the library and set as the
// node's media in one undoable edit. Found with the canvas's own hit test; a file past its type's
// limit is refused before sending; a failed upload changes nothing and says why.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { getMediaStats, mediaKeys, uploadMedia } from '../../api/media';
import { toasts } from '../../layout/toasts';
import type { CanvasController } from '../canvas/canvasController';
import type { DocumentStore } from '../store';
import { mediaErrorText } from './mediaErrors';
import { checkBeforeSending, uploadErrorOf } from './uploadQueue';
import styles from './Media.module.css';

const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

export interface NodeDropOptions {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  controller: CanvasController | null;
  store: DocumentStore;
  clientName: string;
  canEdit: boolean;
}

/** The node under a point of the page, when it may be changed. */
function nodeAt(canvas: HTMLCanvasElement | null, controller: CanvasController | null, e: DragEvent): number | null {
  if (!canvas || !controller) return null;
  const r = canvas.getBoundingClientRect();
  const hit = controller.renderer.hitTest(e.clientX - r.left, e.clientY - r.top);
  return hit?.kind === 'node' && controller.nodeEditable(hit.id) ? hit.id : null;
}

export function useNodeMediaDrop({ canvasRef, controller, store, clientName, canEdit }: NodeDropOptions) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [over, setOver] = useState<number | null>(null);
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);

  const upload = async (file: File, nodeId: number) => {
    const fail = (reason: string) => {
      toasts.error(t('media.drop.failed', { name: file.name, reason }));
    };
    let limits = null;
    try {
      limits = (
        await queryClient.query({ queryKey: mediaKeys.stats(clientName), queryFn: ({ signal }) => getMediaStats(clientName, signal) })
      ).limits;
    } catch {
      // Without the limits the server's own check still refuses a file too big.
    }
    const refused = checkBeforeSending(file, limits);
    if (refused) {
      fail(mediaErrorText(t, refused, i18n.language));
      return;
    }
    setUploading({ name: file.name, percent: 0 });
    try {
      const asset = await uploadMedia(clientName, file, {
        onProgress: (p) => {
          setUploading({ name: file.name, percent: Math.floor((p.loaded / p.total) * 100) });
        },
      });
      void queryClient.invalidateQueries({ queryKey: mediaKeys.all(clientName) });
      const id = store.resolveId(nodeId);
      // The node may have gone, or been taken by another editor, while the file travelled.
      if (!store.getNode(id) || !controller?.nodeEditable(id)) {
        fail(t('media.drop.locked'));
        return;
      }
      store.apply({ type: 'setNodeDesign', id, design: { media: asset.key } });
      toasts.success(t('media.drop.done', { name: file.name }));
    } catch (err) {
      fail(mediaErrorText(t, uploadErrorOf(err), i18n.language));
    } finally {
      setUploading(null);
    }
  };

  const handlers = {
    onDragOver: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      // Always taken: a file dropped beside a node must not make the browser leave the editor.
      e.preventDefault();
      const id = canEdit ? nodeAt(canvasRef.current, controller, e) : null;
      e.dataTransfer.dropEffect = id === null ? 'none' : 'copy';
      if (id !== over) setOver(id);
    },
    onDragLeave: (e: DragEvent) => {
      if (e.currentTarget === e.target) setOver(null);
    },
    onDrop: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      setOver(null);
      const id = canEdit ? nodeAt(canvasRef.current, controller, e) : null;
      if (id === null) return;
      const [file, ...more] = [...e.dataTransfer.files];
      if (!file || more.length > 0) {
        toasts.error(t('media.drop.oneFile'));
        return;
      }
      void upload(file, id);
    },
  };

  const overlay = (
    <>
      {over !== null && (
        <p className={styles.dropHint} data-testid="node-drop-hint">
          {t('media.drop.onNode')}
        </p>
      )}
      {uploading && (
        <p className={styles.dropStatus} role="status" data-testid="node-drop-status">
          {t('media.drop.uploading', { name: uploading.name })} {t('media.uploads.progress', { percent: uploading.percent })}
        </p>
      )}
    </>
  );
  return { handlers, overlay };
}
