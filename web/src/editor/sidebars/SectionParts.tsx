// Pieces the sections' panels share: the tabs of the map's languages (marked where a problem
// lies), a text box that keeps what is typed until it is left, and a server field problem.
import { useContext, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblems } from '../../api/http';
import type { Language } from '../../api/types';
import { problemFromServer, problemText } from '../../account/problems';
import { isTooLong } from './sectionTexts';
import styles from './Sidebar.module.css';
import { UnsendableDrafts } from './unsendableDrafts';

export function LanguageTabs({
  languages,
  lang,
  onLang,
  marked,
  testId,
}: {
  languages: readonly Language[];
  lang: Language;
  onLang: (lang: Language) => void;
  /** Whether a language has a problem: its tab carries a mark. */
  marked?: (lang: Language) => boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  if (languages.length < 2) return null;
  return (
    <div className={styles.tabs} role="tablist" aria-label={t('editor.sections.forms.languages')}>
      {languages.map((l) => (
        <button
          key={l}
          type="button"
          role="tab"
          aria-selected={l === lang}
          className={[styles.tab, l === lang && styles.tabOn].filter(Boolean).join(' ')}
          data-testid={`${testId}-lang-${l}`}
          onClick={() => {
            onLang(l);
          }}
        >
          {t(`language.${l}`)}
          {marked?.(l) && <span className={styles.tabMark} aria-label={t('editor.sections.forms.hasProblems')} />}
        </button>
      ))}
    </div>
  );
}

/** The server's problem of a field path, in the user's language; nothing when there is none. */
export function ServerProblem({ problems, path, id }: { problems: FieldProblems; path: string; id?: string }) {
  const { t } = useTranslation();
  const p = problems[path];
  if (!p) return null;
  const shown = problemFromServer(p, t('problems.invalid'));
  return (
    <span id={id} className={styles.problem} role="alert" data-testid={`problem-${path}`}>
      {problemText(t, shown)}
    </span>
  );
}

/**
 * A labelled text field that keeps what is typed while it has the focus and hands it on when left
 * (or on Enter in a one-line box); a text over `max` characters is named and not handed on.
 */
export function SectionText({
  label,
  value,
  onCommit,
  readOnly,
  max,
  multiline = false,
  inputMode,
  testId,
  problem,
  hint,
  check,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  readOnly: boolean;
  max: number;
  multiline?: boolean;
  inputMode?: 'url' | 'text';
  testId: string;
  /** A problem found by the form or the server, already in words. */
  problem?: string | null;
  hint?: string;
  /** The form's own check of a typed value: its problem in words, or null when it can be taken. */
  check?: (value: string) => string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refused = (raw: string) => (isTooLong(raw, max) ? t('sidebar.errors.tooLong', { max }) : (check?.(raw) ?? null));
  // A refused value stays in the box, named, until it is corrected: nothing typed is dropped.
  const take = (raw: string) => {
    const why = refused(raw);
    setRefusal(why);
    if (why !== null) return false;
    if (raw !== value) onCommit(raw);
    return true;
  };

  const report = useContext(UnsendableDrafts);
  const unsendable = draft !== null && refused(draft) !== null;
  useEffect(() => {
    report?.(id, unsendable);
  }, [report, id, unsendable]);
  // The panel closing while the box has the focus (no blur comes) hands on what can be taken.
  const latest = useRef({ draft, take });
  useEffect(() => {
    latest.current = { draft, take };
  });
  useEffect(
    () => () => {
      const { draft: last, take: hand } = latest.current;
      if (last !== null) hand(last);
      report?.(id, false);
    },
    [report, id],
  );
  const shown = refusal ?? problem ?? null;
  const common = {
    id,
    className: [styles.input, shown && styles.inputBad].filter(Boolean).join(' '),
    value: draft ?? value,
    disabled: readOnly,
    'aria-invalid': shown ? true : undefined,
    'aria-describedby': shown ? `${id}-problem` : hint ? `${id}-hint` : undefined,
    'data-testid': testId,
    onFocus: () => {
      setDraft((d) => d ?? value);
    },
    onBlur: (e: { currentTarget: { value: string } }) => {
      if (take(e.currentTarget.value)) setDraft(null);
    },
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          {...common}
          rows={3}
          onChange={(e) => {
            setDraft(e.target.value);
          }}
        />
      ) : (
        <input
          {...common}
          inputMode={inputMode}
          onChange={(e) => {
            setDraft(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') take(e.currentTarget.value);
          }}
        />
      )}
      {hint && !shown && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {shown && (
        <span id={`${id}-problem`} className={styles.problem} role="alert">
          {shown}
        </span>
      )}
    </div>
  );
}
