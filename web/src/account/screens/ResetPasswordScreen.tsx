import { useRef, useState, type SubmitEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { requestPasswordReset, resetPassword } from '../../api';
import { Button, ButtonLink } from '../../layout/Button';
import { FormAlert, TextField } from '../../layout/Form';
import { focusFirstProblem } from '../../layout/focus';
import formStyles from '../../layout/Form.module.css';
import { AuthLayout } from '../AuthLayout';
import { validateEmail } from '../forms';
import { PasswordPairForm } from '../PasswordPairForm';
import { hasProblems, isInvalidToken, serverProblems, type FieldProblems } from '../problems';
import { useFailureText } from '../useFailureText';
import { BackToLogin } from './BackToLogin';

export default function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // A new token (another link opened in this tab) starts afresh.
  return token === '' ? <RequestLink /> : <ChooseNewPassword key={token} token={token} />;
}

/** Step one: the address to send a link to. The answer never tells whether an account exists. */
function RequestLink() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<FieldProblems<'email'>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = validateEmail(email);
    setProblems(found);
    setAlert(null);
    if (hasProblems(found)) {
      focusFirstProblem(form.current);
      return;
    }
    setSubmitting(true);
    try {
      await requestPasswordReset({ email: email.trim() });
      setSentTo(email.trim());
    } catch (err) {
      const fromServer = serverProblems(err, ['email'] as const);
      if (hasProblems(fromServer.problems)) setProblems(fromServer.problems);
      else setAlert(failureText(err));
      setSubmitting(false);
    }
  }

  if (sentTo !== null) {
    return (
      <AuthLayout
        icon="mail"
        title={t('resetPassword.sentTitle')}
        subtitle={
          <>
            <p data-testid="reset-sent">
              <Trans i18nKey="resetPassword.sentBody" values={{ email: sentTo }} components={{ strong: <strong /> }} />
            </p>
            <p>{t('resetPassword.sentHint')}</p>
          </>
        }
      >
        <BackToLogin />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')}>
      <form ref={form} className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate>
        {alert && <FormAlert testId="form-error">{alert}</FormAlert>}
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          placeholder={t('login.emailPlaceholder')}
          value={email}
          onValueChange={setEmail}
          problem={problems.email}
          autoFocus
        />
        <Button type="submit" block busy={submitting}>
          {submitting ? t('resetPassword.sending') : t('resetPassword.send')}
        </Button>
      </form>
      <p className={formStyles.aside}>
        <BackToLogin />
      </p>
    </AuthLayout>
  );
}

type Outcome = 'open' | 'changed' | 'invalid';

/** Step two, from the link in the e-mail: the new password. */
function ChooseNewPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const failureText = useFailureText();
  const [outcome, setOutcome] = useState<Outcome>('open');

  if (outcome === 'changed') {
    return (
      <AuthLayout icon="success" title={t('resetPassword.doneTitle')} subtitle={t('resetPassword.doneBody')}>
        <ButtonLink to="/login" block replace>
          {t('resetPassword.signIn')}
        </ButtonLink>
      </AuthLayout>
    );
  }
  if (outcome === 'invalid') {
    return (
      <AuthLayout icon="error" title={t('resetPassword.invalidTitle')} subtitle={t('resetPassword.invalidBody')}>
        <Button block onClick={() => void navigate('/reset-password', { replace: true })}>
          {t('resetPassword.requestNew')}
        </Button>
        <p className={formStyles.aside}>
          <BackToLogin />
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('resetPassword.chooseTitle')} subtitle={t('resetPassword.chooseSubtitle')}>
      <PasswordPairForm
        submitLabel={t('resetPassword.save')}
        submittingLabel={t('resetPassword.saving')}
        send={async (pair) => {
          await resetPassword(token, pair);
          setOutcome('changed');
        }}
        onFailure={(err) => {
          if (isInvalidToken(err)) {
            setOutcome('invalid');
            return null;
          }
          return failureText(err);
        }}
      />
      <p className={formStyles.aside}>
        <BackToLogin />
      </p>
    </AuthLayout>
  );
}
