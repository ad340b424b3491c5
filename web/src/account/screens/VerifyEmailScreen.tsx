// The landing of a link mailed to prove an address: a reader's sign-up (the account is created
// and signed in, then on to the map) or a change of address (it takes effect).
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { verifyEmail, type EmailVerification } from '../../api';
import { Button } from '../../layout/Button';
import { LoadingScreen } from '../../layout/StatusScreen';
import { session, signInWith } from '../app-session';
import { AuthLayout } from '../AuthLayout';
import { isInvalidToken } from '../problems';
import { useFailureText } from '../useFailureText';
import { BackToLogin } from './BackToLogin';

export default function VerifyEmailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const failureText = useFailureText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verification = useMutation({
    mutationFn: (tok: string) => verifyEmail(tok),
    onSuccess: async (v: EmailVerification) => {
      if (v.kind === 'reader_signup') {
        await signInWith(v.user);
        await navigate(v.map_url ?? '/', { replace: true });
      } else {
        session.updateUser(v.user);
      }
    },
  });
  // The link works once: it is followed once, not again on a re-render.
  const started = useRef(false);
  useEffect(() => {
    if (token === '' || started.current) return;
    started.current = true;
    verification.mutate(token);
  }, [token, verification]);

  if (token === '' || isInvalidToken(verification.error)) {
    return (
      <AuthLayout icon="error" title={t('verifyEmail.invalidTitle')} subtitle={t('verifyEmail.invalidText')}>
        <BackToLogin />
      </AuthLayout>
    );
  }
  if (verification.isError) {
    return (
      <AuthLayout icon="error" title={t('verifyEmail.failedTitle')} subtitle={failureText(verification.error)}>
        <BackToLogin />
      </AuthLayout>
    );
  }
  if (verification.data?.kind === 'email_change') {
    return (
      <AuthLayout
        icon="success"
        title={t('verifyEmail.changedTitle')}
        subtitle={t('verifyEmail.changedText', { email: verification.data.user.email })}
      >
        <Button
          block
          onClick={() => {
            void navigate('/settings');
          }}
        >
          {t('verifyEmail.toSettings')}
        </Button>
      </AuthLayout>
    );
  }
  return <LoadingScreen />;
}
