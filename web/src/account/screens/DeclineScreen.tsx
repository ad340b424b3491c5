import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../AuthLayout';
import { BackToLogin } from './BackToLogin';

export default function DeclineScreen() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('decline.title')} subtitle={t('decline.subtitle')}>
      <BackToLogin />
    </AuthLayout>
  );
}
