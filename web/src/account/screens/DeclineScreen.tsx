import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { declineInvitation } from '../../api';
import { Button } from '../../layout/Button';
import { FormAlert } from '../../layout/Form';
import formStyles from '../../layout/Form.module.css';
import { LoadingScreen } from '../../layout/StatusScreen';
import { AuthLayout } from '../AuthLayout';
import { isInvalidToken } from '../problems';
import { useFailureText } from '../useFailureText';
import { BackToLogin } from './BackToLogin';
import { InvalidInvitationNotice, LoadFailedNotice } from './InvalidLinkNotice';
import { useInvitation } from './useInvitation';

type Outcome = { kind: 'open' } | { kind: 'declined'; client: string } | { kind: 'invalid' };

export default function DeclineScreen() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'open' });
  const [sending, setSending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  if (outcome.kind === 'declined') {
    return (
      <AuthLayout icon="success" title={t('decline.doneTitle')} subtitle={t('decline.doneBody', { client: outcome.client })}>
        <BackToLogin />
      </AuthLayout>
    );
  }
  if (token === '' || outcome.kind === 'invalid' || isInvalidToken(invitation.error)) {
    return <InvalidInvitationNotice />;
  }
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

  const { email, client_title: client, role } = invitation.data;

  async function decline() {
    setSending(true);
    setAlert(null);
    try {
      await declineInvitation({ token });
      setOutcome({ kind: 'declined', client });
    } catch (err) {
      if (isInvalidToken(err)) setOutcome({ kind: 'invalid' });
      else setAlert(failureText(err));
      setSending(false);
    }
  }

  return (
    <AuthLayout
      title={t('decline.title')}
      subtitle={
        <>
          <p data-testid="invitation-summary">
            <Trans
              i18nKey="invitation.summaryFor"
              values={{ client, role: t(`roles.${role}`), email }}
              components={{ strong: <strong /> }}
            />
          </p>
          <p>{t('decline.subtitle')}</p>
        </>
      }
    >
      <div className={formStyles.form}>
        {alert && <FormAlert testId="form-error">{alert}</FormAlert>}
        <Button variant="danger" block busy={sending} onClick={() => void decline()}>
          {sending ? t('decline.submitting') : t('decline.submit')}
        </Button>
      </div>
      <p className={formStyles.aside}>
        <Trans i18nKey="decline.acceptInstead" components={{ anchor: <Link to={`/register?token=${encodeURIComponent(token)}`} /> }} />
      </p>
    </AuthLayout>
  );
}
