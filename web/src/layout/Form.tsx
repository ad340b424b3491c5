import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText, type Problem } from '../account/problems';
import styles from './Form.module.css';

/** The text of a field problem in the interface language. */
function useProblemText(): (problem: Problem) => string {
  const { t } = useTranslation();
  return (problem) => problemText(t, problem);
}

interface FieldFrame {
  label: string;
  problem?: Problem | undefined;
  hint?: ReactNode;
  optional?: boolean;
}

/** Label, hint, control and problem of one field, wired for screen readers. */
function Field({
  label,
  problem,
  hint,
  optional = false,
  render,
}: FieldFrame & {
  render: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const id = useId();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const describedBy = problem ? problemId : hint !== undefined ? hintId : undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {optional && <span className={styles.optional}> ({t('form.optional')})</span>}
      </label>
      {render({ id, 'aria-invalid': problem !== undefined, 'aria-describedby': describedBy })}
      {problem && (
        <p id={problemId} className={styles.problem} data-testid="field-problem">
          {problemText(problem)}
        </p>
      )}
      {hint !== undefined && !problem && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> &
  FieldFrame & { value: string; onValueChange: (value: string) => void };

export function TextField({ label, problem, hint, optional, value, onValueChange, className, ...rest }: InputProps) {
  return (
    <Field
      label={label}
      problem={problem}
      hint={hint}
      optional={optional}
      render={(control) => (
        <input
          {...rest}
          {...control}
          className={[styles.input, className].filter(Boolean).join(' ')}
          value={value}
          onChange={(e) => {
            onValueChange(e.target.value);
          }}
        />
      )}
    />
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id'> &
  FieldFrame & { value: string; onValueChange: (value: string) => void };

export function TextAreaField({ label, problem, hint, optional, value, onValueChange, ...rest }: TextAreaProps) {
  return (
    <Field
      label={label}
      problem={problem}
      hint={hint}
      optional={optional}
      render={(control) => (
        <textarea
          {...rest}
          {...control}
          className={styles.input}
          value={value}
          onChange={(e) => {
            onValueChange(e.target.value);
          }}
        />
      )}
    />
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'id'> &
  FieldFrame & {
    value: string;
    onValueChange: (value: string) => void;
    options: readonly { value: string; label: string }[];
  };

export function SelectField({ label, problem, hint, optional, value, onValueChange, options, ...rest }: SelectProps) {
  return (
    <Field
      label={label}
      problem={problem}
      hint={hint}
      optional={optional}
      render={(control) => (
        <select
          {...rest}
          {...control}
          className={styles.input}
          value={value}
          onChange={(e) => {
            onValueChange(e.target.value);
          }}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** A whole-form error, announced when it appears. */
export function FormAlert({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className={styles.alert} role="alert" data-testid={testId}>
      <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="9" fill="currentColor" />
        <path d="M10 5.5v5.5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        <circle cx="10" cy="14.3" r="1.2" fill="#fff" />
      </svg>
      <span>{children}</span>
    </div>
  );
}
