// The references (account-area §3): key, source and link, cited by node content as #ref-{key};
// added and edited here, or imported from a BibTeX file (what was read and what was skipped is
// shown). Held under the `source` lock while open.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../../../account/problems';
import { importBibtex, type Reference } from '../../../api/sections';
import sidebar from '../kit/Panel.module.css';
import { MAX_BIBTEX_BYTES, refusal, skipReason, type ImportOutcome } from './bibtexImport';
import { useSection } from '../kit/useSection';
import { useSectionForm, type SectionPanelProps } from '../kit/useSectionForm';
import type { PanelProps } from '../types';
import { LanguageTabs } from '../kit/LanguageTabs';
import { PanelFrame } from '../kit/PanelFrame';
import { checkReferences, firstLanguage, languagesWithProblems, LIMITS, replaced, textIn, without, withText } from '../kit/checks';
import { AddButton, FilePicker, ListItem, TextField } from '../kit/fields';

function ReferencesPanelForm({ store, languages, canvasLanguage, lockedBy, onClose, onUnsaved }: SectionPanelProps) {
  const { t } = useTranslation();
  const section = useSection(store, 'references');
  const form = useSectionForm(section, checkReferences, languages, onUnsaved);
  const [lang, setLang] = useState(() => firstLanguage(languages, canvasLanguage));
  const [importing, setImporting] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const readOnly = lockedBy !== null;
  const refs = form.value?.references ?? [];
  const p = form.problems;
  const blocked = Object.keys(p).length > 0;
  const setRefs = (list: Reference[], commit: boolean) => {
    if (commit) form.commit({ references: list });
    else form.edit({ references: list });
  };
  const importFile = async (file: File) => {
    if (file.size > MAX_BIBTEX_BYTES) {
      setOutcome({ kind: 'refused', problem: { code: 'too_large', params: { max: MAX_BIBTEX_BYTES } }, detail: '' });
      return;
    }
    setImporting(true);
    setOutcome(null);
    try {
      // What waits to be saved goes first: the import adds to the stored references.
      await store.flush();
      setOutcome({ kind: 'done', answer: await importBibtex(store.mapId, file) });
    } catch (err) {
      setOutcome(refusal(err));
    } finally {
      setImporting(false);
    }
  };
  return (
    <PanelFrame
      title={t('editor.menu.options.sources')}
      testId="references-panel"
      onClose={onClose}
      lockedBy={lockedBy}
      load={form.value !== null ? 'ready' : section.error !== null ? 'failed' : 'loading'}
      closeOnEscape
    >
      <fieldset className={sidebar.group}>
        <legend className={sidebar.legend}>{t('editor.sections.references.import')}</legend>
        <FilePicker
          label={t('editor.sections.references.file')}
          button={t('editor.sections.references.choose')}
          accept=".bib,.bibtex,text/x-bibtex,text/plain"
          disabled={readOnly || importing || blocked}
          testId="references-file"
          onFile={(file) => {
            void importFile(file);
          }}
        />
        <span className={sidebar.hint}>{t(blocked ? 'editor.sections.references.fixFirst' : 'editor.sections.references.fileHint')}</span>
        {importing && <p role="status">{t('editor.sections.references.importing')}</p>}
        {outcome && <ImportReport outcome={outcome} />}
      </fieldset>
      <LanguageTabs languages={languages} lang={lang} onLang={setLang} marked={languagesWithProblems(p, languages)} />
      <div className={sidebar.form} lang={lang}>
        {refs.length === 0 && <p className={sidebar.note}>{t('editor.sections.references.none')}</p>}
        <ol className={sidebar.list}>
          {refs.map((ref, i) => (
            <ListItem
              key={i}
              title={ref.key || t('editor.sections.references.number', { n: i + 1 })}
              index={i}
              count={refs.length}
              disabled={readOnly}
              testId={`reference-${i}`}
              onMove={null}
              onRemove={() => {
                setRefs(without(refs, i), true);
              }}
            >
              <TextField
                label={t('editor.sections.references.key')}
                value={ref.key}
                hint={t('editor.sections.references.keyHint', { key: ref.key || 'key' })}
                onEdit={(v) => {
                  setRefs(replaced(refs, i, { ...ref, key: v }), false);
                }}
                onCommit={() => {
                  form.commit();
                }}
                problem={p[`references[${i}].key`]}
                disabled={readOnly}
                testId={`reference-${i}-key`}
              />
              <TextField
                label={t('editor.sections.references.source')}
                value={textIn(ref.source, lang)}
                multiline
                onEdit={(v) => {
                  setRefs(replaced(refs, i, { ...ref, source: withText(ref.source, lang, v) }), false);
                }}
                onCommit={() => {
                  form.commit();
                }}
                problem={p[`references[${i}].source.${lang}`]}
                disabled={readOnly}
                testId={`reference-${i}-source`}
              />
              <TextField
                label={t('editor.sections.references.link')}
                value={ref.link ?? ''}
                type="url"
                onEdit={(v) => {
                  const next: Reference = { key: ref.key, source: ref.source };
                  if (v !== '') next.link = v;
                  setRefs(replaced(refs, i, next), false);
                }}
                onCommit={() => {
                  form.commit();
                }}
                problem={p[`references[${i}].link`]}
                disabled={readOnly}
                testId={`reference-${i}-link`}
              />
            </ListItem>
          ))}
        </ol>
        <AddButton
          label={t('editor.sections.references.add')}
          disabled={readOnly || refs.length >= LIMITS.references}
          testId="references-add"
          onAdd={() => {
            setRefs([...refs, { key: '', source: {} }], true);
          }}
        />
      </div>
    </PanelFrame>
  );
}

function ImportReport({ outcome }: { outcome: ImportOutcome }) {
  const { t } = useTranslation();
  if (outcome.kind === 'failed') {
    return (
      <p className={sidebar.problem} role="alert" data-testid="references-import-failed">
        {t('editor.sections.references.importFailed', { reason: outcome.message })}
      </p>
    );
  }
  if (outcome.kind === 'refused') {
    return (
      <div role="alert" className={sidebar.problem} data-testid="references-import-refused">
        <p>{t('editor.sections.references.refused')}</p>
        <p>{problemText(t, outcome.problem)}</p>
        {outcome.detail && 'code' in outcome.problem && <p lang="en">{outcome.detail}</p>}
      </div>
    );
  }
  const { imported, skipped } = outcome.answer;
  return (
    <div role="status" data-testid="references-import-report">
      <p>{t('editor.sections.references.imported', { count: imported.length })}</p>
      {imported.length > 0 && (
        <ul className={sidebar.summary} data-testid="references-imported">
          {imported.map((e) => (
            <li key={e.key}>
              <strong>{e.key}</strong>: {e.source}
            </li>
          ))}
        </ul>
      )}
      {skipped.length > 0 && (
        <>
          <p>{t('editor.sections.references.skipped', { count: skipped.length })}</p>
          <ul className={sidebar.summary} data-testid="references-skipped">
            {skipped.map((e, i) => {
              const known = skipReason(e.reason);
              return (
                <li key={`${e.key}-${i}`}>
                  <strong>{e.key || '—'}</strong> (@{e.type}): {known ? t(`editor.sections.references.skip.${known}`) : e.reason}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}

export function ReferencesPanel({ store, canvasLanguage, sectionHolder, closePanel, setPanelUnsaved }: PanelProps) {
  return (
    <ReferencesPanelForm
      store={store}
      onUnsaved={setPanelUnsaved}
      languages={store.map.languages}
      canvasLanguage={canvasLanguage}
      lockedBy={sectionHolder}
      onClose={closePanel}
    />
  );
}
