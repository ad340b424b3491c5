// The public map's door for readers it does not admit yet: sign in, register as a reader of a
// partial map, or (signed in) become one. Whoever gets through goes on to the map itself.
import { useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { login, registerReader } from '../api';
import { signInWith } from '../account/app-session';
import { AuthLayout } from '../account/AuthLayout';
import { MIN_PASSWORD_LENGTH, validateEmail } from '../account/forms';
import { hasProblems, problem, serverProblems, type FieldProblems } from '../account/problems';
import { Button } from '../layout/Button';
import { FormAlert, TextField } from '../layout/Form';
import { focusFirstProblem } from '../layout/focus';
import formStyles from '../layout/Form.module.css';
import { gateFailure, isEmbedded, READER_FIELDS, validateReader, type Gate, type ReaderField, type ReaderValues } from './readerGate';

type Mode = 'signIn' | 'register' | 'pending';

export function ReaderGate({ url, gate, onAdmitted }: { url: string; gate: Gate; onAdmitted: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>(gate === 'signInOrRegister' ? 'register' : 'signIn');
  const [email, setEmail] = useState('');

  if (gate === 'join') {
    return (
      <AuthLayout title={t('viewer.gate.joinTitle')} subtitle={t('viewer.gate.joinText')}>
        <Attempt
          submitLabel={t('viewer.gate.join')}
          submittingLabel={t('viewer.gate.joining')}
          send={async () => {
            await registerReader(url);
          }}
          onDone={onAdmitted}
        />
      </AuthLayout>
    );
  }

  const switchTo = (next: Mode) => (
    <p className={formStyles.aside}>
      <Button
        variant="ghost"
        size="small"
        data-testid={`gate-to-${next}`}
        onClick={() => {
          setMode(next);
        }}
      >
        {t(next === 'register' ? 'viewer.gate.toRegister' : 'viewer.gate.toSignIn')}
      </Button>
    </p>
  );
  if (mode === 'pending') {
    // The sign-up waits for the link mailed to the address: nothing is open before it is followed.
    return (
      <AuthLayout icon="mail" title={t('viewer.gate.pendingTitle')} subtitle={t('viewer.gate.pendingText', { email })}>
        <p className={formStyles.aside} data-testid="gate-pending">
          {t(isEmbedded() ? 'viewer.gate.pendingEmbedded' : 'viewer.gate.pendingHint')}
        </p>
        {switchTo('signIn')}
      </AuthLayout>
    );
  }
  if (mode === 'register') {
    return (
      <AuthLayout title={t('viewer.gate.registerTitle')} subtitle={t('viewer.gate.registerText')}>
        <RegisterForm
          url={url}
          onPending={(address) => {
            setEmail(address);
            setMode('pending');
          }}
          onAccountExists={(address) => {
            setEmail(address);
            setMode('signIn');
          }}
        />
        {switchTo('signIn')}
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={t('viewer.gate.signInTitle')}
      subtitle={t(gate === 'signInOrRegister' ? 'viewer.gate.registerText' : 'viewer.gate.signInText')}
    >
      <SignInForm initialEmail={email} onDone={onAdmitted} />
      {gate === 'signInOrRegister' && switchTo('register')}
    </AuthLayout>
  );
}

/** A form whose one action may fail with a whole-form message. */
function Attempt({
  submitLabel,
  submittingLabel,
  send,
  onDone,
  validate = () => true,
  onFailure,
  children,
}: {
  submitLabel: string;
  submittingLabel: string;
  send: () => Promise<void>;
  onDone: () => void;
  /** Checks before sending; false stops it (the fields show why). */
  validate?: (form: HTMLFormElement | null) => boolean;
  /** Handles a failure itself (true), e.g. by marking fields. */
  onFailure?: (err: unknown, form: HTMLFormElement | null) => boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setAlert(null);
    if (!validate(form.current)) return;
    setSubmitting(true);
    try {
      await send();
    } catch (err) {
      setSubmitting(false);
      if (!onFailure?.(err, form.current)) setAlert(t(`viewer.gate.errors.${gateFailure(err)}`));
      return;
    }
    onDone();
  }

  return (
    <form ref={form} className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate>
      {alert && <FormAlert testId="gate-error">{alert}</FormAlert>}
      {children}
      <Button type="submit" disabled={submitting} data-testid="gate-submit">
        {submitting ? submittingLabel : submitLabel}
      </Button>
    </form>
  );
}

function SignInForm({ initialEmail, onDone }: { initialEmail: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<FieldProblems<'email' | 'password'>>({});
  return (
    <Attempt
      submitLabel={t('viewer.gate.signIn')}
      submittingLabel={t('viewer.gate.signingIn')}
      validate={(form) => {
        const found: FieldProblems<'email' | 'password'> = validateEmail(email);
        if (password === '') found.password = problem('required');
        setProblems(found);
        if (hasProblems(found)) focusFirstProblem(form);
        return !hasProblems(found);
      }}
      send={async () => {
        await signInWith(await login({ email: email.trim(), password, remember_me: false, embedded: isEmbedded() }));
      }}
      onDone={onDone}
    >
      {initialEmail && <FormAlert>{t('viewer.gate.errors.accountExists')}</FormAlert>}
      <TextField
        label={t('viewer.gate.fields.email')}
        type="email"
        autoComplete="username"
        value={email}
        onValueChange={setEmail}
        problem={problems.email}
        data-testid="gate-email"
      />
      <TextField
        label={t('viewer.gate.fields.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
        problem={problems.password}
        data-testid="gate-password"
      />
    </Attempt>
  );
}

function RegisterForm({
  url,
  onPending,
  onAccountExists,
}: {
  url: string;
  /** The sign-up waits for the link mailed to the address. */
  onPending: (email: string) => void;
  onAccountExists: (email: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<ReaderValues>({ name: '', email: '', password: '', password_confirmation: '' });
  const [problems, setProblems] = useState<FieldProblems<ReaderField>>({});
  const field = (name: ReaderField, type: string, autoComplete: string) => (
    <TextField
      label={t(`viewer.gate.fields.${name}`)}
      type={type}
      autoComplete={autoComplete}
      value={values[name]}
      onValueChange={(v) => {
        setValues((cur) => ({ ...cur, [name]: v }));
      }}
      problem={problems[name]}
      hint={name === 'password' ? t('password.hint', { min: MIN_PASSWORD_LENGTH }) : undefined}
      data-testid={`gate-${name}`}
    />
  );
  return (
    <Attempt
      submitLabel={t('viewer.gate.register')}
      submittingLabel={t('viewer.gate.registering')}
      validate={(form) => {
        const found = validateReader(values);
        setProblems(found);
        if (hasProblems(found)) focusFirstProblem(form);
        return !hasProblems(found);
      }}
      send={async () => {
        await registerReader(url, {
          ...values,
          name: values.name.trim(),
          email: values.email.trim(),
          embedded: isEmbedded(),
          language: i18n.language,
        });
      }}
      onFailure={(err, form) => {
        if (gateFailure(err) === 'accountExists') {
          onAccountExists(values.email.trim());
          return true;
        }
        const named = serverProblems(err, READER_FIELDS).problems;
        if (!hasProblems(named)) return false;
        setProblems(named);
        focusFirstProblem(form);
        return true;
      }}
      onDone={() => {
        onPending(values.email.trim());
      }}
    >
      {field('name', 'text', 'name')}
      {field('email', 'email', 'email')}
      {field('password', 'password', 'new-password')}
      {field('password_confirmation', 'password', 'new-password')}
    </Attempt>
  );
}
