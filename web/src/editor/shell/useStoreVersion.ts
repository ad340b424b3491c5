import { useCallback, useSyncExternalStore } from 'react';
import type { DocumentStore } from '../store';

/** Renders again on every change of the store (its version), as the editor's chrome reads it directly. */
export function useStoreVersion(store: DocumentStore): number {
  return useSyncExternalStore(
    useCallback((cb: () => void) => store.subscribe(cb), [store]),
    () => store.version,
  );
}
