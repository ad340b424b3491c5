// The glossary (account-area §3): terms with alternatives and synonyms (semicolon separated) and a
// rich definition, per language; readers see each occurrence marked. The list is searched, and
// one term at a time is edited below it. Held under the `glossary` lock while open.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlossaryTerm } from '../../../api/sections';
import sidebar from '../kit/Panel.module.css';
import { useSection } from '../kit/useSection';
import { useSectionForm, type SectionPanelProps } from '../kit/useSectionForm';
import type { PanelProps } from '../types';
import { LanguageTabs } from '../kit/LanguageTabs';
import { PanelFrame } from '../kit/PanelFrame';
import {
  checkGlossary,
  firstLanguage,
  languagesWithProblems,
  LIMITS,
  matchingTerms,
  replaced,
  textIn,
  without,
  withText,
} from '../kit/checks';
import { AddButton, ListItem, RichField, TextField } from '../kit/fields';

const EMPTY_TERM: GlossaryTerm = { term: {}, alternatives: {}, synonyms: {}, definition: {} };

function GlossaryPanelForm({ store, languages, canvasLanguage, lockedBy, onClose, onUnsaved }: SectionPanelProps) {
  const { t, i18n } = useTranslation();
  const section = useSection(store, 'glossary');
  const form = useSectionForm(section, checkGlossary, languages, onUnsaved);
  const [lang, setLang] = useState(() => firstLanguage(languages, canvasLanguage));
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const readOnly = lockedBy !== null;
  const glossary = form.value;
  const p = form.problems;
  const terms = glossary?.terms ?? [];
  const open = chosen !== null && chosen < terms.length ? chosen : null;
  const setTerms = (list: GlossaryTerm[], commit: boolean) => {
    if (commit) form.commit({ terms: list });
    else form.edit({ terms: list });
  };
  const shown = glossary ? matchingTerms(glossary, query, lang) : [];
  // A term without a text in this language shows another language's, marked with it.
  const name = (term: GlossaryTerm, i: number) => {
    const own = textIn(term.term, lang);
    if (own !== '') return own;
    const other = languages.find((l) => textIn(term.term, l) !== '');
    return other ? `${textIn(term.term, other)} (${other.toUpperCase()})` : t('editor.sections.glossary.termNumber', { n: i + 1 });
  };
  const hasProblem = (i: number) => Object.keys(p).some((path) => path.startsWith(`terms[${i}].`));
  const field = (term: GlossaryTerm, i: number, key: 'term' | 'alternatives' | 'synonyms', hint?: string) => (
    <TextField
      label={t(`editor.sections.glossary.${key}`)}
      value={textIn(term[key], lang)}
      onEdit={(v) => {
        setTerms(replaced(terms, i, { ...term, [key]: withText(term[key], lang, v) }), false);
      }}
      onCommit={() => {
        form.commit();
      }}
      problem={p[`terms[${i}].${key}.${lang}`]}
      disabled={readOnly}
      testId={`glossary-${key}`}
      hint={hint}
    />
  );
  return (
    <PanelFrame
      title={t('editor.menu.options.glossary')}
      testId="glossary-panel"
      onClose={onClose}
      lockedBy={lockedBy}
      load={glossary !== null ? 'ready' : section.error !== null ? 'failed' : 'loading'}
      closeOnEscape
    >
      <LanguageTabs languages={languages} lang={lang} onLang={setLang} marked={languagesWithProblems(p, languages)} />
      <div className={sidebar.form} lang={lang}>
        <div className={sidebar.field}>
          <input
            type="search"
            className={[sidebar.input, sidebar.search].join(' ')}
            value={query}
            placeholder={t('editor.sections.glossary.search')}
            aria-label={t('editor.sections.glossary.search')}
            data-testid="glossary-search"
            onChange={(e) => {
              setQuery(e.target.value);
            }}
          />
          <span className={sidebar.muted} role="status">
            {t('editor.sections.glossary.count', { count: terms.length, shown: shown.length })}
          </span>
        </div>
        <ul className={sidebar.list} aria-label={t('editor.sections.glossary.terms')}>
          {shown.map((i) => {
            const term = terms[i] ?? EMPTY_TERM;
            return (
              <li key={i}>
                <button
                  type="button"
                  className={[sidebar.pick, i === open && sidebar.pickOn, hasProblem(i) && sidebar.pickBad].filter(Boolean).join(' ')}
                  aria-pressed={i === open}
                  data-testid={`glossary-term-${i}`}
                  onClick={() => {
                    setChosen(i === open ? null : i);
                  }}
                >
                  {name(term, i)}
                  {textIn(term.alternatives, lang) && <span className={sidebar.muted}> · {textIn(term.alternatives, lang)}</span>}
                </button>
              </li>
            );
          })}
        </ul>
        <AddButton
          label={t('editor.sections.glossary.add')}
          disabled={readOnly || terms.length >= LIMITS.terms}
          testId="glossary-add"
          onAdd={() => {
            setQuery('');
            setChosen(terms.length);
            setTerms([...terms, EMPTY_TERM], true);
          }}
        />
        {open !== null && (
          <ul className={sidebar.list}>
            <ListItem
              title={name(terms[open] ?? EMPTY_TERM, open)}
              index={open}
              count={terms.length}
              disabled={readOnly}
              onMove={null}
              testId="glossary-edit"
              onRemove={() => {
                setChosen(null);
                setTerms(without(terms, open), true);
              }}
            >
              {field(terms[open] ?? EMPTY_TERM, open, 'term')}
              {field(terms[open] ?? EMPTY_TERM, open, 'alternatives', t('editor.sections.glossary.semicolons'))}
              {field(terms[open] ?? EMPTY_TERM, open, 'synonyms', t('editor.sections.glossary.semicolons'))}
              <RichField
                label={t('editor.sections.glossary.definition')}
                value={textIn(terms[open]?.definition, lang)}
                editorKey={`${open}-${lang}-${i18n.language}-${String(readOnly)}`}
                onEdit={(html) => {
                  const term = terms[open] ?? EMPTY_TERM;
                  setTerms(replaced(terms, open, { ...term, definition: withText(term.definition, lang, html) }), false);
                }}
                onCommit={() => {
                  form.commit();
                }}
                problem={p[`terms[${open}].definition.${lang}`]}
                disabled={readOnly}
                testId="glossary-definition"
              />
            </ListItem>
          </ul>
        )}
      </div>
    </PanelFrame>
  );
}

export function GlossaryPanel({ store, canvasLanguage, sectionHolder, closePanel, setPanelUnsaved }: PanelProps) {
  return (
    <GlossaryPanelForm
      store={store}
      onUnsaved={setPanelUnsaved}
      languages={store.map.languages}
      canvasLanguage={canvasLanguage}
      lockedBy={sectionHolder}
      onClose={closePanel}
    />
  );
}
