import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LedgerTask } from '../../../../contracts/bff';
import { z } from '../../../../contracts/zod';
import { api } from '../../../lib/api';
import { applyTasks } from './apply';
import type { FoundTask } from './elsewhere';
import { gen3dQueries } from './queries';

/**
 * Deletes a task upstream, on the create path it was made on (the route table's delete: the
 * ledger keeps it): a PENDING one is refunded (field notes), and the lists held show it canceled.
 */
export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (task: Pick<LedgerTask, 'id' | 'createPath' | 'request'>) => api(`/api/gen3d${task.createPath}/${encodeURIComponent(task.id)}`, z.unknown(), { method: 'DELETE' }),
    retry: false,
    onSuccess: (_, task) => {
      void qc.fetchQuery({ ...gen3dQueries.task(task.id), staleTime: 0 }).then((t) => applyTasks(qc, [t]), () => undefined);
      void qc.invalidateQueries({ queryKey: gen3dQueries.balance().queryKey });
      void qc.invalidateQueries({ queryKey: gen3dQueries.summary().queryKey });
    },
  });
}

/** The bringing in of tasks created elsewhere: while it runs, the queue page starts no new look. */
export const bringInKey = ['gen3d', 'bring-in'] as const;

/** Brings tasks found at the service into the console (the ledger records them as imported, with no spend). */
export function useBringIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: bringInKey,
    mutationFn: async (tasks: readonly FoundTask[]) => (await import('./elsewhere')).importTasks(tasks),
    retry: false,
    onSuccess: (result) => {
      applyTasks(qc, result.imported);
      void qc.invalidateQueries({ queryKey: gen3dQueries.summary().queryKey });
    },
  });
}
