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
