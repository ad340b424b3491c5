// A section panel's form over useSection: typing changes a draft shown at once; leaving a field
// (or a list action) sends the whole value, when it passes the panel's checks, as one undoable
// change. A value that does not pass stays in the panel with its problems by field, so that
// nothing typed is lost and nothing the server would refuse is sent.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SectionName, SectionValues } from '../../../api/sections';
import type { Language } from '../../../api/types';
import { deepEqual } from '../../store/state';
import { shownProblems, type SectionProblems } from './checks';
import type { SectionState } from './useSection';
import type { DocumentStore } from '../../store';
import type { LockHolder } from './PanelFrame';

/** What a panel that edits one map section in place is given. */
export interface SectionPanelProps {
  store: DocumentStore;
  languages: readonly Language[];
  canvasLanguage: Language | undefined;
  lockedBy: LockHolder | null;
  onClose: () => void;
  /** Whether a draft that cannot be saved as it is waits in the panel. */
  onUnsaved?: (unsaved: boolean) => void;
}

export interface SectionForm<N extends SectionName> {
  /** What the panel shows: the draft being typed, else the section. */
  value: SectionValues[N] | null;
  problems: SectionProblems;
  /** A keystroke: shown, sent when the field is left. */
  edit(next: SectionValues[N]): void;
  /** Sends the draft (leaving a field), or `next` (a list action), when it passes the checks. */
  commit(next?: SectionValues[N]): void;
}

export function useSectionForm<N extends SectionName>(
  state: SectionState<N>,
  check: (value: SectionValues[N], languages: readonly Language[]) => SectionProblems,
  languages: readonly Language[],
  /** Told whether a draft that cannot be sent is waiting: the editor then asks before the panel closes. */
  onUnsaved?: (unsaved: boolean) => void,
): SectionForm<N> {
  const [draft, setDraft] = useState<SectionValues[N] | null>(null);
  const latest = useRef({ draft, state, check, languages });
  useEffect(() => {
    latest.current = { draft, state, check, languages };
  });

  const commit = useCallback((next?: SectionValues[N]) => {
    const { draft: d, state: s, check: c, languages: l } = latest.current;
    const value = next ?? d;
    if (value === null) return;
    if (Object.keys(c(value, l)).length > 0) {
      setDraft(value);
      latest.current.draft = value;
      return;
    }
    setDraft(null);
    latest.current.draft = null;
    if (!deepEqual(value, s.value)) s.change(value);
  }, []);

  // Closing the panel sends what was typed last (when it can be sent).
  useEffect(
    () => () => {
      commit();
    },
    [commit],
  );

  const value = draft ?? state.value;
  const local = draft ? check(draft, languages) : {};
  const unsendable = Object.keys(local).length > 0;
  useEffect(() => {
    onUnsaved?.(unsendable);
  }, [onUnsaved, unsendable]);
  useEffect(
    () => () => {
      onUnsaved?.(false);
    },
    [onUnsaved],
  );
  return {
    value,
    // The server's problems are those of the value it refused; a new draft is checked here.
    problems: shownProblems(local, draft ? {} : state.problems),
    edit: setDraft,
    commit,
  };
}
