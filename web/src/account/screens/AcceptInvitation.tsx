// An invitation to an address that has an account: nothing changes until its owner accepts it,
// signed in as that account (issue 15). Signed in already, one click; otherwise the password of
// the invited address first. Signed in as someone else, the invitation is not theirs to take.
import { useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { acceptInvitation, ApiError, getSession, login, type User } from '../../api';
import { Button } from '../../layout/Button';
import { FormAlert, TextField } from '../../layout/Form';
import formStyles from '../../layout/Form.module.css';
import { LoadingScreen } from '../../layout/StatusScreen';
import { signInWith } from '../app-session';
import { problem, type FieldProblems } from '../problems';
import { useInviteeFailureText } from './useInvitation';

export function AcceptInvitation({
  token,
  email,
  client,
  onExpired,
}: {
  token: string;
  email: string;
  client: string;
  onExpired: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const failureText = useInviteeFailureText();
  const current = useQuery({
    queryKey: ['invitation-session'],
    queryFn: async ({ signal }): Promise<User | null> => {
      try {
        return await getSession(signal);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    retry: false,
    gcTime: 0,
  });
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<FieldProblems<'password'>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (current.isPending) return <LoadingScreen />;
  const user = current.data ?? null;

  async function accept(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    if (!user && password === '') {
      setProblems({ password: problem('required') });
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      if (!user) await login({ email, password, remember_me: false });
      const joined = await acceptInvitation(token);
      await signInWith(joined);
      await navigate('/', { replace: true });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.code === 'token_expired') {
        onExpired();
        return;
      }
      if (err instanceof ApiError && err.code === 'invalid_credentials') {
        setProblems({ password: { reason: t('register.accept.wrongPassword') } });
        return;
      }
      setAlert(failureText(err, client));
    }
  }

  if (user && user.email !== email) {
    return <FormAlert testId="invitation-other-account">{t('register.accept.otherAccount', { current: user.email, email })}</FormAlert>;
  }
  return (
    <form className={formStyles.form} onSubmit={(e) => void accept(e)} noValidate data-testid="accept-form">
      {alert && <FormAlert testId="form-error">{alert}</FormAlert>}
      <p>{user ? t('register.accept.signedIn', { email }) : t('register.accept.signIn', { email })}</p>
      {!user && (
        <TextField
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          problem={problems.password}
          autoFocus
        />
      )}
      <Button type="submit" block busy={busy} data-testid="accept-invitation">
        {user ? t('register.accept.submit') : t('register.accept.signInAndAccept')}
      </Button>
      {!user && (
        <p className={formStyles.aside}>
          <Link to="/reset-password">{t('register.accept.forgot')}</Link>
        </p>
      )}
    </form>
  );
}
