import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SpendDaily, SpendLimit, SpendLimits, SpendWrites, type SpendStatus } from '../../../../contracts/spend';
import type { PutSpendLimitBody } from '../../../../contracts/bff-bodies';
import type { ServiceId } from '../../../../contracts/services';
import { api } from '../../../lib/api';
import { spendTotalsQuery } from './totals';

/** Query keys and options of the spend ledger: limits, totals, per day, writes. */
export const spendQueries = {
  all: () => ['spend'] as const,
  limits: () => queryOptions({ queryKey: [...spendQueries.all(), 'limits'] as const, queryFn: ({ signal }) => api('/api/spend/limits', SpendLimits, { signal }).then((l) => l.limits) }),
  totals: spendTotalsQuery,
  /** Spend per day in one unit (default: the service's first); each answer names every unit the service spends in. */
  daily: (service: ServiceId, days: number, unit?: string) =>
    queryOptions({
      queryKey: [...spendQueries.all(), 'daily', service, days, unit ?? ''] as const,
      queryFn: ({ signal }) => api(`/api/spend/daily?${new URLSearchParams({ service, days: String(days), ...(unit ? { unit } : {}) })}`, SpendDaily, { signal }),
    }),
  writes: (filters: { service?: ServiceId; status?: SpendStatus }) =>
    infiniteQueryOptions({
      queryKey: [...spendQueries.all(), 'writes', filters] as const,
      queryFn: ({ signal, pageParam }) => {
        const p = new URLSearchParams({ limit: '50' });
        if (filters.service) p.set('service', filters.service);
        if (filters.status) p.set('status', filters.status);
        if (pageParam) p.set('cursor', pageParam);
        return api(`/api/spend/writes?${p}`, SpendWrites, { signal });
      },
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
};

/** Sets a service's daily and per-write limits (null removes one). */
export function useSetSpendLimit(service: ServiceId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PutSpendLimitBody) => api(`/api/spend/limits/${service}`, SpendLimit, { method: 'PUT', json: body }),
    retry: false,
    onSuccess: () => qc.invalidateQueries({ queryKey: spendQueries.limits().queryKey }),
  });
}
