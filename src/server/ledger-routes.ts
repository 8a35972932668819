import { Hono } from 'hono';
import * as archiveRoutes from '../contracts/bff-routes/archive';
import * as historyRoutes from '../contracts/bff-routes/history';
import * as ledgerRoutes from '../contracts/bff-routes/ledger';
import type { Archive } from './archive/archive';
import { downloadName } from './archive/assets';
import type { ConnectionSettings } from './connections/settings';
import type { Upstreams } from './connections/upstream';
import { serveTable } from './http/bff-route';
import { apiError, fail, staleCursor } from './http/errors';
import type { Balances } from './store/balances';
import type { TaskFiles } from './store/task-files';
import type { TaskPages } from './store/task-pages';
import type { TaskRow, TaskStore } from './store/tasks';
import { toLedgerTask } from './watch/task-view';
import { importTasks } from './watch/import';
import type { WatchManager } from './watch/manager';

const noTask = () => apiError(404, 'not_found', 'This console has no task with that id. It may have been created elsewhere or deleted.');

/**
 * The BFF's own reads of the task ledger (contracts/bff-routes/ledger.ts: pages, changes, counts,
 * a task; history.ts: a task's lineage, the balance's history) and the archive (bff-routes/archive.ts: its use and
 * retention, a task's copies and files, tasks brought in).
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
  const { tasks, files, watch, balances, settings, archive, pages } = deps;
  const view = (r: TaskRow) => toLedgerTask(r, watch.isWatching(r.id, r.status));

  const reads = serveTable(ledgerRoutes, {
    tasks: async ({ query }, c) =>
      (await pages.page(query, view)) ??
      staleCursor(c),
    changes: ({ query }) => pages.changes(query.service ?? 'gen3d', query.since, query.limit ?? 200, view),
    summary: ({ query }) => pages.summary(query.service ?? 'gen3d'),
    task: async ({ params }, c) => {
      const row = await tasks.get(params.id);
      return row ? toLedgerTask(row, watch.isWatching(row.id, row.status), await files.list(row.id)) : fail(c, noTask());
    },
  });
  const history = serveTable(historyRoutes, {
    lineage: async ({ params }, c) => (await pages.lineage(params.id, view)) ?? fail(c, noTask()),
    balanceHistory: () => balances.history('gen3d', settings.get('gen3d').mode),
  });

  const archiveReads = serveTable(archiveRoutes, {
    usage: () => archive.usage(),
    setRetention: ({ body }) => archive.setRetention(body.retentionDays),
    removeCopies: async ({ params }, c) => {
      const row = await tasks.get(params.id);
      return row ? archive.removeTask(row.id) : fail(c, noTask());
    },
    importTasks: ({ body }, c) => importTasks({ tasks, upstreams: deps.upstreams, watch, now: deps.now, view }, body, c.req.raw.signal),
    file: async ({ params, query }, c) => {
      const row = await tasks.get(params.taskId);
      if (!row) return fail(c, apiError(404, 'not_found', 'This console has no such task.'));
      const request = JSON.parse(row.request) as { prompt?: unknown; generate_multi_view?: unknown };
      const prompt = typeof request.prompt === 'string' ? request.prompt : ((JSON.parse(row.record) as { prompt?: unknown }).prompt ?? row.parent_id);
      const name = downloadName({ id: row.id, prompt: typeof prompt === 'string' ? prompt : null, multiView: request.generate_multi_view === true }, params.key);
      const result = await archive.serve(row.id, params.key, name, Boolean(query.download));
      return result.ok ? result.response : fail(c, result.error);
    },
  });

  return new Hono().route('/', reads).route('/', history).route('/', archiveReads);
}
