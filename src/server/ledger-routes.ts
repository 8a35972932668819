import { Hono } from 'hono';
import type { ArchiveUsage, LedgerList, RemovedFiles } from '../contracts/bff';
import type { Archive } from './archive/archive';
import type { ConnectionSettings } from './connections/settings';
import { apiError, fail } from './http/errors';
import type { Balances } from './store/balances';
import type { Ledger } from './store/ledger';
import type { WatchManager } from './watch/manager';

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'model';

/** The BFF's own reads: the console's task ledger, balance history, and task files. */
export function createLedgerRoutes(deps: { ledger: Ledger; watch: WatchManager; balances: Balances; settings: ConnectionSettings; archive: Archive }) {
  const { ledger, watch, balances, settings, archive } = deps;
  const app = new Hono();

  app.get('/ledger/gen3d/tasks', (c) => {
    const list: LedgerList = { tasks: ledger.list().map((r) => ledger.toLedgerTask(r, watch.isWatching(r.id))) };
    return c.json(list);
  });

  app.get('/ledger/gen3d/tasks/:id', (c) => {
    const row = ledger.get(c.req.param('id'));
    if (!row) return fail(c, { status: 404, code: 'not_found', message: 'This console has no task with that id. It may have been created elsewhere or deleted.', retryAfter: null });
    return c.json(ledger.toLedgerTask(row, watch.isWatching(row.id), { files: true }));
  });

  /** The archive's disk use, its settings, and how many files are in each state. */
  app.get('/ledger/gen3d/archive', (c) => c.json(archive.usage() satisfies ArchiveUsage));

  /** Deletes a task's local copies; downloads then come from the service while it keeps them. */
  app.delete('/ledger/gen3d/tasks/:id/files', (c) => {
    const row = ledger.get(c.req.param('id'));
    if (!row) return fail(c, apiError(404, 'not_found', 'This console has no task with that id. It may have been created elsewhere or deleted.'));
    const removed = archive.removeTask(row.id);
    return c.json(removed satisfies RemovedFiles);
  });

  app.get('/ledger/gen3d/balance-history', (c) => c.json(balances.history('gen3d', settings.get('gen3d').mode)));

  app.get('/files/gen3d/:taskId/:key', async (c) => {
    const row = ledger.get(c.req.param('taskId'));
    if (!row) return fail(c, { status: 404, code: 'not_found', message: 'This console has no such task.', retryAfter: null });
    const prompt = (JSON.parse(row.request) as { prompt?: string }).prompt ?? row.parent_id ?? row.id;
    const name = c.req.query('download') ? `${slug(prompt)}-${row.id.slice(0, 8)}` : null;
    const result = await archive.serve(row.id, c.req.param('key'), name);
    return result.ok ? result.response : fail(c, result.error);
  });

  return app;
}
