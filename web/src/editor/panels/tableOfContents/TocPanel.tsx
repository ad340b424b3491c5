// The table of contents' panel: its form on the section, read-only while another editor holds
// the `table_of_contents` lock.
import { useTranslation } from 'react-i18next';
import { WholeSectionPanel } from '../kit/WholeSectionPanel';
import type { PanelProps } from '../types';
import { TocForm } from './TocForm';

export function TocPanel({ store, sectionHolder, closePanel, setPanelUnsaved, canvasLanguage }: PanelProps) {
  const { t } = useTranslation();
  return (
    <WholeSectionPanel
      store={store}
      name="toc"
      empty={{ entries: [] }}
      title={t('editor.menu.options.tableOfContents')}
      testId="toc-sidebar"
      lockedBy={sectionHolder}
      onClose={closePanel}
      onUnsaved={setPanelUnsaved}
    >
      {(value, section) => (
        <TocForm
          value={value}
          onChange={(next) => {
            section.change(next);
          }}
          readOnly={sectionHolder !== null}
          languages={store.map.languages}
          canvasLanguage={canvasLanguage}
          problems={section.problems}
          nodes={store.document.nodes}
          levels={store.map.visibility_levels}
        />
      )}
    </WholeSectionPanel>
  );
}
