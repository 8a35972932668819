import { LedgerTask, type ArchiveFile } from '../../contracts/bff';
import { assetUrl, rewriteOutputs } from '../archive/assets';
import type { AssetRow } from '../store/task-files';
import { field, parseJson, type TaskRow } from '../store/tasks';

/** Each output file of a task with its archive state, as the browser sees it. */
export const fileStates = (taskId: string, assets: readonly AssetRow[]): ArchiveFile[] =>
  assets.map((a) => ({
    key: a.key,
    url: assetUrl('gen3d', taskId, a.key),
    state: a.state === 'legacy' ? 'pending' : a.state,
    size: a.size,
    attempts: a.attempts,
    nextAttemptAt: a.next_attempt_at,
    reason: a.reason,
  }));

/**
 * A ledger row as the browser sees it (the ledger's pages and task reads, the live stream):
 * normalized record, same-origin file URLs, watch state; with `files` (the task's file rows), each
 * file's archive state and the service's own model URL.
 */
export function toLedgerTask(row: TaskRow, watching: boolean, files?: readonly AssetRow[]): LedgerTask {
  const request = parseJson(row.request);
  const record = parseJson(row.record);
  return LedgerTask.parse({
    id: row.id,
    service: row.service,
    createPath: row.create_path,
    mode: row.mode,
    parentId: row.parent_id,
    request,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    archived: row.archived === 1,
    recovered: row.recovered === 1,
    imported: row.imported === 1,
    task: rewriteOutputs(record, row.id, row.create_path, { mode: field(request, 'mode') }),
    watch: { active: watching, lastError: row.watch_error, nextCheckAt: row.next_check_at },
    ...(files ? { files: fileStates(row.id, files), serviceModel: serviceModel(record) } : {}),
  });
}

/** The service's own URL of a record's model (GLB, else OBJ or STL) and its expiry, when it has both. */
function serviceModel(record: unknown): { url: string; format: string; expiresAt: number } | null {
  const urls = field(record, 'model_urls');
  const expires = field(record, 'expires_at');
  const expiresAt = typeof expires === 'number' && expires > 0 ? expires : null;
  for (const format of ['glb', 'obj', 'stl']) {
    const url = field(urls, format);
    if (typeof url === 'string' && /^https?:\/\//.test(url) && expiresAt !== null) return { url, format, expiresAt };
  }
  return null;
}
