// The social sharing panel: its form on the section, read-only while another editor holds the
// `social_sharing` lock.
import { useTranslation } from 'react-i18next';
import { WholeSectionPanel } from '../kit/WholeSectionPanel';
import type { PanelProps } from '../types';
import { EMPTY_SOCIAL } from './socialForm';
import { SocialSharingForm } from './SocialSharingForm';

export function SocialSharingPanel({ store, sectionHolder, closePanel, setPanelUnsaved, canvasLanguage }: PanelProps) {
  const { t } = useTranslation();
  return (
    <WholeSectionPanel
      store={store}
      name="social_sharing"
      empty={EMPTY_SOCIAL}
      title={t('editor.menu.options.socialNetworks')}
      testId="social-sidebar"
      lockedBy={sectionHolder}
      onClose={closePanel}
      onUnsaved={setPanelUnsaved}
    >
      {(value, section) => (
        <SocialSharingForm
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
