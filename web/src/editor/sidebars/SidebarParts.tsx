// The pieces every sidebar is built from: the frame with its lock notice, a typed input that
// saves only what it can take (and says why not), and the inherited-from note with its reset.
import { useContext, useId, useState, type ReactNode } from 'react';
import type { LockElemType } from '../../api/live';
import { useTranslation } from 'react-i18next';
import type { DesignFieldSpec } from '../../api/document';
import type { StyleSource } from '../../map/style';
import { BreakLockContext } from './breakLock';
import { parseFieldInput, type FieldProblem } from './designForm';
import styles from './Sidebar.module.css';

/** Who holds the lock of what a sidebar edits, when it is someone else. */
export interface LockHolder {
  name: string;
  /** CSS colour of the holder. */
  color: string;
  /** What is locked, for an admin's "break lock". */
  elemType?: LockElemType;
  elemId?: string;
}

export function Sidebar({
  title,
  testId,
  onClose,
  lockedBy,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  lockedBy?: LockHolder | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const breakLock = useContext(BreakLockContext);
  return (
    <aside
      data-over-map=""
      className={styles.sidebar}
      aria-label={title}
      data-testid={testId}
      data-read-only={lockedBy ? 'true' : undefined}
    >
      <header className={styles.header}>
        <h2 className={styles.title}>{title}</h2>
        <button type="button" className={styles.close} aria-label={t('dialog.close')} onClick={onClose}>
          ×
        </button>
      </header>
      {lockedBy && (
        <p className={styles.lockNotice} style={{ borderColor: lockedBy.color }} role="status" data-testid="sidebar-lock">
          <span className={styles.lockDot} style={{ background: lockedBy.color }} aria-hidden="true" />
          <span className={styles.lockText}>{t('sidebar.lockedBy', { name: lockedBy.name })}</span>
          {breakLock && lockedBy.elemType !== undefined && (
            <button
              type="button"
              className={styles.breakLock}
              data-testid="break-lock"
              onClick={() => {
                breakLock(lockedBy);
              }}
            >
              {t('sidebar.breakLock')}
            </button>
          )}
        </p>
      )}
      {children}
    </aside>
  );
}

/** A note when there is nothing to edit yet (no node or edge chosen). */
export function SidebarEmpty({ text }: { text: string }) {
  return <p className={styles.empty}>{text}</p>;
}

function ProblemText({ problem, id }: { problem: FieldProblem; id: string }) {
  const { t } = useTranslation();
  const text =
    problem.key === 'range'
      ? t('sidebar.errors.range', { min: problem.min, max: problem.max })
      : problem.key === 'tooLong'
        ? t('sidebar.errors.tooLong', { max: problem.max })
        : t(`sidebar.errors.${problem.key}`);
  return (
    <span id={id} className={styles.problem} role="alert">
      {text}
    </span>
  );
}

/**
 * A text box for a typed value. While focused it keeps what is typed; a value it can take is saved
 * at once (numbers, colours) or when leaving the box (text), one it cannot take is named and not saved.
 */
export function TypedInput({
  spec,
  value,
  onValue,
  disabled,
  label,
  commitOnBlur = false,
  list,
  testId,
  inputMode,
}: {
  spec: DesignFieldSpec;
  value: string | number;
  onValue: (v: string | number) => void;
  disabled: boolean;
  label: string;
  commitOnBlur?: boolean;
  list?: string;
  testId?: string;
  inputMode?: 'decimal' | 'text' | 'url';
}) {
  const errorId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const take = (raw: string) => {
    const res = parseFieldInput(spec, raw);
    if (!res.ok) {
      setProblem(res.problem);
      return;
    }
    setProblem(null);
    if (res.value !== value) onValue(res.value);
  };
  return (
    <span className={styles.typed}>
      <input
        className={[styles.input, problem && styles.inputBad].filter(Boolean).join(' ')}
        value={draft ?? String(value)}
        disabled={disabled}
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        inputMode={inputMode}
        list={list}
        data-testid={testId}
        onFocus={() => {
          setDraft(String(value));
        }}
        onChange={(e) => {
          setDraft(e.target.value);
          if (!commitOnBlur) take(e.target.value);
        }}
        onBlur={(e) => {
          if (commitOnBlur) take(e.target.value);
          setDraft(null);
          if (!commitOnBlur) setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && commitOnBlur) take(e.currentTarget.value);
        }}
      />
      {problem && <ProblemText problem={problem} id={errorId} />}
    </span>
  );
}

/** Where a value comes from, with the control that makes an own value inherited again. */
export function SourceNote({
  source,
  templateName,
  onReset,
  disabled,
  field,
}: {
  source: StyleSource;
  templateName: string | undefined;
  onReset: () => void;
  disabled: boolean;
  field: string;
}) {
  const { t } = useTranslation();
  if (source !== 'own') {
    return (
      <span className={styles.source} data-testid={`source-${field}`} data-source={source}>
        {source === 'template' ? t('sidebar.source.template', { name: templateName ?? '' }) : t(`sidebar.source.${source}`)}
      </span>
    );
  }
  return (
    <span className={styles.source} data-testid={`source-${field}`} data-source="own">
      {t('sidebar.source.own')}
      <button type="button" className={styles.reset} disabled={disabled} onClick={onReset} data-testid={`reset-${field}`}>
        {t('sidebar.reset')}
      </button>
    </span>
  );
}

/** A colour the colour picker can show (#rrggbb); other forms show black there but stay as typed. */
function pickerColor(value: string): string {
  if (/^#[0-9a-f]{6}/i.test(value)) return value.slice(0, 7);
  if (/^#[0-9a-f]{3,4}$/i.test(value)) return `#${value.slice(1, 4).replace(/[0-9a-f]/gi, (c) => c + c)}`;
  return '#000000';
}

/** A colour: the browser's picker beside a box for any form the server takes (#rgba, transparent). */
export function ColorInput({
  value,
  onValue,
  disabled,
  label,
  testId,
}: {
  value: string;
  onValue: (v: string) => void;
  disabled: boolean;
  label: string;
  testId: string;
}) {
  return (
    <>
      <input
        type="color"
        className={styles.swatch}
        value={pickerColor(value)}
        disabled={disabled}
        aria-label={label}
        onChange={(e) => {
          onValue(e.target.value);
        }}
      />
      <TypedInput
        spec={{ kind: 'color' }}
        value={value}
        disabled={disabled}
        label={label}
        testId={testId}
        onValue={(v) => {
          onValue(String(v));
        }}
      />
    </>
  );
}
