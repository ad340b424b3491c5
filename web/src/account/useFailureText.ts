import { useTranslation } from 'react-i18next';
import { failureKey } from './problems';

/** The interface text for a failed call: network, rate limit, forbidden, … or a generic one. */
export function useFailureText(): (err: unknown) => string {
  const { t } = useTranslation();
  return (err) => t(`errors.${failureKey(err)}`);
}
