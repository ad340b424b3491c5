// The panels of the reader's map: which a map's sections give, and the header's buttons for them.
import type { TFunction } from 'i18next';
import { interfaceTextIn, type ReaderSections } from './readerSections';

export type PanelName = 'about' | 'contents' | 'glossary' | 'references' | 'quizzes' | 'share' | 'consent';

/**
 * The panels a map's sections give, in the order of the header's buttons; their labels in the
 * interface's language (the note's own label when the map has it in that language).
 */
export function panelsOf(sections: ReaderSections, language: string | undefined, t: TFunction): { name: PanelName; label: string }[] {
  const panels: { name: PanelName; label: string }[] = [];
  if (sections.editorsNote) {
    panels.push({ name: 'about', label: interfaceTextIn(sections.editorsNote.label, language, t('reader.about.open')) });
  }
  if ((sections.toc?.entries.length ?? 0) > 0) panels.push({ name: 'contents', label: t('reader.contents.open') });
  if ((sections.glossary?.terms.length ?? 0) > 0) panels.push({ name: 'glossary', label: t('reader.glossary.open') });
  if ((sections.references?.references.length ?? 0) > 0) panels.push({ name: 'references', label: t('reader.references.open') });
  if (sections.quizzes.length > 0) panels.push({ name: 'quizzes', label: t('reader.quiz.open') });
  if ((sections.socialSharing?.networks.length ?? 0) > 0) panels.push({ name: 'share', label: t('reader.share.open') });
  if (sections.cookieConsent?.enabled) panels.push({ name: 'consent', label: t('reader.consent.settings') });
  return panels;
}
