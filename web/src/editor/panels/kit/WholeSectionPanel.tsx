// The panel of a section whose form hands on whole values (table of contents, social sharing,
// cookie consent): the section read through the document store (useSection: shown at once,
// undoable, saved like the other panels' edits), loading or a failed read in the frame, and the
// fields' drafts that cannot be saved gathered for the editor's "unsaved" question.
import type { ReactNode } from 'react';
import type { SectionName, SectionValues } from '../../../api/sections';
import type { DocumentStore } from '../../store';
import { PanelFrame, type LockHolder } from './PanelFrame';
import { UnsendableDrafts, useUnsendableDrafts } from './unsendableDrafts';
import { useSection, type SectionState } from './useSection';

export function WholeSectionPanel<N extends SectionName>({
  store,
  name,
  empty,
  title,
  testId,
  lockedBy,
  onClose,
  onUnsaved,
  children,
}: {
  store: DocumentStore;
  name: N;
  /** The value of a section never written (the server answers null). */
  empty: SectionValues[N];
  title: string;
  testId: string;
  lockedBy: LockHolder | null;
  onClose: () => void;
  onUnsaved?: (unsaved: boolean) => void;
  children: (value: SectionValues[N], section: SectionState<N>) => ReactNode;
}) {
  const section = useSection(store, name);
  const report = useUnsendableDrafts(onUnsaved);
  const load = section.value !== null ? 'ready' : section.error ? 'failed' : 'loading';
  return (
    <PanelFrame title={title} testId={testId} onClose={onClose} lockedBy={lockedBy} load={load}>
      {section.value !== null && (
        <UnsendableDrafts.Provider value={report}>{children({ ...empty, ...section.value }, section)}</UnsendableDrafts.Provider>
      )}
    </PanelFrame>
  );
}
