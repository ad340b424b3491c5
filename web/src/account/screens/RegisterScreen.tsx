import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { register } from '../../api';
import { Button } from '../../layout/Button';
import formStyles from '../../layout/Form.module.css';
import { LoadingScreen } from '../../layout/StatusScreen';
import { signInWith } from '../app-session';
import { AuthLayout } from '../AuthLayout';
import { PasswordPairForm } from '../PasswordPairForm';
import { isInvalidToken } from '../problems';
import { useFailureText } from '../useFailureText';
import { AcceptInvitation } from './AcceptInvitation';
import { InvalidInvitationNotice, LoadFailedNotice } from './InvalidLinkNotice';
import { useInvitation, useInviteeFailureText } from './useInvitation';

export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const failureText = useFailureText();
  const inviteeFailureText = useInviteeFailureText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const [expired, setExpired] = useState(false);

  if (token === '' || expired || isInvalidToken(invitation.error)) return <InvalidInvitationNotice />;
  if (invitation.isPending) return <LoadingScreen />;
  if (invitation.isError) {
    return (
      <LoadFailedNotice
        message={failureText(invitation.error)}
        retry={
          <Button block onClick={() => void invitation.refetch()}>
            {t('errors.retry')}
          </Button>
        }
      />
    );
  }

  const { email, client_title: client, role, has_account: hasAccount } = invitation.data;
  const inviteeFailure = (err: unknown) => inviteeFailureText(err, client);
  const declinePath = `/decline?token=${encodeURIComponent(token)}`;

  const summary = (
    <p data-testid="invitation-summary">
      <Trans i18nKey="invitation.summary" values={{ client, role: t(`roles.${role}`) }} components={{ strong: <strong /> }} />
    </p>
  );
  const declineInstead = (
    <p className={formStyles.aside}>
      <Trans i18nKey="register.declineInstead" components={{ anchor: <Link to={declinePath} /> }} />
    </p>
  );
  if (hasAccount) {
    // The address has an account: its owner accepts, signed in; no new password here.
    return (
      <AuthLayout title={t('register.accept.title')} subtitle={summary}>
        <AcceptInvitation
          token={token}
          email={email}
          client={client}
          onExpired={() => {
            setExpired(true);
          }}
        />
        {declineInstead}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('register.title')}
      subtitle={
        <>
          <p data-testid="invitation-summary">
            <Trans i18nKey="invitation.summary" values={{ client, role: t(`roles.${role}`) }} components={{ strong: <strong /> }} />
          </p>
          <p>{t('register.subtitle')}</p>
        </>
      }
    >
      <PasswordPairForm
        submitLabel={t('register.submit')}
        submittingLabel={t('register.submitting')}
        send={async (pair) => {
          const user = await register({ token, ...pair });
          await signInWith(user);
          await navigate('/', { replace: true });
        }}
        onFailure={(err) => {
          if (isInvalidToken(err)) {
            setExpired(true);
            return null;
          }
          return inviteeFailure(err);
        }}
      >
        <div className={formStyles.field}>
          <span className={formStyles.label}>{t('login.email')}</span>
          <span className={formStyles.readonly} data-testid="invitation-email">
            {email}
          </span>
        </div>
      </PasswordPairForm>
      <p className={formStyles.aside}>
        <Trans i18nKey="register.declineInstead" components={{ anchor: <Link to={declinePath} /> }} />
      </p>
    </AuthLayout>
  );
}
