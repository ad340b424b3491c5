import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../layout/Page';
import { useSession } from '../useSession';

export default function MapOverviewScreen() {
  const { t } = useTranslation();
  const { clientName = '' } = useParams();
  const { role, clientName: activeClient } = useSession();
  const currentRole = activeClient === clientName ? role : null;

  return (
    <Page
      title={t('mapOverview.title', { client: clientName })}
      subtitle={
        currentRole
          ? t('mapOverview.subtitle', { role: t(`roles.${currentRole}`) })
          : t('mapOverview.noRole')
      }
    />
  );
}
