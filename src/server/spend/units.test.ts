import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openSqlite } from '../../node-lib/sqlite';
import { openDb } from '../store/db';
import { runnerMigrations } from '../store/testing/runner-migrations';
import { SpendLog } from './spend-log';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it('keeps a ledger written before spend had units: its limits become credit limits and its day sums are rebuilt', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'triptych-units-'));
  dirs.push(dir);
  // The database as the release before units left it: every migration before the one that added them.
  const old = openSqlite(join(dir, 'triptych.db'), runnerMigrations.slice(0, runnerMigrations.findIndex((m) => m.includes('spend_limits_units'))));
  old.prepare(`INSERT INTO spend_limits (service, daily, per_write, updated_at) VALUES ('gen3d', 100, 30, 1)`).run();
  old
    .prepare(
      `INSERT INTO spends (service, mode, base_url, operation, method, path, body, unit, reserved, actual, status, day, created_at, updated_at)
       VALUES ('gen3d', 'sandbox', '', 'textTo3d.create', 'POST', '/openapi/v2/text-to-3d', '{}', 'credits', 20, 5, 'sent', '2026-11-20', 1, 1)`,
    )
    .run();
  old.close();

  const db = await openDb(dir);
  const spends = new SpendLog(db);
  expect(await spends.limit('gen3d')).toMatchObject({ unit: 'credits', daily: 100, perWrite: 30 });
  expect(await spends.spentOn('gen3d', 'sandbox', 'credits', '2026-11-20')).toBe(5);
  expect(await spends.units('gen3d')).toEqual(['credits']);
  await db.close();
});

it('merges a currency written in other letter cases into one unit: its writes, day sums and limits (the strictest kept)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'triptych-units-'));
  dirs.push(dir);
  // The database as the release before currency codes had one spelling.
  const old = openSqlite(join(dir, 'triptych.db'), runnerMigrations.slice(0, runnerMigrations.findIndex((m) => m.includes('console_processes'))));
  const limit = old.prepare(`INSERT INTO spend_limits (service, unit, daily, per_write, updated_at) VALUES ('agentnet', ?, ?, ?, ?)`);
  limit.run('USD', 10, null, 1);
  limit.run('usd', 50, 5, 2);
  limit.run('credits', 7, null, 1);
  const write = old.prepare(
    `INSERT INTO spends (service, mode, base_url, operation, method, path, body, unit, reserved, status, day, created_at, updated_at)
     VALUES ('agentnet', 'sandbox', '', 'payments.create', 'POST', '/payments/tasks', '{}', ?, ?, 'sent', '2026-11-20', 1, 1)`,
  );
  write.run('USD', 4);
  write.run('usd', 100);
  write.run('Usd', 1);
  old.close();

  const db = await openDb(dir);
  const spends = new SpendLog(db);
  expect(await spends.units('agentnet')).toEqual(['credits', 'USD']);
  expect(await spends.spentOn('agentnet', 'sandbox', 'USD', '2026-11-20')).toBe(105);
  expect(await spends.limit('agentnet', 'USD')).toMatchObject({ daily: 10, perWrite: 5, updatedAt: 2 });
  expect(await spends.limit('agentnet', 'credits')).toMatchObject({ daily: 7 });
  await db.close();
});

it('a late answer settles a write taken for not made with what the service reports, never the 0', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'triptych-units-'));
  dirs.push(dir);
  const db = await openDb(dir);
  const spends = new SpendLog(db, 'this-process');
  const op = { id: 'textTo3d.create', service: 'gen3d', summary: 'create a text-to-3D task', method: 'POST', path: '/openapi/v2/text-to-3d', kind: 'create' } as const;
  const reserve = async () => {
    const r = await spends.reserve({ op, mode: 'sandbox', baseUrl: 'sandbox', path: op.path, body: {}, price: { min: 20, max: 20 }, unit: 'credits', at: Date.UTC(2026, 10, 20) });
    if (!r.ok) throw new Error(r.error.message);
    return r.id;
  };
  const spent = () => spends.spentOn('gen3d', 'sandbox', 'credits', '2026-11-20');
  const a = await reserve();
  expect(await spends.get(a)).toMatchObject({ status: 'sending', owner: 'this-process' });
  await spends.unconfirmed(a, 'no trace', 2);
  expect(await spent()).toBe(0);
  // Its answer after all: counted at its price again until the task settles it.
  await spends.sent(a, 'task-a', 3);
  expect(await spends.get(a)).toMatchObject({ status: 'sent', actual: null, owner: null, error: null });
  expect(await spent()).toBe(20);
  await spends.settle('gen3d', 'task-a', 15, 4);
  expect(await spent()).toBe(15);
  // An answer that names its charge settles at once.
  const b = await reserve();
  await spends.unanswered(b, 'no answer', 5);
  expect(await spends.get(b)).toMatchObject({ status: 'sending', owner: null });
  await spends.sent(b, 'task-b', 6, 2);
  expect(await spent()).toBe(17);
  // The reconciler's verdict does not overwrite an answer that came first.
  await spends.unconfirmed(b, 'too late', 7);
  expect(await spends.get(b)).toMatchObject({ status: 'sent', actual: 2 });
  await db.close();
});
