import { MutationCache, QueryClient, type InvalidateQueryFilters, type QueryKey } from '@tanstack/react-query';
import { ApiRequestError } from './api';

/**
 * What a write reads again once it has settled: a query key (that query and every one under it),
 * or filters for the few that need more (a predicate: every subnet but the one deleted).
 */
export type Invalidates = ReadonlyArray<QueryKey | InvalidateQueryFilters>;

declare module '@tanstack/react-query' {
  interface Register {
    // A type literal, not an interface: React Query takes it only if it is a Record<string, unknown>.
    mutationMeta: { invalidates?: Invalidates };
  }
}

/**
 * The console's one QueryClient (main.tsx; tests build theirs here too, to run the same rule).
 *
 * Every write declares what it refreshes, `useMutation({ ..., meta: { invalidates: [...] } })`,
 * and this is the one place that refreshes it: after the write settles, success or failure (a
 * write that failed, or whose answer was lost on the way, may still have changed something at
 * the service, so what it touches is read again either way). The promise is returned, and React
 * Query awaits its cache's callbacks: the write stays pending until those reads are answered, so
 * a button that says "Saving…" stops saying it when the list already shows the change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      // A key is an array, filters an object (isArray does not narrow a readonly array away: the cast).
      onSettled: (_data, _error, _variables, _context, mutation, { client }) =>
        Promise.all((mutation.meta?.invalidates ?? []).map((entry) => client.invalidateQueries(Array.isArray(entry) ? { queryKey: entry } : (entry as InvalidateQueryFilters)))),
    }),
    defaultOptions: {
      queries: {
        // Live events keep data fresh; refetch on focus covers a tab that slept.
        staleTime: 10_000,
        // The BFF already retried reads upstream. Retry here when the console server was unreachable,
        // or when the service asked to wait (429 with Retry-After): then after exactly that wait.
        retry: (count, err) => err instanceof ApiRequestError && ((err.status === 0 && count < 2) || (err.status === 429 && count < 3 && (err.error.retryAfter ?? 61) <= 60)),
        retryDelay: (count, err) => (err instanceof ApiRequestError && err.status === 429 && err.error.retryAfter !== null ? err.error.retryAfter * 1000 : Math.min(1000 * 2 ** count, 8000)),
      },
    },
  });
}
