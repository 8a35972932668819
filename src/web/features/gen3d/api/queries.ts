import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { LedgerTask } from '../../../../contracts/bff';
import * as ledgerRoutes from '../../../../contracts/bff-routes/ledger';
import { Balance } from '../../../../contracts/gen3d/records';
import { balancePath } from '../../../../contracts/gen3d/paths';
import { api } from '../../../lib/api';
import { bff, servicePath } from '../../../lib/bff';
import { ledgerPageQuery, type QueueFilters } from '../ledger-patch';

/** Tasks per ledger page the queue reads. */
export const QUEUE_PAGE = 50;

/** Query keys and options of the 3D feature: all → pages(filters) | task(id) | lineage(id); balance; balance history (the lineage's and balance history's reads: history.ts; the archive's: archive.ts). */
export const gen3dQueries = {
  all: () => ['gen3d'] as const,
  /** Every ledger list held (one per filter set): the live hook patches them all. */
  pagesAll: () => [...gen3dQueries.all(), 'pages'] as const,
  pages: (filters: QueueFilters) =>
    infiniteQueryOptions({
      queryKey: [...gen3dQueries.pagesAll(), filters] as const,
      queryFn: ({ signal, pageParam }) => bff(ledgerRoutes.tasks, { query: ledgerPageQuery(filters, pageParam, QUEUE_PAGE), signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  summary: () =>
    queryOptions({
      queryKey: [...gen3dQueries.all(), 'summary'] as const,
      queryFn: ({ signal }) => bff(ledgerRoutes.summary, { query: { service: 'gen3d' }, signal }),
    }),
  task: (id: string) =>
    queryOptions({
      queryKey: [...gen3dQueries.all(), 'tasks', id] as const,
      queryFn: ({ signal }) => bff(ledgerRoutes.task, { params: { id }, signal }),
    }),
  /** Keys of a task's lineage and of the balance's history, for the live hook (their reads: history.ts, off the first page). */
  lineageKey: (id: string) => [...gen3dQueries.all(), 'lineage', id] as const,
  balanceHistoryKey: () => [...gen3dQueries.all(), 'balance-history'] as const,
  balance: () =>
    queryOptions({
      queryKey: [...gen3dQueries.all(), 'balance'] as const,
      // By the table's path alone: the first page reads it, and the table stays off the first page.
      queryFn: ({ signal }) => api(servicePath('gen3d', balancePath), Balance, { signal }).then((b) => b.balance),
      staleTime: 30_000,
    }),
};

/** Tasks changed after `since` (server time), every page of them. */
export async function readChanges(since: number): Promise<{ tasks: LedgerTask[]; until: number }> {
  const tasks: LedgerTask[] = [];
  let at = since;
  for (let i = 0; i < 20; i++) {
    const page = await bff(ledgerRoutes.changes, { query: { service: 'gen3d', since: at, limit: 500 } });
    tasks.push(...page.tasks);
    at = page.until;
    if (!page.more) break;
  }
  return { tasks, until: at };
}
