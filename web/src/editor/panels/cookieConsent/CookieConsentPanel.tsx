// The cookie consent panel: its form on the section, read-only while another editor holds the
// `cookie_consent` lock.
import { useTranslation } from 'react-i18next';
import { WholeSectionPanel } from '../kit/WholeSectionPanel';
import type { PanelProps } from '../types';
import { EMPTY_COOKIES } from './cookieForm';
import { CookieConsentForm } from './CookieConsentForm';

export function CookieConsentPanel({ store, sectionHolder, closePanel, setPanelUnsaved, canvasLanguage }: PanelProps) {
  const { t } = useTranslation();
  return (
    <WholeSectionPanel
      store={store}
      name="cookie_consent"
      empty={EMPTY_COOKIES}
      title={t('editor.menu.options.cookieConsent')}
      testId="cookies-sidebar"
      lockedBy={sectionHolder}
      onClose={closePanel}
      onUnsaved={setPanelUnsaved}
    >
      {(value, section) => (
        <CookieConsentForm
          value={value}
          onChange={(next) => {
            section.change(next);
          }}
          readOnly={sectionHolder !== null}
          languages={store.map.languages}
          canvasLanguage={canvasLanguage}
          problems={section.problems}
        />
      )}
    </WholeSectionPanel>
  );
}
