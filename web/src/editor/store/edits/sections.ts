// The edits of a map's sections (the editor's note, glossary, references, header bar, table of
// contents, social sharing, cookie consent): each replaces its section's value whole, as its PUT
// does. Consecutive changes of one section are saved as one PUT of the last value.
import type { SectionName, SectionValues } from '../../../api/sections';
import { none, type EditDefinitions } from './definition';

export type SectionEdit = { [N in SectionName]: { type: 'setSection'; name: N; value: SectionValues[N] } }[SectionName];

export const SECTION_EDITS: EditDefinitions<SectionEdit['type']> = {
  setSection: {
    ...none<'setSection'>('sections', () => ({ error: 'sectionError', reason: true })),
    group: 'section',
    exists: () => true,
    apply(d, e) {
      d.setSection(e.name, e.value);
    },
    inverse(e, { t, view }) {
      // The value before; a section not read yet has nothing to go back to.
      const prev = t.sections.has(e.name) ? t.sections.get(e.name) : view.sections[e.name];
      return prev === undefined ? [] : [{ type: 'setSection', name: e.name, value: prev } as SectionEdit];
    },
  },
};
