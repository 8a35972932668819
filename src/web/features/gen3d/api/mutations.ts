import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LedgerTask } from '../../../../contracts/bff';
import { z } from '../../../../contracts/zod';
import { api } from '../../../lib/api';
import { applyTasks } from './apply';
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

/** The bringing in of tasks created elsewhere (`useBringIn`, api/elsewhere.ts): while it runs, the queue page starts no new look. */
export const bringInKey = ['gen3d', 'bring-in'] as const;
