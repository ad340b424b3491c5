// Images for node media, each URL loaded once; the renderer redraws the nodes showing one when it
// arrives (drawing never waits for an image).
import type { ImageLoader, LoadedImage } from './types';

type Slot = { state: 'loading' } | { state: 'ready'; image: LoadedImage } | { state: 'failed' };

export function createDomImageLoader(): ImageLoader {
  const slots = new Map<string, Slot>();
  const loader: ImageLoader = {
    onReady: null,
    get(url: string): LoadedImage | null {
      const slot = slots.get(url);
      if (slot) return slot.state === 'ready' ? slot.image : null;
      slots.set(url, { state: 'loading' });
      const img = new Image();
      img.decoding = 'async';
      img.onload = () => {
        slots.set(url, { state: 'ready', image: { image: img, width: img.naturalWidth, height: img.naturalHeight } });
        loader.onReady?.(url);
      };
      // A broken image is not asked for again: the node is drawn without it.
      img.onerror = () => {
        slots.set(url, { state: 'failed' });
      };
      img.src = url;
      return null;
    },
  };
  return loader;
}
