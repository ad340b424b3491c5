import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../AuthLayout';
import { BackToLogin } from './BackToLogin';

/** The end of an invitation link that no longer works: used, declined, unknown or too old. */
export function InvalidInvitationNotice() {
  const { t } = useTranslation();
  return (
    <AuthLayout icon="error" title={t('invitation.invalidTitle')} subtitle={t('invitation.invalidBody')}>
      <BackToLogin />
    </AuthLayout>
  );
}

/** A load that failed for another reason than the link: offer to try again. */
export function LoadFailedNotice({ message, retry }: { message: string; retry: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AuthLayout icon="error" title={t('errors.loadTitle')} subtitle={message}>
      {retry}
    </AuthLayout>
  );
}
