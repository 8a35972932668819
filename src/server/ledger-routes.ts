import { Hono } from 'hono';
import type { ArchiveUsage, RemovedFiles } from '../contracts/bff';
import { LedgerChangesQuery, LedgerQuery, LedgerSummaryQuery } from '../contracts/bff-queries';
import { ImportTasksBody, PutArchiveSettings, type ImportTasksResult } from '../contracts/bff-bodies';
import type { Archive } from './archive/archive';
import { downloadName } from './archive/assets';
import type { ConnectionSettings } from './connections/settings';
import type { Upstreams } from './connections/upstream';
import { apiError, fail } from './http/errors';
import { readJson, readQuery } from './http/input';
import type { Balances } from './store/balances';
import type { TaskFiles } from './store/task-files';
import type { TaskPages } from './store/task-pages';
import type { TaskRow, TaskStore } from './store/tasks';
import { toLedgerTask } from './watch/task-view';
import { importTasks } from './watch/import';
import type { WatchManager } from './watch/manager';

const noTask = () => apiError(404, 'not_found', 'This console has no task with that id. It may have been created elsewhere or deleted.');

/**
 * The BFF's own reads: the console's task ledger in pages (`/ledger/tasks`), its changes, a task's
 * lineage, counts, balance history, the archive, and task files.
 */
export function createLedgerRoutes(deps: {
  pages: TaskPages;
  tasks: TaskStore;
  files: TaskFiles;
  watch: WatchManager;
  balances: Balances;
  settings: ConnectionSettings;
  archive: Archive;
  upstreams: Upstreams;
  now: () => number;
}) {
  const { tasks, files, watch, balances, settings, archive } = deps;
  const pages = deps.pages;
  const view = (r: TaskRow) => toLedgerTask(r, watch.isWatching(r.id));
  const app = new Hono();

  app.get('/ledger/tasks', async (c) => {
    const q = readQuery(c, LedgerQuery);
    if (!q.ok) return fail(c, q.error);
    const page = await pages.page(q.value, view);
    if (!page)
      return fail(
        c,
        apiError(400, 'invalid_input', 'Nothing was read: cursor is not one this console gave. Start again from the first page.', { field: 'cursor' }),
      );
    return c.json(page);
  });

  app.get('/ledger/changes', async (c) => {
    const q = readQuery(c, LedgerChangesQuery);
    if (!q.ok) return fail(c, q.error);
    return c.json(await pages.changes(q.value.service ?? 'gen3d', q.value.since, q.value.limit ?? 200, view));
  });

  app.get('/ledger/summary', async (c) => {
    const q = readQuery(c, LedgerSummaryQuery);
    if (!q.ok) return fail(c, q.error);
    return c.json(await pages.summary(q.value.service ?? 'gen3d'));
  });

  app.get('/ledger/tasks/:id/lineage', async (c) => {
    const lineage = await pages.lineage(c.req.param('id'), view);
    return lineage ? c.json(lineage) : fail(c, noTask());
  });

  app.get('/ledger/gen3d/tasks/:id', async (c) => {
    const row = await tasks.get(c.req.param('id'));
    if (!row) return fail(c, noTask());
    return c.json(toLedgerTask(row, watch.isWatching(row.id), await files.list(row.id)));
  });

  /** Brings in tasks the account made elsewhere: read from the service, recorded as imported (no spend), watched and archived. */
  app.post('/ledger/gen3d/import', async (c) => {
    const body = await readJson(c, ImportTasksBody, 'Nothing was brought in');
    if (!body.ok) return fail(c, body.error);
    const result = await importTasks({ tasks, upstreams: deps.upstreams, watch, now: deps.now, view }, body.value, c.req.raw.signal);
    return c.json(result satisfies ImportTasksResult);
  });

  /** The archive's disk use, its settings, and how many files are in each state. */
  app.get('/ledger/gen3d/archive', async (c) => c.json((await archive.usage()) satisfies ArchiveUsage));
  app.put('/ledger/gen3d/archive', async (c) => {
    const body = await readJson(c, PutArchiveSettings, 'Nothing was saved');
    if (!body.ok) return fail(c, body.error);
    return c.json((await archive.setRetention(body.value.retentionDays)) satisfies ArchiveUsage);
  });

  /** Deletes a task's local copies; downloads then come from the service while it keeps them. */
  app.delete('/ledger/gen3d/tasks/:id/files', async (c) => {
    const row = await tasks.get(c.req.param('id'));
    if (!row) return fail(c, noTask());
    return c.json((await archive.removeTask(row.id)) satisfies RemovedFiles);
  });

  app.get('/ledger/gen3d/balance-history', async (c) => c.json(await balances.history('gen3d', settings.get('gen3d').mode)));

  app.get('/files/gen3d/:taskId/:key', async (c) => {
    const row = await tasks.get(c.req.param('taskId'));
    if (!row) return fail(c, apiError(404, 'not_found', 'This console has no such task.'));
    const request = JSON.parse(row.request) as { prompt?: unknown; generate_multi_view?: unknown };
    const prompt = typeof request.prompt === 'string' ? request.prompt : ((JSON.parse(row.record) as { prompt?: unknown }).prompt ?? row.parent_id);
    const name = downloadName({ id: row.id, prompt: typeof prompt === 'string' ? prompt : null, multiView: request.generate_multi_view === true }, c.req.param('key'));
    const result = await archive.serve(row.id, c.req.param('key'), name, Boolean(c.req.query('download')));
    return result.ok ? result.response : fail(c, result.error);
  });

  return app;
}
