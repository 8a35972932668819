import { useMutation, useQueryClient, type MutationMeta, type QueryClient } from '@tanstack/react-query';
import type { LedgerTask } from '../../../../contracts/bff';
import { applyTasks } from './apply';
import { gen3dQueries } from './queries';

/** The 3D writes (task-writes.ts: creates and deletes through the route table), loaded with the first one. */
export const taskWrites = () => import('./task-writes');

/**
 * After a task is created or deleted: the task read again into every list held (the live stream
 * brings it too; this covers a stream that is down). The balance and the counts are read again by
 * the rule after every write (lib/query-client.ts), from `taskWriteRefreshes`.
 */
export function afterTaskWrite(qc: QueryClient, id: string) {
  void qc.fetchQuery({ ...gen3dQueries.task(id), staleTime: 0 }).then((task) => applyTasks(qc, [task]), () => undefined);
}

/** What a create or a delete reads again once it settles: the balance and the counts. */
export const taskWriteRefreshes: MutationMeta = { invalidates: [gen3dQueries.balance().queryKey, gen3dQueries.summary().queryKey] };

/**
 * Deletes a task upstream, on the create path it was made on (the route table's delete: the
 * ledger keeps it): a PENDING one is refunded (docs/live-services.md#3d-generation--deleting-a-task), and the lists held show it canceled.
 * (Creates: create.ts.)
 */
export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (task: Pick<LedgerTask, 'id' | 'createPath' | 'request'>) => taskWrites().then((w) => w.deleteTask(task)),
    retry: false,
    meta: taskWriteRefreshes,
    onSuccess: (_, task) => afterTaskWrite(qc, task.id),
  });
}

/** The bringing in of tasks created elsewhere (`useBringIn`, api/elsewhere.ts): while it runs, the queue page starts no new look. */
export const bringInKey = ['gen3d', 'bring-in'] as const;
