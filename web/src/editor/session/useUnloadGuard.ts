import { useEffect } from 'react';
import type { DocumentStore } from '../store';

/**
 * Leaving the page: what the server does not have yet is sent, kept in the browser's storage as
 * the page goes, and the browser asks first while anything (or the content form) is unsaved.
 */
export function useUnloadGuard(store: DocumentStore, contentDirty: boolean): void {
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (store.hasUnsavedChanges) void store.flush();
      if (store.hasUnsavedChanges || contentDirty) e.preventDefault();
    };
    // What the server does not have yet is written to the browser's storage as the page goes.
    const onPageHide = () => {
      store.keepNow();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [store, contentDirty]);
}
