import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ArchiveUsage, BalanceHistory, LedgerChanges, LedgerPage, LedgerSummary, LedgerTask, Lineage } from '../../../../contracts/bff';
import { Balance } from '../../../../contracts/gen3d/records';
import { api } from '../../../lib/api';
import { ledgerPageQuery, type QueueFilters } from '../ledger-patch';

/** Tasks per ledger page the queue reads. */
export const QUEUE_PAGE = 50;

/** Query keys and options of the 3D feature: all → pages(filters) | task(id) | lineage(id); balance; balance history; archive. */
export const gen3dQueries = {
  all: () => ['gen3d'] as const,
  /** Every ledger list held (one per filter set): the live hook patches them all. */
  pagesAll: () => [...gen3dQueries.all(), 'pages'] as const,
  pages: (filters: QueueFilters) =>
    infiniteQueryOptions({
      queryKey: [...gen3dQueries.pagesAll(), filters] as const,
      queryFn: ({ signal, pageParam }) => api(`/api/ledger/tasks?${ledgerPageQuery(filters, pageParam, QUEUE_PAGE)}`, LedgerPage, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  summary: () =>
    queryOptions({
      queryKey: [...gen3dQueries.all(), 'summary'] as const,
      queryFn: ({ signal }) => api('/api/ledger/summary?service=gen3d', LedgerSummary, { signal }),
    }),
  task: (id: string) =>
    queryOptions({
      queryKey: [...gen3dQueries.all(), 'tasks', id] as const,
      queryFn: ({ signal }) => api(`/api/ledger/gen3d/tasks/${encodeURIComponent(id)}`, LedgerTask, { signal }),
    }),
  lineage: (id: string) =>
    queryOptions({
      queryKey: [...gen3dQueries.all(), 'lineage', id] as const,
      queryFn: ({ signal }) => api(`/api/ledger/tasks/${encodeURIComponent(id)}/lineage`, Lineage, { signal }),
    }),
  archive: () =>
    queryOptions({
      queryKey: [...gen3dQueries.all(), 'archive'] as const,
      queryFn: ({ signal }) => api('/api/ledger/gen3d/archive', ArchiveUsage, { signal }),
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

/** Tasks changed after `since` (server time), every page of them. */
export async function readChanges(since: number): Promise<{ tasks: LedgerTask[]; until: number }> {
  const tasks: LedgerTask[] = [];
  let at = since;
  for (let i = 0; i < 20; i++) {
    const page = await api(`/api/ledger/changes?service=gen3d&since=${at}&limit=500`, LedgerChanges);
    tasks.push(...page.tasks);
    at = page.until;
    if (!page.more) break;
  }
  return { tasks, until: at };
}
