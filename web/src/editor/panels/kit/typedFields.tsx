// Fields for typed values (numbers, colours, addresses) as the design panels edit them: what is
// typed is checked at once (kit/checks.ts parseFieldInput) and only a value that can be taken is
// handed on; a colour has the browser's picker beside its box; and the note where an inherited
// value comes from, with the reset of an own one.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignFieldSpec } from '../../../api/document';
import type { StyleSource } from '../../../map/style';
import { parseFieldInput, type FieldProblem } from './checks';
import styles from './Panel.module.css';

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
