import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change on retry; a network/5xx failure gets one more try.
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// TanStack Query assumes a connection until an 'offline' event: an app opened without signal starts
// offline, so its queries wait (and show the phone's copy) instead of failing.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
