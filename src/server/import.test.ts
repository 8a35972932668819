import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerPage, SpendTotals } from '../contracts/bff';
import type { ImportTasksResult } from '../contracts/bff-bodies';
import type { SpendWrites } from '../contracts/spend';
import { services } from '../contracts/services';
import { readModel } from '../sandbox/gen3d/engine/mesh/io';
import { makeKit, previewBody, type Kit } from './testing/kit';

/** Tasks the account made elsewhere (another client of the same account), brought into the console through its BFF. */
let kit: Kit;
beforeAll(async () => {
  kit = await makeKit();
});
afterAll(async () => {
  await kit.close();
});

const PATH = '/openapi/v2/text-to-3d';
/** An outside client of the same account: straight to the service, not through the console. */
const outside = (path: string, init: { method?: string; json?: unknown } = {}) =>
  kit.json<{ result?: string; status?: string }>(`/sandbox/gen3d${path}`, { ...init, headers: { authorization: `Bearer ${services.gen3d.sandboxKey}` } });
const importTasks = (tasks: unknown) => kit.json<ImportTasksResult & { error?: { message: string; field: string | null } }>('/api/ledger/gen3d/import', { method: 'POST', json: { tasks } });

describe('bringing in tasks made elsewhere', () => {
  it('reads the task from the service, records it as imported without a spend, and archives its GLB once it succeeds', async () => {
    const prompt = `made in the web app ${Date.now()}`;
    const made = await outside(PATH, { method: 'POST', json: previewBody(prompt) });
    expect(made.status).toBe(202);
    const id = made.body.result as string;
    const spentBefore = (await kit.json<SpendTotals>('/api/spend/totals?service=gen3d')).body;

    // Not in the console until asked for.
    expect((await kit.req(`/api/ledger/gen3d/tasks/${id}`)).status).toBe(404);
    const brought = await importTasks([{ id, path: PATH }]);
    expect(brought.status, brought.text).toBe(200);
    expect(brought.body.skipped).toEqual([]);
    expect(brought.body.imported).toHaveLength(1);
    expect(brought.body.imported[0]).toMatchObject({ id, imported: true, createPath: PATH, task: { prompt } });

    // The queue lists it, marked imported.
    const page = (await kit.json<LedgerPage>(`/api/ledger/tasks?service=gen3d&q=${encodeURIComponent(id)}`)).body;
    expect(page.tasks.map((t) => [t.id, t.imported])).toEqual([[id, true]]);

    // Watched to the end like any task, its files copied into the archive.
    const done = await kit.waitFor(id, (t) => t.task.status === 'SUCCEEDED' && t.archived, 60_000);
    expect(done.files?.find((f) => f.key === 'model_urls.glb')?.state).toBe('archived');
    const glb = await kit.req(done.task.model_urls.glb as string);
    expect(glb.status).toBe(200);
    expect((await readModel(new Uint8Array(await glb.arrayBuffer()))).positions.length).toBeGreaterThan(0);

    // Paid where it was made: no spend here, before and after a restart (the start-up backfill leaves it out).
    const noSpend = async () => {
      const writes = (await kit.json<SpendWrites>('/api/spend/writes?service=gen3d&limit=200')).body.writes;
      expect(writes.filter((w) => w.ref === id)).toEqual([]);
      expect((await kit.json<SpendTotals>('/api/spend/totals?service=gen3d')).body.total).toBe(spentBefore.total);
    };
    await noSpend();
    await kit.restart();
    await noSpend();
    expect((await kit.json<{ imported: boolean }>(`/api/ledger/gen3d/tasks/${id}`)).body.imported).toBe(true);
  }, 90_000);

  it('says why a task was left out: already held, unknown to the service, listed on another path', async () => {
    const made = await outside(PATH, { method: 'POST', json: previewBody('a second outside task') });
    const id = made.body.result as string;
    expect((await importTasks([{ id, path: PATH }])).body.imported).toHaveLength(1);
    const again = await importTasks([
      { id, path: PATH },
      { id: 'no-such-task-0000', path: PATH },
    ]);
    expect(again.status).toBe(200);
    expect(again.body.imported).toEqual([]);
    expect(again.body.skipped).toEqual([
      { id, reason: expect.stringMatching(/already holds/) },
      { id: 'no-such-task-0000', reason: expect.stringMatching(/^Not found/) },
    ]);
  });

  it('refuses a body it cannot take, naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [[], /at least one task/],
      [[{ id: '../etc', path: PATH }], /id must be a task id/],
      [[{ id: 'abc', path: '/api/connections' }], /path must be a task path/],
      [[{ id: 'abc', path: '/openapi/v1/text-to-motion' }], /3D task type the console knows/],
      [Array.from({ length: 51 }, (_, i) => ({ id: `t${i}`, path: PATH })), /at most 50/],
    ];
    for (const [tasks, message] of cases) {
      const res = await importTasks(tasks);
      expect(res.status, JSON.stringify(tasks).slice(0, 80)).toBe(400);
      expect(res.body.error?.message).toMatch(message);
    }
  });
});
