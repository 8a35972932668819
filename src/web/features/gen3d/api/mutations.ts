import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LedgerTask } from '../../../../contracts/bff';
import { applyTasks } from './apply';
import { gen3dQueries } from './queries';

/** The 3D writes (task-writes.ts: creates and deletes through the route table), loaded with the first one. */
export const taskWrites = () => import('./task-writes');

/**
 * The one rule after a task is created or deleted: the task read again into every list held (the
 * live stream brings it too; this covers a stream that is down), the balance and the counts read
 * again.
 */
export function afterTaskWrite(qc: QueryClient, id: string) {
  void qc.fetchQuery({ ...gen3dQueries.task(id), staleTime: 0 }).then((task) => applyTasks(qc, [task]), () => undefined);
  void qc.invalidateQueries({ queryKey: gen3dQueries.balance().queryKey });
  void qc.invalidateQueries({ queryKey: gen3dQueries.summary().queryKey });
}

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
    onSuccess: (_, task) => afterTaskWrite(qc, task.id),
  });
}

/** The bringing in of tasks created elsewhere (`useBringIn`, api/elsewhere.ts): while it runs, the queue page starts no new look. */
export const bringInKey = ['gen3d', 'bring-in'] as const;
