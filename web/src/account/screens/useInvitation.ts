import { useQuery } from '@tanstack/react-query';
import { getInvitation } from '../../api';

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
