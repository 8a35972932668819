import { queryOptions } from '@tanstack/react-query';
import { BalanceHistory, LedgerList, LedgerTask } from '../../../../contracts/bff';
import { Balance } from '../../../../contracts/gen3d/records';
import { api } from '../../../lib/api';

/** Query keys and options of the 3D feature: all → tasks → task(id); balance; balance history. */
export const gen3dQueries = {
  all: () => ['gen3d'] as const,
  tasks: () =>
    queryOptions({
      queryKey: [...gen3dQueries.all(), 'tasks'] as const,
      queryFn: ({ signal }) => api('/api/ledger/gen3d/tasks', LedgerList, { signal }).then((l) => l.tasks),
    }),
  task: (id: string) =>
    queryOptions({
      queryKey: [...gen3dQueries.all(), 'tasks', id] as const,
      queryFn: ({ signal }) => api(`/api/ledger/gen3d/tasks/${encodeURIComponent(id)}`, LedgerTask, { signal }),
    }),
  balance: () =>
    queryOptions({
      queryKey: [...gen3dQueries.all(), 'balance'] as const,
      queryFn: ({ signal }) => api('/api/gen3d/openapi/v1/balance', Balance, { signal }).then((b) => b.balance),
      staleTime: 30_000,
    }),
  balanceHistory: () =>
    queryOptions({
      queryKey: [...gen3dQueries.all(), 'balance-history'] as const,
      queryFn: ({ signal }) => api('/api/ledger/gen3d/balance-history', BalanceHistory, { signal }),
    }),
};
