import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArchiveUsage, RemovedFiles, type LedgerTask } from '../../../../contracts/bff';
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

/** Deletes the console's local copies of a task's files (downloads then come from the service while it keeps them). */
export function useRemoveLocalCopy(taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/api/ledger/gen3d/tasks/${encodeURIComponent(taskId)}/files`, RemovedFiles, { method: 'DELETE' }),
    retry: false,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: gen3dQueries.task(taskId).queryKey });
      void qc.invalidateQueries({ queryKey: gen3dQueries.archive().queryKey });
    },
  });
}

/** Saves the archive's retention (whole days; 0 keeps copies forever). */
export function useSetRetention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (retentionDays: number) => api('/api/ledger/gen3d/archive', ArchiveUsage, { method: 'PUT', json: { retentionDays } }),
    retry: false,
    onSuccess: (usage) => qc.setQueryData(gen3dQueries.archive().queryKey, usage),
  });
}
