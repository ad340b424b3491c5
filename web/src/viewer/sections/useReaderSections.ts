// The reader's state around the sections: their cookie consent, the glossary in their language,
// and how node content is shown under both.
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../api';
import { browserStorage } from '../visited';
import { allowCategory, allows, decide, initialConsent, type ConsentChoice, type ConsentState } from './consent';
import { GlossaryMatcher, glossaryEntries, type GlossaryEntry } from './glossaryMarks';
import { readerContent, readerText } from './readerContent';
import type { ReaderSections } from './readerSections';

export interface ReaderState {
  consent: ConsentState;
  choose: (choice: ConsentChoice) => void;
  allowExternal: () => void;
  /** The glossary's terms in the reader's language, A–Z. */
  glossary: GlossaryEntry[];
  /** Node content as the reader's map inserts it. */
  renderContent: (html: string) => string;
  /** A node's plain texts likewise (glossary terms marked). */
  renderText: (text: string) => string;
}

export function useReaderSections(sections: ReaderSections, languages: readonly Language[], mapKey: string): ReaderState {
  const { t } = useTranslation();
  const storage = useMemo(() => browserStorage(), []);
  const [consent, setConsent] = useState(() => initialConsent(sections.cookieConsent, storage, mapKey));
  const glossary = useMemo(() => glossaryEntries(sections.glossary, languages), [sections.glossary, languages]);
  const matcher = useMemo(() => new GlossaryMatcher(glossary), [glossary]);
  const referenceKeys = useMemo(() => new Set((sections.references?.references ?? []).map((r) => r.key)), [sections.references]);
  const external = allows(consent, 'external');
  const blockText = t('reader.consent.blocked');
  const allowText = t('reader.consent.allowExternal');

  const renderContent = useCallback(
    (html: string) =>
      readerContent(html, {
        glossary: matcher,
        referenceKeys,
        blockExternal: external ? null : { text: blockText, allow: allowText },
        origin: window.location.origin,
      }),
    [matcher, referenceKeys, external, blockText, allowText],
  );

  const renderText = useCallback((text: string) => readerText(text, matcher), [matcher]);

  return {
    consent,
    choose: (choice) => {
      setConsent((cur) => decide(cur, choice, storage, mapKey));
    },
    allowExternal: () => {
      setConsent((cur) => allowCategory(cur, 'external', storage, mapKey));
    },
    glossary,
    renderContent,
    renderText,
  };
}
