// The library's upload queue as React state: each file is sent with the media template chosen when
// it was added, and each finished upload refreshes the list and the storage use.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { mediaKeys, uploadMedia, type MediaAsset } from '../../api/media';
import { UploadQueue } from './uploadQueue';

export function useMediaUploads(clientName: string, onUploaded?: (asset: MediaAsset) => void) {
  const queryClient = useQueryClient();
  const [queue] = useState(
    () =>
      new UploadQueue((file, template, onProgress, signal) =>
        uploadMedia(clientName, file, { onProgress, signal, ...(template !== null && { template }) }),
      ),
  );
  useEffect(
    () =>
      queue.onDone((asset) => {
        void queryClient.invalidateQueries({ queryKey: mediaKeys.all(clientName) });
        onUploaded?.(asset);
      }),
    [queue, queryClient, clientName, onUploaded],
  );
  useEffect(
    () => () => {
      queue.stopAll();
    },
    [queue],
  );
  const items = useSyncExternalStore(queue.subscribe, queue.getItems);
  return { queue, items };
}
