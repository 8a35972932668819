import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LedgerTask } from '../../../../contracts/bff';
import { z } from '../../../../contracts/zod';
import { api } from '../../../lib/api';
import { gen3dQueries } from './queries';

/**
 * Deletes a task upstream, on the create path it was made on (the ledger keeps it): a PENDING one
 * is refunded (field notes). Apart from the create mutation, so the queue needs no route table.
 */
export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (task: Pick<LedgerTask, 'id' | 'createPath'>) => api(`/api/gen3d${task.createPath}/${encodeURIComponent(task.id)}`, z.unknown(), { method: 'DELETE' }),
    retry: false,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: gen3dQueries.tasks().queryKey, exact: true });
      void qc.invalidateQueries({ queryKey: gen3dQueries.balance().queryKey });
    },
  });
}
