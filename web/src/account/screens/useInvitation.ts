import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getInvitation } from '../../api';
import { quotaText } from '../overview/overview';
import { useFailureText } from '../useFailureText';

/** The invitation behind a token from the link; nothing is fetched without a token. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    enabled: token !== '',
    // A token answers the same until it is used; after accepting or declining it is gone anyway.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * The text for an invitee whose acceptance failed: when the client's seats are full (the limit was
 * lowered after the invitation was sent), the spec's quota text and what to do, not a generic failure.
 */
export function useInviteeFailureText(): (err: unknown, client: string) => string {
  const { t } = useTranslation();
  const failureText = useFailureText();
  return (err, client) => {
    const quota = quotaText(err, false);
    if (!quota) return failureText(err);
    return `${t(quota.key, { type: t(`quota.kinds.${quota.kind}`) })} ${t('invitation.seatsFull', { client })}`;
  };
}
