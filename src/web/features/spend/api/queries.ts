import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import * as auditRoutes from '../../../../contracts/bff-routes/audit';
import * as spendRoutes from '../../../../contracts/bff-routes/spend';
import type { SpendStatus } from '../../../../contracts/spend';
import type { PutSpendLimitBody } from '../../../../contracts/bff-bodies';
import type { ServiceId } from '../../../../contracts/services';
import { bff } from '../../../lib/bff';
import { spendTotalsQuery } from './totals';

/** Query keys and options of the spend ledger: limits, totals, per day, writes. */
export const spendQueries = {
  all: () => ['spend'] as const,
  limits: () => queryOptions({ queryKey: [...spendQueries.all(), 'limits'] as const, queryFn: ({ signal }) => bff(spendRoutes.limits, { signal }).then((l) => l.limits) }),
  totals: spendTotalsQuery,
  /** Spend per day in one unit (default: the service's first); each answer names every unit the service spends in. */
  daily: (service: ServiceId, days: number, unit?: string) =>
    queryOptions({
      queryKey: [...spendQueries.all(), 'daily', service, days, unit ?? ''] as const,
      queryFn: ({ signal }) => bff(spendRoutes.daily, { query: { service, days, unit }, signal }),
    }),
  writes: (filters: { service?: ServiceId; status?: SpendStatus }) =>
    infiniteQueryOptions({
      queryKey: [...spendQueries.all(), 'writes', filters] as const,
      queryFn: ({ signal, pageParam }) => bff(spendRoutes.writes, { query: { limit: 50, service: filters.service, status: filters.status, cursor: pageParam }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  /** The audit log (admins): every write through the console, newest first, as InfiniteList pages. */
  audit: (filters: { actor?: string; outcome?: 'done' | 'refused'; spent?: boolean }) =>
    infiniteQueryOptions({
      queryKey: [...spendQueries.all(), 'audit', filters] as const,
      queryFn: ({ signal, pageParam }) =>
        bff(auditRoutes.list, { query: { limit: 50, actor: filters.actor, outcome: filters.outcome, spent: filters.spent ? '1' : undefined, cursor: pageParam ?? undefined }, signal }).then((p) => ({
          items: p.entries,
          hasNext: p.nextCursor !== null,
          next: p.nextCursor,
        })),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next ?? undefined,
    }),
};

/** Sets a service's daily and per-write limits (null removes one). */
export function useSetSpendLimit(service: ServiceId) {
  return useMutation({
    mutationFn: (body: PutSpendLimitBody) => bff(spendRoutes.setLimit, { params: { service }, body }),
    retry: false,
    meta: { invalidates: [spendQueries.limits().queryKey] },
  });
}
