// The fields panels are built from: a labelled text (one line or long) with its problem, a text
// that keeps its own draft until it is left, a rich text, a link's target, a colour, a file
// button, and a list's items with add, remove and reorder. A problem is shown at its field,
// whether the panel's checks (kit/checks.ts) or the server (by the same field path) found it.
import { lazy, Suspense, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { problemFromServer, problemText, type Problem } from '../../../account/problems';
import type { FieldProblems } from '../../../api/http';
import type { HeaderLink } from '../../../api/sections';
import { isTooLong, LINK_TARGETS } from './checks';
import type { Citable } from './RichTextEditor';
import styles from './Panel.module.css';
import { UnsendableDrafts } from './unsendableDrafts';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** A problem in the user's language, under its field. */
export function ProblemLine({ problem, id }: { problem: Problem | undefined; id: string }) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <span id={id} className={styles.problem} role="alert">
      {problemText(t, problem)}
    </span>
  );
}

/** A field's frame: its label, the box, and under it the problem in words, else the hint. */
function FieldFrame({
  id,
  label,
  hint,
  problem,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  problem: string | null;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !problem && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {problem && (
        <span id={`${id}-problem`} className={styles.problem} role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}

/** The box of a text field: one line (Enter hands it on) or a long text. */
function TextBox({
  id,
  value,
  multiline,
  type = 'text',
  inputMode,
  disabled,
  bad,
  described,
  testId,
  onFocus,
  onChange,
  onLeave,
  onEnter,
}: {
  id: string;
  value: string;
  multiline: boolean;
  type?: 'text' | 'url' | 'number';
  inputMode?: 'url' | 'text';
  disabled: boolean;
  bad: boolean;
  described: string | undefined;
  testId: string;
  onFocus?: () => void;
  onChange: (v: string) => void;
  onLeave: (v: string) => void;
  onEnter: (v: string) => void;
}) {
  const common = {
    id,
    value,
    disabled,
    'data-testid': testId,
    'aria-invalid': bad ? true : undefined,
    'aria-describedby': described,
    className: [styles.input, multiline && styles.textarea, bad && styles.inputBad].filter(Boolean).join(' '),
    onFocus,
    onBlur: (e: { currentTarget: { value: string } }) => {
      onLeave(e.currentTarget.value);
    },
  };
  return multiline ? (
    <textarea
      {...common}
      rows={3}
      onChange={(e) => {
        onChange(e.target.value);
      }}
    />
  ) : (
    <input
      {...common}
      type={type}
      inputMode={inputMode}
      onChange={(e) => {
        onChange(e.target.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onEnter(e.currentTarget.value);
      }}
    />
  );
}

/** A problem in words: the checks' and the server's are structured, some panels' are words already. */
function useProblemWords(problem: Problem | string | null | undefined): string | null {
  const { t } = useTranslation();
  if (!problem) return null;
  return typeof problem === 'string' ? problem : problemText(t, problem);
}

/**
 * A labelled text (one line, or long with `multiline`) whose draft the form holds: typing edits
 * the draft, leaving the box (or Enter on one line) hands it on.
 */
export function TextField({
  label,
  value,
  onEdit,
  onCommit,
  problem,
  disabled,
  testId,
  multiline = false,
  type = 'text',
  hint,
}: {
  label: string;
  value: string;
  onEdit: (v: string) => void;
  /** Leaving the box; forms that save on demand leave it out. */
  onCommit?: () => void;
  problem: Problem | string | null | undefined;
  disabled: boolean;
  testId: string;
  multiline?: boolean;
  type?: 'text' | 'url' | 'number';
  hint?: string;
}) {
  const id = useId();
  const shown = useProblemWords(problem);
  return (
    <FieldFrame id={id} label={label} hint={hint} problem={shown}>
      <TextBox
        id={id}
        value={value}
        multiline={multiline}
        type={type}
        disabled={disabled}
        bad={shown !== null}
        described={shown ? `${id}-problem` : hint ? `${id}-hint` : undefined}
        testId={testId}
        onChange={onEdit}
        onLeave={() => onCommit?.()}
        onEnter={() => onCommit?.()}
      />
    </FieldFrame>
  );
}

/** A rich text (sanitised by the server as node content is); handed on when the box is left. */
export function RichField({
  label,
  value,
  onEdit,
  onCommit,
  problem,
  disabled,
  testId,
  editorKey,
  references,
}: {
  label: string;
  value: string;
  onEdit: (html: string) => void;
  /** Leaving the box; forms that save on demand leave it out. */
  onCommit?: () => void;
  problem: Problem | string | null | undefined;
  disabled: boolean;
  testId: string;
  /** Changes when the box must start again from `value` (another language or item). */
  editorKey: string;
  /** The map's references, for the citation tool. */
  references?: readonly Citable[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const shown = useProblemWords(problem);
  return (
    <div
      className={styles.field}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) onCommit?.();
      }}
    >
      <span id={id}>{label}</span>
      <Suspense fallback={<p className={styles.note}>{t('sidebar.content.loadingEditor')}</p>}>
        <RichTextEditor
          key={editorKey}
          value={value}
          disabled={disabled}
          label={label}
          testId={testId}
          onChange={onEdit}
          references={references}
        />
      </Suspense>
      {shown && (
        <span id={`${id}-problem`} className={styles.problem} role="alert">
          {shown}
        </span>
      )}
    </div>
  );
}

/** A list item's frame: its title, move up and down, and remove. */
export function ListItem({
  title,
  index,
  count,
  disabled,
  onMove,
  onRemove,
  testId,
  children,
}: {
  title: string;
  index: number;
  count: number;
  disabled: boolean;
  onMove: ((delta: number) => void) | null;
  onRemove: () => void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <li className={styles.item} data-testid={testId}>
      <div className={styles.itemHead}>
        <span className={styles.itemTitle}>{title}</span>
        {onMove && (
          <>
            <button
              type="button"
              className={styles.iconButton}
              disabled={disabled || index === 0}
              aria-label={t('editor.sections.common.moveUp', { name: title })}
              onClick={() => {
                onMove(-1);
              }}
            >
              ↑
            </button>
            <button
              type="button"
              className={styles.iconButton}
              disabled={disabled || index === count - 1}
              aria-label={t('editor.sections.common.moveDown', { name: title })}
              onClick={() => {
                onMove(1);
              }}
            >
              ↓
            </button>
          </>
        )}
        <button
          type="button"
          className={styles.iconButton}
          disabled={disabled}
          aria-label={t('editor.sections.common.remove', { name: title })}
          data-testid={`${testId}-remove`}
          onClick={onRemove}
        >
          ×
        </button>
      </div>
      {children}
    </li>
  );
}

export function AddButton({ label, disabled, onAdd, testId }: { label: string; disabled: boolean; onAdd: () => void; testId: string }) {
  return (
    <button type="button" className={styles.add} disabled={disabled} onClick={onAdd} data-testid={testId}>
      + {label}
    </button>
  );
}

/** A colour: the browser's picker (sent at once) beside a box for any form the server takes. */
export function ColourField({
  label,
  value,
  onEdit,
  onCommit,
  onPick,
  problem,
  disabled,
  testId,
}: {
  label: string;
  value: string;
  onEdit: (v: string) => void;
  onCommit: () => void;
  onPick: (v: string) => void;
  problem: Problem | undefined;
  disabled: boolean;
  testId: string;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.colourRow}>
        <input
          type="color"
          className={styles.swatch}
          value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#ffffff'}
          disabled={disabled}
          aria-label={label}
          onChange={(e) => {
            onPick(e.target.value);
          }}
        />
        <input
          id={id}
          className={[styles.input, problem && styles.inputBad].filter(Boolean).join(' ')}
          value={value}
          disabled={disabled}
          data-testid={testId}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => {
            onEdit(e.target.value);
          }}
          onBlur={onCommit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onCommit();
          }}
        />
      </div>
      <ProblemLine problem={problem} id={`${id}-problem`} />
    </div>
  );
}

/** A file picker whose button speaks the user's language (the browser's own does not). */
export function FilePicker({
  label,
  button,
  accept,
  disabled,
  onFile,
  testId,
}: {
  label: string;
  button: string;
  accept: string;
  disabled: boolean;
  onFile: (file: File) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <span>{label}</span>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        className={styles.fileInput}
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label htmlFor={id} className={styles.fileButton} aria-disabled={disabled}>
        {button}
      </label>
    </div>
  );
}

/** The server's problem of a field path, in the user's language; nothing when there is none. */
export function ServerProblem({ problems, path, id }: { problems: FieldProblems; path: string; id?: string }) {
  const { t } = useTranslation();
  const p = problems[path];
  if (!p) return null;
  return (
    <span id={id} className={styles.problem} role="alert" data-testid={`problem-${path}`}>
      {problemText(t, problemFromServer(p, t('problems.invalid')))}
    </span>
  );
}

/** Where a link opens (header links, links in rich text). */
export type LinkTarget = HeaderLink['target'];

export function LinkTargetField({
  value,
  onPick,
  disabled,
  testId,
  options = LINK_TARGETS,
}: {
  value: LinkTarget;
  onPick: (target: LinkTarget) => void;
  disabled: boolean;
  testId: string;
  /** The targets offered (all of them unless said). */
  options?: readonly LinkTarget[];
}) {
  const { t } = useTranslation();
  return (
    <label className={styles.field}>
      <span>{t('editor.sections.header.target')}</span>
      <select
        className={styles.select}
        value={value}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => {
          onPick(e.target.value as LinkTarget);
        }}
      >
        {options.map((target) => (
          <option key={target} value={target}>
            {t(`editor.sections.header.targets.${target}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A labelled text field that keeps its own draft while it has the focus and hands the text on when
 * left (or on Enter in a one-line box), for forms that take whole values: a text over `max`
 * characters, or one the form's check refuses, is named and not handed on, and stays in the box.
 */
export function DraftTextField({
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
  return (
    <FieldFrame id={id} label={label} hint={hint} problem={shown}>
      <TextBox
        id={id}
        value={draft ?? value}
        multiline={multiline}
        inputMode={inputMode}
        disabled={readOnly}
        bad={shown !== null}
        described={shown ? `${id}-problem` : hint ? `${id}-hint` : undefined}
        testId={testId}
        onFocus={() => {
          setDraft((d) => d ?? value);
        }}
        onChange={setDraft}
        onLeave={(v) => {
          if (take(v)) setDraft(null);
        }}
        onEnter={(v) => {
          take(v);
        }}
      />
    </FieldFrame>
  );
}
