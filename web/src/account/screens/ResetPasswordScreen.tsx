import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../AuthLayout';
import { BackToLogin } from './BackToLogin';

export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')}>
      <BackToLogin />
    </AuthLayout>
  );
}
