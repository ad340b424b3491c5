// One map section in a panel: read on first use, shown with one's own changes at once, kept
// current by other editors' changes, changed through the document store (undoable, saved after
// the quiet time like the other panels' edits, rolled back with its problems when refused).
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { ApiError, FieldProblems } from '../../../api/http';
import type { SectionName, SectionValues } from '../../../api/sections';
import type { DocumentStore, Edit } from '../../store';

export interface SectionState<N extends SectionName> {
  /** null while loading (or when loading failed: then `error`). */
  value: SectionValues[N] | null;
  error: ApiError | null;
  /** Field problems of the last failed save of this section (API envelope paths). */
  problems: FieldProblems;
  /** Applies the whole new value at once (shown at once, undoable, saved like other edits). */
  change(next: SectionValues[N]): void;
}

export function useSection<N extends SectionName>(store: DocumentStore, name: N): SectionState<N> {
  useEffect(() => {
    store.loadSection(name);
  }, [store, name]);
  const subscribe = useCallback(
    (notify: () => void) =>
      store.subscribe((change) => {
        if (change.reloaded || change.sections.has(name)) notify();
      }),
    [store, name],
  );
  const snapshot = useSyncExternalStore(subscribe, () => store.section(name));
  const change = useCallback(
    (next: SectionValues[N]) => {
      store.apply({ type: 'setSection', name, value: next } as Edit);
    },
    [store, name],
  );
  return { value: snapshot.value, error: snapshot.error, problems: snapshot.problems, change };
}
