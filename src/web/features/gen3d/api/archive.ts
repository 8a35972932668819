import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as archiveRoutes from '../../../../contracts/bff-routes/archive';
import { bff } from '../../../lib/bff';
import { gen3dQueries } from './queries';

// The archive's reads and writes, apart from queries.ts and mutations.ts: the queue (the first
// page) reads and deletes tasks, only the task and archive panels read the archive, remove copies
// or set the retention.

/** The archive's disk use, its settings, and how many files are in each state (key: gen3d → archive). */
export const archiveQuery = () => queryOptions({ queryKey: [...gen3dQueries.all(), 'archive'] as const, queryFn: ({ signal }) => bff(archiveRoutes.usage, { signal }) });

/** Deletes the console's local copies of a task's files (downloads then come from the service while it keeps them). */
export function useRemoveLocalCopy(taskId: string) {
  return useMutation({
    mutationFn: () => bff(archiveRoutes.removeCopies, { params: { id: taskId } }),
    retry: false,
    meta: { invalidates: [gen3dQueries.task(taskId).queryKey, archiveQuery().queryKey] },
  });
}

/** Saves the archive's retention (whole days; 0 keeps copies forever). */
export function useSetRetention() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (retentionDays: number) => bff(archiveRoutes.setRetention, { body: { retentionDays } }),
    retry: false,
    onSuccess: (usage) => qc.setQueryData(archiveQuery().queryKey, usage),
  });
}
