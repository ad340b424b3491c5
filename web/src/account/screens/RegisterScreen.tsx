import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../AuthLayout';
import { BackToLogin } from './BackToLogin';

export default function RegisterScreen() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      <BackToLogin />
    </AuthLayout>
  );
}
