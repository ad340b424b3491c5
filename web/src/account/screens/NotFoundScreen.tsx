import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../layout/Button';
import { AuthLayout } from '../AuthLayout';

/** An address the app does not know: said so, signed in or not, with the way to the start. */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <AuthLayout icon="error" title={t('notFound.title')} subtitle={t('notFound.text')}>
      <div data-testid="not-found">
        <ButtonLink to="/" variant="secondary">
          {t('notFound.home')}
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
