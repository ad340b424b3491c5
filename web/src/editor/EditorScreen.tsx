import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../layout/Page';

export default function EditorScreen() {
  const { t } = useTranslation();
  const { mapId = '' } = useParams();
  return <Page title={t('editor.title', { id: mapId })} />;
}
