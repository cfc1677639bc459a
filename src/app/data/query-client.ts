/**
 * Server state outside react-admin's data hooks (the light shop pages, the app's gates): TanStack
 * Query on the one QueryClient that both react-admin areas are given as well (<Admin queryClient>),
 * created once with the core services. A read's answer reaches only components still mounted, and
 * its signal aborts the call once nobody waits for it any more.
 */
import { QueryClient, useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';

export function createAppQueryClient(): QueryClient {
  return new QueryClient();
}

/**
 * useQuery for the app's own reads: no retries (a refused or failed call shows its message at once,
 * as each page did before) and no refetch on window focus (a page reads when it opens or its inputs
 * change, not when the tab comes back).
 */
export function useAppQuery<T, K extends QueryKey = QueryKey>(options: UseQueryOptions<T, Error, T, K>): UseQueryResult<T, Error> {
  return useQuery<T, Error, T, K>({ retry: false, refetchOnWindowFocus: false, ...options });
}
