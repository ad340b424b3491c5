import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

/** Keys of the cached server state, one place so that changes invalidate the right entries. */
export const queryKeys = {
  clients: ['clients'] as const,
  clientMaps: (name: string) => ['clients', name, 'maps'] as const,
  clientTemplates: (name: string) => ['clients', name, 'templates'] as const,
  clientQuotas: (name: string) => ['clients', name, 'quotas'] as const,
  clientTestingPeriod: (name: string) => ['clients', name, 'testingPeriod'] as const,
  clientSettings: (name: string) => ['clients', name, 'settings'] as const,
  clientMembers: (name: string) => ['clients', name, 'members'] as const,
  clientApiKeys: (name: string) => ['clients', name, 'apiKeys'] as const,
};

/** The app's one query cache. Client errors (4xx) are answers, not hiccups: they are not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
