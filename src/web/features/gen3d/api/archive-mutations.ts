import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArchiveUsage, RemovedFiles } from '../../../../contracts/bff';
import { api } from '../../../lib/api';
import { gen3dQueries } from './queries';

// The archive's writes, apart from mutations.ts: the queue (the first page) deletes tasks, only
// the task and archive panels remove copies or set the retention.

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
