// The pieces the section panels are built from: the frame (loading, failure, lock), the language
// tabs, a labelled text field with its problem, a rich-text field, and a list item's buttons.
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText, type Problem } from '../../account/problems';
import type { Language } from '../../api/types';
import { Sidebar, type LockHolder } from '../sidebars/SidebarParts';
import sidebar from '../sidebars/Sidebar.module.css';
import styles from './Sections.module.css';

const RichTextEditor = lazy(() => import('../sidebars/RichTextEditor'));

/** The sidebar of a section: its form once read, else loading or why it could not be read. */
export function SectionPanel({
  title,
  testId,
  onClose,
  lockedBy,
  loaded,
  failed,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  lockedBy: LockHolder | null;
  loaded: boolean;
  failed: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // Escape inside the panel closes it (what is typed is sent as when a field is left).
  return (
    <div
      className={styles.contents}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <Sidebar title={title} testId={testId} onClose={onClose} lockedBy={lockedBy}>
        {loaded ? (
          children
        ) : (
          <p className={sidebar.note} role={failed ? 'alert' : 'status'}>
            {t(failed ? 'editor.sections.common.loadFailed' : 'editor.sections.common.loading')}
          </p>
        )}
      </Sidebar>
    </div>
  );
}

/** The map's languages as tabs; a tab whose fields have a problem is marked. */
export function LanguageTabs({
  languages,
  lang,
  onLang,
  marked,
}: {
  languages: readonly Language[];
  lang: Language;
  onLang: (l: Language) => void;
  marked: readonly Language[];
}) {
  const { t } = useTranslation();
  if (languages.length < 2) return null;
  return (
    <div className={sidebar.tabs} role="tablist" aria-label={t('editor.sections.common.languages')}>
      {languages.map((l) => (
        <button
          key={l}
          type="button"
          role="tab"
          aria-selected={l === lang}
          className={[sidebar.tab, l === lang && sidebar.tabOn].filter(Boolean).join(' ')}
          data-testid={`section-lang-${l}`}
          onClick={() => {
            onLang(l);
          }}
        >
          {t(`language.${l}`)}
          {marked.includes(l) && <span className={sidebar.tabMark} aria-label={t('editor.sections.common.hasProblems')} />}
        </button>
      ))}
    </div>
  );
}

export function ProblemLine({ problem, id }: { problem: Problem | undefined; id: string }) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <span id={id} className={sidebar.problem} role="alert">
      {problemText(t, problem)}
    </span>
  );
}

/** A labelled text box: typing edits the draft, leaving it (or Enter on one line) sends it. */
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
  onCommit: () => void;
  problem: Problem | undefined;
  disabled: boolean;
  testId: string;
  multiline?: boolean;
  type?: 'text' | 'url' | 'number';
  hint?: string;
}) {
  const id = useId();
  const common = {
    id,
    value,
    disabled,
    'data-testid': testId,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-problem` : hint ? `${id}-hint` : undefined,
    className: [sidebar.input, multiline && styles.textarea, problem && sidebar.inputBad].filter(Boolean).join(' '),
    onBlur: onCommit,
  };
  return (
    <div className={sidebar.field}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          {...common}
          onChange={(e) => {
            onEdit(e.target.value);
          }}
        />
      ) : (
        <input
          {...common}
          type={type}
          onChange={(e) => {
            onEdit(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onCommit();
          }}
        />
      )}
      {hint && !problem && (
        <span id={`${id}-hint`} className={sidebar.hint}>
          {hint}
        </span>
      )}
      <ProblemLine problem={problem} id={`${id}-problem`} />
    </div>
  );
}

/** A rich text (sanitised by the server as node content is); sent when the box is left. */
export function RichField({
  label,
  value,
  onEdit,
  onCommit,
  problem,
  disabled,
  testId,
  editorKey,
}: {
  label: string;
  value: string;
  onEdit: (html: string) => void;
  onCommit: () => void;
  problem: Problem | undefined;
  disabled: boolean;
  testId: string;
  /** Changes when the box must start again from `value` (another language or item). */
  editorKey: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div
      className={sidebar.field}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) onCommit();
      }}
    >
      <span id={id}>{label}</span>
      <Suspense fallback={<p className={sidebar.note}>{t('sidebar.content.loadingEditor')}</p>}>
        <RichTextEditor key={editorKey} value={value} disabled={disabled} label={label} testId={testId} onChange={onEdit} />
      </Suspense>
      <ProblemLine problem={problem} id={`${id}-problem`} />
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
    <div className={sidebar.field}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.colourRow}>
        <input
          type="color"
          className={sidebar.swatch}
          value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#ffffff'}
          disabled={disabled}
          aria-label={label}
          onChange={(e) => {
            onPick(e.target.value);
          }}
        />
        <input
          id={id}
          className={[sidebar.input, problem && sidebar.inputBad].filter(Boolean).join(' ')}
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
    <div className={sidebar.field}>
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
