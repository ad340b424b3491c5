// The general tab of the client settings: the account's own fields, its API keys and its licence.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getClientSettings, getQuotas, getTestingPeriod, queryKeys } from '../../../api';
import { ErrorState, LoadingRows } from '../../../layout/States';
import { useFailureText } from '../../useFailureText';
import { ApiKeysSection } from './ApiKeysSection';
import { GeneralForm } from './GeneralForm';
import { LicenceSection } from './LicenceSection';

export function GeneralTab({ clientName }: { clientName: string }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const settings = useQuery({
    queryKey: queryKeys.clientSettings(clientName),
    queryFn: ({ signal }) => getClientSettings(clientName, signal),
  });
  const quotas = useQuery({ queryKey: queryKeys.clientQuotas(clientName), queryFn: ({ signal }) => getQuotas(clientName, signal) });
  const trial = useQuery({
    queryKey: queryKeys.clientTestingPeriod(clientName),
    queryFn: ({ signal }) => getTestingPeriod(clientName, signal),
  });
  if (settings.isPending) return <LoadingRows rows={3} />;
  if (settings.isError) return <ErrorState title={t('clientSettings.loadFailed')} text={failureText(settings.error)} />;
  return (
    <>
      <GeneralForm key={settings.dataUpdatedAt} clientName={clientName} initial={settings.data} />
      <ApiKeysSection clientName={clientName} />
      {quotas.data && trial.data && (
        <LicenceSection
          key={`${quotas.dataUpdatedAt}-${trial.dataUpdatedAt}`}
          clientName={clientName}
          quotas={quotas.data.quotas}
          trial={trial.data}
        />
      )}
    </>
  );
}
