import { useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasswordPair } from '../api';
import { Button } from '../layout/Button';
import { FormAlert, TextField } from '../layout/Form';
import { focusFirstProblem } from '../layout/focus';
import formStyles from '../layout/Form.module.css';
import { MIN_PASSWORD_LENGTH, PASSWORD_FIELDS, validatePasswordPair, type PasswordField } from './forms';
import { hasProblems, serverProblems, type FieldProblems } from './problems';

interface PasswordPairFormProps {
  submitLabel: string;
  submittingLabel: string;
  /** Sends the pair. A rejection naming the fields is shown under them; any other goes to onFailure. */
  send: (pair: PasswordPair) => Promise<void>;
  /** The whole-form message for a failure, or null when the caller has dealt with it. */
  onFailure: (err: unknown) => string | null;
  /** Shown above the fields, e.g. the account's e-mail address. */
  children?: ReactNode;
}

/** A new password typed twice, checked here (8 characters, equal; the server also refuses ones easy to guess) and by the server. */
export function PasswordPairForm({ submitLabel, submittingLabel, send, onFailure, children }: PasswordPairFormProps) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<FieldProblems<PasswordField>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = validatePasswordPair(password, confirmation);
    setProblems(found);
    setAlert(null);
    if (hasProblems(found)) {
      focusFirstProblem(form.current);
      return;
    }
    setSubmitting(true);
    try {
      await send({ password, password_confirmation: confirmation });
    } catch (err) {
      const fromServer = serverProblems(err, PASSWORD_FIELDS);
      if (hasProblems(fromServer.problems)) {
        setProblems(fromServer.problems);
        focusFirstProblem(form.current);
      } else {
        setAlert(onFailure(err));
      }
      setSubmitting(false);
    }
  }

  return (
    <form ref={form} className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate>
      {alert && <FormAlert testId="form-error">{alert}</FormAlert>}
      {children}
      <TextField
        label={t('password.new')}
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
        problem={problems.password}
        hint={t('password.hint', { min: MIN_PASSWORD_LENGTH })}
        autoFocus
      />
      <TextField
        label={t('password.confirm')}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        value={confirmation}
        onValueChange={setConfirmation}
        problem={problems.password_confirmation}
      />
      <Button type="submit" block busy={submitting}>
        {submitting ? submittingLabel : submitLabel}
      </Button>
    </form>
  );
}
