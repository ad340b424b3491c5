// The panels of the one-value sections this editor edits whole: table of contents, social sharing
// and cookie consent. Each reads and changes its section through the document store (useSection:
// shown at once, undoable, saved like the other panels' edits) and is read-only while another
// editor holds its lock.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SectionName, SectionValues } from '../../api/sections';
import { useSection, type SectionState } from '../sections/useSection';
import type { DocumentStore } from '../store';
import { CookieConsentForm } from './CookieConsentForm';
import { EMPTY_COOKIES } from './cookieForm';
import { UnsendableDrafts, useUnsendableDrafts } from './unsendableDrafts';
import { Sidebar, type LockHolder } from './SidebarParts';
import { EMPTY_SOCIAL } from './socialForm';
import { SocialSharingForm } from './SocialSharingForm';
import { TocForm } from './TocForm';
import sidebar from './Sidebar.module.css';

interface PanelProps {
  store: DocumentStore;
  lockedBy: LockHolder | null;
  onClose: () => void;
  /** Told whether a field holds text that cannot be saved: the editor then asks before the panel closes. */
  onUnsaved?: (unsaved: boolean) => void;
}

/** The frame of a section's panel: loading, a failed read, or the form with the section's value. */
function SectionPanel<N extends SectionName>({
  section,
  empty,
  title,
  testId,
  lockedBy,
  onClose,
  onUnsaved,
  children,
}: {
  section: SectionState<N>;
  /** The value of a section never written (the server answers null). */
  empty: SectionValues[N];
  title: string;
  testId: string;
  lockedBy: LockHolder | null;
  onClose: () => void;
  onUnsaved?: (unsaved: boolean) => void;
  children: (value: SectionValues[N]) => ReactNode;
}) {
  const { t } = useTranslation();
  const report = useUnsendableDrafts(onUnsaved);
  return (
    <Sidebar title={title} testId={testId} onClose={onClose} lockedBy={lockedBy}>
      {section.value !== null ? (
        <UnsendableDrafts.Provider value={report}>{children({ ...empty, ...section.value })}</UnsendableDrafts.Provider>
      ) : section.error ? (
        <p className={sidebar.problem} role="alert">
          {t('editor.sections.forms.loadFailed')}
        </p>
      ) : (
        <p className={sidebar.note}>{t('editor.sections.forms.loading')}</p>
      )}
    </Sidebar>
  );
}

export function TocSidebar({ store, lockedBy, onClose, onUnsaved }: PanelProps) {
  const { t } = useTranslation();
  const section = useSection(store, 'toc');
  return (
    <SectionPanel
      section={section}
      empty={{ entries: [] }}
      title={t('editor.menu.options.tableOfContents')}
      testId="toc-sidebar"
      lockedBy={lockedBy}
      onClose={onClose}
      onUnsaved={onUnsaved}
    >
      {(value) => (
        <TocForm
          value={value}
          onChange={(next) => {
            section.change(next);
          }}
          readOnly={lockedBy !== null}
          languages={store.map.languages}
          problems={section.problems}
          nodes={store.document.nodes}
          levels={store.map.visibility_levels}
        />
      )}
    </SectionPanel>
  );
}

export function SocialSharingSidebar({ store, lockedBy, onClose, onUnsaved }: PanelProps) {
  const { t } = useTranslation();
  const section = useSection(store, 'social_sharing');
  return (
    <SectionPanel
      section={section}
      empty={EMPTY_SOCIAL}
      title={t('editor.menu.options.socialNetworks')}
      testId="social-sidebar"
      lockedBy={lockedBy}
      onClose={onClose}
      onUnsaved={onUnsaved}
    >
      {(value) => (
        <SocialSharingForm
          value={value}
          onChange={(next) => {
            section.change(next);
          }}
          readOnly={lockedBy !== null}
          languages={store.map.languages}
          problems={section.problems}
        />
      )}
    </SectionPanel>
  );
}

export function CookieConsentSidebar({ store, lockedBy, onClose, onUnsaved }: PanelProps) {
  const { t } = useTranslation();
  const section = useSection(store, 'cookie_consent');
  return (
    <SectionPanel
      section={section}
      empty={EMPTY_COOKIES}
      title={t('editor.menu.options.cookieConsent')}
      testId="cookies-sidebar"
      lockedBy={lockedBy}
      onClose={onClose}
      onUnsaved={onUnsaved}
    >
      {(value) => (
        <CookieConsentForm
          value={value}
          onChange={(next) => {
            section.change(next);
          }}
          readOnly={lockedBy !== null}
          languages={store.map.languages}
          problems={section.problems}
        />
      )}
    </SectionPanel>
  );
}
