// Text typed in a section's field that cannot be handed on (too long, or refused by the form's
// check) stays in the field; each field says so, and the panel tells the editor, which then asks
// before the panel closes, as it does for the other panels.
import { createContext, useCallback, useEffect, useRef } from 'react';

/** Given by the panel: a field reports whether it holds such text. */
export const UnsendableDrafts = createContext<((field: string, unsendable: boolean) => void) | null>(null);

/** The panel's side: the fields' reports gathered into one for onUnsaved. */
export function useUnsendableDrafts(onUnsaved: ((unsaved: boolean) => void) | undefined) {
  const fields = useRef(new Set<string>());
  useEffect(
    () => () => {
      onUnsaved?.(false);
    },
    [onUnsaved],
  );
  return useCallback(
    (field: string, unsendable: boolean) => {
      if (unsendable) fields.current.add(field);
      else fields.current.delete(field);
      onUnsaved?.(fields.current.size > 0);
    },
    [onUnsaved],
  );
}
