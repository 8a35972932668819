import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SpendTotals } from '../../contracts/bff';
import { browser as makeBrowser } from '../testing/browser';
import { makeKit, previewBody, type Kit } from '../testing/kit';
import { startPostgres, type TestPostgres } from '../testing/postgres';
import { moveToPostgres } from './move-to-postgres';

/*
 * A single-user console (SQLite in DATA_DIR) moved into PostgreSQL with `move-to-postgres`, then
 * started in team mode on it: nothing lost, the same password signs in, the keys open under the
 * team's secret.
 */

const EMAIL = 'solo@example.com';
const PASSWORD = 'a long and fine password';
const signIn = { sessionHours: 12, trustProxy: false };

let server: TestPostgres;
let kit: Kit | undefined;
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(() => server?.stop());
const dirs: string[] = [];
afterEach(async () => {
  await kit?.close();
  kit = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('moving a single-user console into PostgreSQL', () => {
  it('copies every table with the same counts and checksums, seals the keys again, and the team console carries on from it', { timeout: 60_000 }, async () => {
    // A console used on its own: an operator, a finished task with its files, a limit, a saved key.
    const dir = mkdtempSync(join(tmpdir(), 'triptych-move-'));
    dirs.push(dir);
    kit = await makeKit({ dir, signIn });
    const solo = kit;
    await solo.app.operators?.create(EMAIL, PASSWORD);
    const b = makeBrowser(() => kit as Kit);
    expect((await b.form('/sign-in', { email: EMAIL, password: PASSWORD, next: '/3d' })).status).toBe(303);
    const created = await b.send('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', body: JSON.stringify(previewBody('a moved compass')), headers: { 'content-type': 'application/json' } });
    const taskId = ((await created.json()) as { result: string }).result;
    // Finished and its files copied (signed in: the kit's own poll has no session).
    await vi.waitFor(
      async () => {
        const t = (await (await b.send(`/api/ledger/gen3d/tasks/${taskId}`)).json()) as { task: { status: string }; files?: Array<{ state: string }> };
        const files = t.files ?? [];
        if (!(t.task.status === 'SUCCEEDED' && files.length > 0 && files.every((f) => f.state === 'archived'))) throw new Error(`not yet: ${t.task.status}`);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect((await b.send('/api/spend/limits/gen3d', { method: 'PUT', body: JSON.stringify({ daily: 500 }), headers: { 'content-type': 'application/json' } })).status).toBe(200);
    await solo.app.keyring.set('gen3d', 'msy_solo_key_1357', 'https://api.meshy.ai');
    const totalsBefore = (await (await b.send('/api/spend/totals?service=gen3d')).json()) as SpendTotals;
    await solo.close();
    kit = undefined;

    const url = await server.newDatabase();
    const secret = randomBytes(32);
    const lines: string[] = [];
    const report = await moveToPostgres({ dataDir: solo.dir, url, fromSecret: null, toSecret: secret, progress: (l) => lines.push(l) });
    expect(report.tables.filter((t) => t.source !== t.target)).toEqual([]);
    expect(report.ok).toBe(true);
    const row = (database: string, table: string) => report.tables.find((t) => t.database === database && t.table === table);
    expect(row('ledger', 'tasks')).toMatchObject({ rows: 1, copied: true });
    expect(row('ledger', 'assets')?.rows).toBeGreaterThan(0);
    expect(row('ledger', 'spends')).toMatchObject({ rows: 1 });
    // The sums the triggers keep are rebuilt on PostgreSQL, and equal.
    expect(row('ledger', 'spend_days')).toMatchObject({ copied: false });
    expect(row('ledger', 'task_counts')).toMatchObject({ copied: false });
    expect(row('operators', 'user')).toMatchObject({ rows: 1 });
    expect(row('operators', 'session')?.rows).toBeGreaterThanOrEqual(1);
    for (const t of report.tables) expect(t.target, `${t.database}.${t.table}`).toBe(t.source);
    expect(report.keys).toBe(1);
    expect(lines).toContain('ledger: tasks, 1 rows');

    // Moving again into the same database is refused: nothing is merged.
    await expect(moveToPostgres({ dataDir: solo.dir, url, fromSecret: null, toSecret: secret })).rejects.toThrow(/already holds a console .*Move into an empty database/);

    // Team mode on the moved database: the same password, the same task and totals, the key opens.
    kit = await makeKit({ dir: solo.dir, databaseUrl: url, keysSecret: secret, signIn });
    const team = kit;
    const t = makeBrowser(() => team);
    expect((await t.form('/sign-in', { email: EMAIL, password: PASSWORD, next: '/3d' })).status).toBe(303);
    const ledger = (await (await t.send(`/api/ledger/gen3d/tasks/${taskId}`)).json()) as { task: { id: string; status: string } };
    expect(ledger.task).toMatchObject({ id: taskId, status: 'SUCCEEDED' });
    expect((await (await t.send('/api/spend/totals?service=gen3d')).json()) as SpendTotals).toEqual(totalsBefore);
    expect(team.app.keyring.keyFor('gen3d', 'https://api.meshy.ai')).toBe('msy_solo_key_1357');
    // A new spend numbers on after the moved ones (on the sandbox: a saved key makes a console
    // with no saved connection start live).
    expect((await t.send('/api/connections/gen3d', { method: 'PUT', body: JSON.stringify({ mode: 'sandbox' }), headers: { 'content-type': 'application/json' } })).status).toBe(200);
    const next = await t.send('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', body: JSON.stringify(previewBody('a second compass')), headers: { 'content-type': 'application/json' } });
    expect(next.status, await next.clone().text()).toBe(202);
  });
});
