// The one panel of the reader's map that is open, and the cookie consent banner while it asks.
import type { Language } from '../../api';
import { allows, asking } from './consent';
import { ConsentBanner } from './ConsentBanner';
import { AboutPanel, GlossaryPanel, ReferencesPanel } from './InfoPanels';
import { ContentsPanel, SharePanel } from './NavigationPanels';
import { QuizPanel, type AnswerQuiz } from './QuizPanel';
import type { PanelName } from './panels';
import type { ReaderSections } from './readerSections';
import type { Shared } from './share';
import type { TocItem } from './toc';
import type { ReaderState } from './useReaderSections';

interface ReaderPanelsProps {
  sections: ReaderSections;
  reader: ReaderState;
  languages: readonly Language[];
  panel: PanelName | null;
  /** The reference a followed citation names. */
  citedKey: string | null;
  toc: TocItem[];
  onChooseEntry: (item: TocItem) => void;
  shared: Shared;
  sharedNode: string | null;
  answerQuiz: AnswerQuiz;
  onClose: () => void;
}

export function ReaderPanels(props: ReaderPanelsProps) {
  const { sections, reader, languages, panel, onClose } = props;
  const consent = sections.cookieConsent;
  const banner =
    consent?.enabled && (asking(reader.consent) || panel === 'consent') ? (
      <ConsentBanner
        consent={consent}
        state={reader.consent}
        languages={languages}
        onChoose={(choice) => {
          reader.choose(choice);
          if (panel === 'consent') onClose();
        }}
        onClose={panel === 'consent' && !asking(reader.consent) ? onClose : undefined}
      />
    ) : null;

  let shown = null;
  switch (panel) {
    case 'about':
      if (sections.editorsNote) shown = <AboutPanel note={sections.editorsNote} languages={languages} onClose={onClose} />;
      break;
    case 'glossary':
      shown = <GlossaryPanel entries={reader.glossary} onClose={onClose} />;
      break;
    case 'references':
      shown = <ReferencesPanel references={sections.references} languages={languages} focusKey={props.citedKey} onClose={onClose} />;
      break;
    case 'contents':
      shown = <ContentsPanel items={props.toc} onChoose={props.onChooseEntry} onClose={onClose} />;
      break;
    case 'quizzes':
      shown = (
        <QuizPanel
          quizzes={sections.quizzes}
          languages={languages}
          answer={props.answerQuiz}
          externalAllowed={allows(reader.consent, 'external')}
          onAllowExternal={reader.allowExternal}
          onClose={onClose}
        />
      );
      break;
    case 'share':
      shown = (
        <SharePanel
          networks={sections.socialSharing?.networks ?? []}
          shared={props.shared}
          nodeTitle={props.sharedNode}
          onClose={onClose}
        />
      );
      break;
    case 'consent':
    case null:
      break;
  }
  return (
    <>
      {shown}
      {banner}
    </>
  );
}
