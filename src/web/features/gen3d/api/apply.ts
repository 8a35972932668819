import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { LedgerPage, LedgerTask } from '../../../../contracts/bff';
import { patchPages, type QueueFilters } from '../ledger-patch';
import { gen3dQueries } from './queries';

/** Puts changed tasks into every cache that holds them: each task's own, and every ledger list held (by its filters). */
export function applyTasks(qc: QueryClient, tasks: readonly LedgerTask[]) {
  if (tasks.length === 0) return;
  for (const task of tasks) {
    // A task's own page reads it whole (with its files); list pages cut long values short.
    if (task.files || !qc.getQueryData(gen3dQueries.task(task.id).queryKey)) qc.setQueryData(gen3dQueries.task(task.id).queryKey, task);
    else qc.setQueryData(gen3dQueries.task(task.id).queryKey, (old) => (old ? { ...task, files: old.files } : task));
  }
  for (const [key] of qc.getQueriesData({ queryKey: gen3dQueries.pagesAll() })) {
    const filters = (key[2] ?? {}) as QueueFilters;
    qc.setQueryData<InfiniteData<LedgerPage, string | null>>(key, (data) => patchPages(data, tasks, filters));
  }
}

const unfinished = (status: string) => status === 'PENDING' || status === 'IN_PROGRESS';

/**
 * The server time of the oldest unfinished task this tab holds (its own page, or a ledger list
 * page): a change after it may have landed before the live stream opened (a task page carries
 * its answer from the served HTML), so the first connection reads changes from there. Null when
 * nothing held is unfinished.
 */
export function oldestUnfinished(qc: QueryClient): number | null {
  let oldest: number | null = null;
  const see = (task: LedgerTask | undefined) => {
    if (task && unfinished(task.task.status)) oldest = Math.min(oldest ?? task.updatedAt, task.updatedAt);
  };
  for (const [, task] of qc.getQueriesData<LedgerTask>({ queryKey: [...gen3dQueries.all(), 'tasks'] })) see(task);
  for (const [, data] of qc.getQueriesData<InfiniteData<LedgerPage, string | null>>({ queryKey: gen3dQueries.pagesAll() })) {
    for (const page of data?.pages ?? []) for (const task of page.tasks) see(task);
  }
  return oldest;
}
