import type { ImportTasksBody, ImportTasksResult } from '../../contracts/bff-bodies';
import { TaskRecord, gen3dRoutes } from '../../contracts/gen3d';
import type { Upstreams } from '../connections/upstream';
import { upstreamError, unreachable } from '../connections/describe';
import { sendWithRetry } from '../connections/send';
import type { TaskRow, TaskStore } from '../store/tasks';
import type { WatchManager } from './manager';

/** Task paths with a list route: the only ones a task is brought in from. */
const listPaths = new Set(gen3dRoutes.filter((o) => o.kind === 'list').map((o) => o.path));

/**
 * Brings tasks the account made elsewhere (the web app, another client) into the ledger: each is
 * read from the service on its task path (`GET <path>/{id}`, through the guarded fetcher with the
 * connection's key), recorded as imported, with no spend row (it was paid where it was made), and
 * watched like any task: an unfinished one until it ends, a succeeded one has its files archived.
 * One at a time, so the account's rate limit is left to the operator's other requests.
 */
export async function importTasks(
  deps: { tasks: TaskStore; upstreams: Upstreams; watch: WatchManager; now: () => number; view: (row: TaskRow) => ImportTasksResult['imported'][number] },
  body: ImportTasksBody,
  signal?: AbortSignal,
): Promise<ImportTasksResult> {
  const { tasks, upstreams, watch, now } = deps;
  const upstream = upstreams.current('gen3d');
  const speed = upstreams.speedFor(upstream.mode);
  const result: ImportTasksResult = { imported: [], skipped: [] };
  const seen = new Set<string>();
  for (const { id, path } of body.tasks) {
    if (seen.has(id)) continue;
    seen.add(id);
    if (await tasks.get(id)) {
      result.skipped.push({ id, reason: 'This console already holds this task.' });
      continue;
    }
    if (!listPaths.has(path)) {
      result.skipped.push({ id, reason: `${path} is not a task path of the 3D service.` });
      continue;
    }
    let json: unknown;
    try {
      const res = await sendWithRetry(() => upstream.request(`${path}/${encodeURIComponent(id)}`, { kind: 'read', signal }), { retry: true, speed, signal });
      if (!res.ok) {
        result.skipped.push({ id, reason: (await upstreamError('gen3d', res)).message });
        continue;
      }
      json = await res.json().catch(() => null);
    } catch (err) {
      result.skipped.push({ id, reason: unreachable('gen3d', upstream.baseUrl, err).message });
      continue;
    }
    const parsed = TaskRecord.safeParse(json);
    const raw = json as Record<string, unknown> | null;
    if (!parsed.success || raw?.id !== id) {
      result.skipped.push({ id, reason: 'The service answered a task record the console cannot read; nothing was brought in.' });
      continue;
    }
    const at = now();
    await tasks.insert({
      id,
      createPath: path,
      mode: upstream.mode,
      baseUrl: upstream.baseUrl,
      parentId: [raw.preview_task_id, raw.input_task_id, raw.rig_task_id].find((v): v is string => typeof v === 'string' && v.length > 0) ?? null,
      // The body it was made with is unknown here: only what tells its type (text-to-3D's mode).
      request: typeof raw.mode === 'string' ? { mode: raw.mode } : {},
      record: raw,
      at: parsed.data.created_at ?? at,
      updatedAt: at,
      imported: true,
    });
    await watch.apply(id, raw);
    watch.ensure(id);
    await watch.publish(id);
    const row = await tasks.get(id);
    if (row) result.imported.push(deps.view(row));
  }
  return result;
}
