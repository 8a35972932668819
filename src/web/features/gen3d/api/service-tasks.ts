import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMPORT_MAX, type ImportTasksResult } from '../../../../contracts/bff-bodies';
import * as archiveRoutes from '../../../../contracts/bff-routes/archive';
import * as ledgerRoutes from '../../../../contracts/bff-routes/ledger';
import { gen3dRoutes } from '../../../../contracts/gen3d/routes';
import type { Task } from '../../../../contracts/gen3d/records';
import { bff } from '../../../lib/bff';
import { callOperation } from '../../../lib/operation';
import { applyTasks } from './apply';
import { bringInKey } from './mutations';
import { gen3dQueries } from './queries';

/** The service's list operations, one per task path (text-to-motion is not imitated: left out). */
export const listOperations = gen3dRoutes.filter((o) => o.kind === 'list' && !o.id.startsWith('textToMotion'));

export type FoundTask = { record: Task; path: string };

/**
 * Tasks the account has at the service that this console's ledger does not hold: each list route's
 * newest 50 (one list at a time, so the per-key rate limit is left to the operator), then each
 * id looked up in the ledger. `onProgress` says how far it got.
 */
export async function findServiceTasks(onProgress: (done: number, total: number) => void, signal?: AbortSignal): Promise<FoundTask[]> {
  const found: FoundTask[] = [];
  let done = 0;
  for (const op of listOperations) {
    const records = (await callOperation(op, { query: { page_size: '50', sort_by: '-created_at' }, signal })) as Task[];
    for (const record of records) found.push({ record, path: op.path });
    onProgress(++done, listOperations.length);
  }
  const missing: FoundTask[] = [];
  for (const f of found) {
    const page = await bff(ledgerRoutes.tasks, { query: { service: 'gen3d', limit: 1, q: f.record.id }, signal });
    if (!page.tasks.some((t) => t.id === f.record.id)) missing.push(f);
  }
  return missing.sort((a, b) => (b.record.created_at ?? 0) - (a.record.created_at ?? 0));
}

/**
 * Brings chosen tasks into the console: the BFF reads each from the service, records it as
 * imported (no spend: it was paid where it was made), watches it and archives its files.
 * Sent IMPORT_MAX at a time.
 */
export async function importTasks(tasks: readonly FoundTask[], signal?: AbortSignal): Promise<ImportTasksResult> {
  const out: ImportTasksResult = { imported: [], skipped: [] };
  for (let i = 0; i < tasks.length; i += IMPORT_MAX) {
    const chunk = tasks.slice(i, i + IMPORT_MAX).map((t) => ({ id: t.record.id, path: t.path }));
    const r = await bff(archiveRoutes.importTasks, { body: { tasks: chunk }, signal });
    out.imported.push(...r.imported);
    out.skipped.push(...r.skipped);
  }
  return out;
}

/** Brings tasks found at the service into the console (the ledger records them as imported, with no spend). */
export function useBringIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: bringInKey,
    mutationFn: (tasks: readonly FoundTask[]) => importTasks(tasks),
    retry: false,
    meta: { invalidates: [gen3dQueries.summary().queryKey] },
    onSuccess: (result) => applyTasks(qc, result.imported),
  });
}
