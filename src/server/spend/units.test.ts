import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openSqlite } from '../../node-lib/sqlite';
import { migrations, openDb } from '../store/db';
import { SpendLedger } from './ledger';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it('keeps a ledger written before spend had units: its limits become credit limits and its day sums are rebuilt', () => {
  const dir = mkdtempSync(join(tmpdir(), 'triptych-units-'));
  dirs.push(dir);
  // The database as the release before units left it: every migration before the one that added them.
  const old = openSqlite(join(dir, 'triptych.db'), migrations.slice(0, migrations.findIndex((m) => m.includes('spend_limits_units'))));
  old.prepare(`INSERT INTO spend_limits (service, daily, per_write, updated_at) VALUES ('gen3d', 100, 30, 1)`).run();
  old
    .prepare(
      `INSERT INTO spends (service, mode, base_url, operation, method, path, body, unit, reserved, actual, status, day, created_at, updated_at)
       VALUES ('gen3d', 'sandbox', '', 'textTo3d.create', 'POST', '/openapi/v2/text-to-3d', '{}', 'credits', 20, 5, 'sent', '2026-11-20', 1, 1)`,
    )
    .run();
  old.close();

  const db = openDb(dir);
  const spends = new SpendLedger(db);
  expect(spends.limit('gen3d')).toMatchObject({ unit: 'credits', daily: 100, perWrite: 30 });
  expect(spends.spentOn('gen3d', 'sandbox', 'credits', '2026-11-20')).toBe(5);
  expect(spends.units('gen3d')).toEqual(['credits']);
  db.close();
});

it('merges a currency written in other letter cases into one unit: its writes, day sums and limits (the strictest kept)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'triptych-units-'));
  dirs.push(dir);
  // The database as the release before currency codes had one spelling.
  const old = openSqlite(join(dir, 'triptych.db'), migrations.slice(0, migrations.findIndex((m) => m.includes('console_processes'))));
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

  const db = openDb(dir);
  const spends = new SpendLedger(db);
  expect(spends.units('agentnet')).toEqual(['credits', 'USD']);
  expect(spends.spentOn('agentnet', 'sandbox', 'USD', '2026-11-20')).toBe(105);
  expect(spends.limit('agentnet', 'USD')).toMatchObject({ daily: 10, perWrite: 5, updatedAt: 2 });
  expect(spends.limit('agentnet', 'credits')).toMatchObject({ daily: 7 });
  db.close();
});

it('a late answer settles a write taken for not made with what the service reports, never the 0', () => {
  const dir = mkdtempSync(join(tmpdir(), 'triptych-units-'));
  dirs.push(dir);
  const db = openDb(dir);
  const spends = new SpendLedger(db, 'this-process');
  const op = { id: 'textTo3d.create', service: 'gen3d', summary: 'create a text-to-3D task', method: 'POST', path: '/openapi/v2/text-to-3d', kind: 'create' } as const;
  const reserve = () => {
    const r = spends.reserve({ op, mode: 'sandbox', baseUrl: 'sandbox', path: op.path, body: {}, price: { min: 20, max: 20 }, unit: 'credits', at: Date.UTC(2026, 10, 20) });
    if (!r.ok) throw new Error(r.error.message);
    return r.id;
  };
  const spent = () => spends.spentOn('gen3d', 'sandbox', 'credits', '2026-11-20');
  const a = reserve();
  expect(spends.get(a)).toMatchObject({ status: 'sending', owner: 'this-process' });
  spends.unconfirmed(a, 'no trace', 2);
  expect(spent()).toBe(0);
  // Its answer after all: counted at its price again until the task settles it.
  spends.sent(a, 'task-a', 3);
  expect(spends.get(a)).toMatchObject({ status: 'sent', actual: null, owner: null, error: null });
  expect(spent()).toBe(20);
  spends.settle('gen3d', 'task-a', 15, 4);
  expect(spent()).toBe(15);
  // An answer that names its charge settles at once.
  const b = reserve();
  spends.unanswered(b, 'no answer', 5);
  expect(spends.get(b)).toMatchObject({ status: 'sending', owner: null });
  spends.sent(b, 'task-b', 6, 2);
  expect(spent()).toBe(17);
  // The reconciler's verdict does not overwrite an answer that came first.
  spends.unconfirmed(b, 'too late', 7);
  expect(spends.get(b)).toMatchObject({ status: 'sent', actual: 2 });
  db.close();
});
