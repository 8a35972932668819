import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, openSqliteFile } from '../../node-lib/sqlite';
import { AgentnetStore } from '../agentnet/store';
import { Throttle, throttleMigrations, tryKeys, type ThrottleDatabase } from '../auth/throttle';
import { ConnectionSettings } from '../connections/settings';
import { JobBook } from '../social/jobs';
import { ReceivedLog } from '../social/received-log';
import { NonceStore } from '../social/signature';
import { ConsoleSettings } from './console-settings';
import { Db } from './database';
import { openDb, type TriptychDb } from './db';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';
import { openSqliteKysely, sqliteDialect } from './sqlite';
import { doneMigrations, stores } from './testing/stores';
import { runnerAgentnetMigrations, runnerMigrations, runnerSocialTables, runnerThrottleMigrations } from './testing/runner-migrations';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'triptych-migrate-'));
  dirs.push(dir);
  return dir;
};

const T = Date.UTC(2026, 10, 20, 12);
const record = {
  id: 'task-old',
  type: 'text-to-3d-preview',
  status: 'SUCCEEDED',
  prompt: 'a weathered bronze astrolabe',
  model_urls: { glb: 'https://assets.meshy.ai/t/model.glb' },
  consumed_credits: 20,
};

/** A console's database as the release before kysely left it: the runner's migrations, the social tables its stores made, a row in every table. */
function makeOldDatabase(dir: string) {
  const old = openSqlite(join(dir, 'triptych.db'), runnerMigrations);
  old.exec(runnerSocialTables);
  const run = (statement: string, ...args: unknown[]) => old.prepare(statement).run(...args);
  run(`INSERT INTO connections (service, mode, base_url, updated_at) VALUES ('gen3d', 'live', 'https://api.meshy.ai', ?)`, T);
  run(
    `INSERT INTO spends (service, mode, base_url, operation, method, path, body, unit, reserved, actual, status, ref, day, created_at, updated_at, owner)
     VALUES ('gen3d', 'live', 'https://api.meshy.ai', 'textTo3d.create', 'POST', '/openapi/v2/text-to-3d', '{}', 'credits', 20, 20, 'sent', 'task-old', '2026-11-20', ?, ?, NULL)`,
    T,
    T,
  );
  run(
    `INSERT INTO tasks (id, service, create_path, mode, base_url, parent_id, request, created_at, updated_at, status, record, archived, spend_id, type, search)
     VALUES ('task-old', 'gen3d', '/openapi/v2/text-to-3d', 'live', 'https://api.meshy.ai', NULL, ?, ?, ?, 'SUCCEEDED', ?, 1, 1, 'text-to-3d-preview', ?)`,
    JSON.stringify({ mode: 'preview', prompt: record.prompt }),
    T,
    T,
    JSON.stringify(record),
    `task-old ${record.prompt}`,
  );
  run(
    `INSERT INTO assets (task_id, key, upstream_url, file, content_type, size, state, attempts, archived_at) VALUES ('task-old', 'model_urls.glb', ?, '/data/archive/model.glb', 'model/gltf-binary', 2048, 'archived', 1, ?)`,
    record.model_urls.glb,
    T,
  );
  run(`INSERT INTO balances (service, mode, at, balance) VALUES ('gen3d', 'live', ?, 1000)`, T);
  run(`INSERT INTO balances (service, mode, at, balance) VALUES ('gen3d', 'live', ?, 980)`, T);
  run(`INSERT INTO spend_limits (service, unit, daily, per_write, updated_at) VALUES ('gen3d', 'credits', 100, 30, ?)`, T);
  run(`INSERT INTO console_settings (key, value, updated_at) VALUES ('archive.retentionDays', '7', ?)`, T);
  run(`INSERT INTO console_processes (id, host, pid, started_at, expires_at) VALUES ('proc-1', 'host', 42, ?, ?)`, T, T + 30_000);
  run(
    `INSERT INTO task_payments (mode, base_url, payment_id, pool_task_id, payer, payee, amount, currency, reason, spend_id, created_at)
     VALUES ('sandbox', 'sandbox', 'pay-1', 'pool-1', 'agent-a', 'agent-b', 5, 'USD', NULL, NULL, ?)`,
    T,
  );
  run(
    `INSERT INTO social_console_jobs (id, mode, base_url, tool_type, target_key, target, request, status, created_at, finished_at, total_rows, new_rows, schedule_id)
     VALUES ('job-1', 'sandbox', 'sandbox', 'follower_explorer', 'follower_explorer:@ada', '@ada', '{"toolType":"follower_explorer","targetUsername":"ada"}', 'completed', ?, ?, 2, 2, 'sch_1')`,
    T,
    T,
  );
  run(`INSERT INTO social_seen (mode, target_key, row_id, job_id) VALUES ('sandbox', 'follower_explorer:@ada', 'u1', 'job-1'), ('sandbox', 'follower_explorer:@ada', 'u2', 'job-1')`);
  run(
    `INSERT INTO social_schedules (id, request, every_hours, active, next_run_at, last_run_at, last_job_id, last_error, created_at)
     VALUES ('sch_1', '{"toolType":"follower_explorer","targetUsername":"ada"}', 6, 1, ?, ?, 'job-1', NULL, ?)`,
    T + 6 * 3600_000,
    T,
    T,
  );
  run(`INSERT INTO social_received (id, hook_id, webhook_id, received_at, verdict, reason, event_type, event_id, delivery_id, body) VALUES ('rcv_1', 'h1', 'w1', ?, 'verified', NULL, 'tweet.new', 'e1', 'd1', '{}')`, T);
  run(`INSERT INTO hook_nonces (nonce, expires_at) VALUES ('nonce-1', ?)`, T + 300_000);
  old.close();
}


/** Each table with its columns, and the names of its indexes and triggers: what a schema is, whoever made it. */
async function schemaOf(db: TriptychDb) {
  const objects = await db.root
    .withTables<{ sqlite_master: { type: string; name: string; tbl_name: string } }>()
    .selectFrom('sqlite_master')
    .select(['type', 'name', 'tbl_name'])
    .where('name', 'not like', 'sqlite_%')
    .where('name', 'not like', 'kysely_%')
    .where('name', 'not like', 'tasks_fts_%')
    .orderBy('name')
    .execute();
  const columns: Record<string, string[]> = {};
  for (const t of objects.filter((o) => o.type === 'table')) {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${t.name})`.execute(db.root);
    columns[t.name] = rows.map((r) => r.name);
  }
  return { objects: objects.map((o) => `${o.type} ${o.name} on ${o.tbl_name}`), columns };
}


describe('the BFF database under kysely', () => {
  it('opens a database made before kysely with every row kept, and runs the migrations added since', async () => {
    const dir = dataDir();
    makeOldDatabase(dir);
    const db = await openDb(dir);
    try {
      expect(await doneMigrations(db)).toEqual(Object.keys(migrations));
      const s = stores(db);
      expect(await s.tasks.get('task-old')).toMatchObject({ status: 'SUCCEEDED', archived: 1, spend_id: 1, type: 'text-to-3d-preview' });
      expect(await s.files.list('task-old')).toEqual([expect.objectContaining({ key: 'model_urls.glb', state: 'archived', size: 2048, attempts: 1 })]);
      expect(await s.files.usage()).toMatchObject({ files: 1, bytes: 2048, tasks: 1 });
      // The text index and the counts the old triggers kept answer as before.
      const found = await s.pages.page({ q: 'astrolabe' }, (r) => ({ id: r.id }) as never);
      expect(found?.tasks).toEqual([{ id: 'task-old' }]);
      expect(await s.pages.summary('gen3d')).toMatchObject({ total: 1, byStatus: { SUCCEEDED: 1 } });
      expect(await s.spends.totals('gen3d', 'live', 'credits', T)).toMatchObject({ total: 20, today: 20, writes: 1 });
      expect(await s.spends.limit('gen3d')).toMatchObject({ daily: 100, perWrite: 30 });
      // 0012 numbered the balances in the order they were written: the last one is still the last.
      expect((await s.balances.history('gen3d', 'live')).points).toEqual([
        { at: T, balance: 1000 },
        { at: T, balance: 980 },
      ]);
      expect(await s.balances.record('gen3d', 'live', 980, T + 1)).toBe(false);
      expect(await new ConsoleSettings(db).get('archive.retentionDays')).toBe('7');
      expect((await ConnectionSettings.open(db, () => false)).get('gen3d')).toMatchObject({ mode: 'live', baseUrl: 'https://api.meshy.ai', updatedAt: T });
      expect(await s.payments.forTask({ mode: 'sandbox', baseUrl: 'sandbox' }, 'pool-1')).toEqual([expect.objectContaining({ paymentId: 'pay-1', amount: 5, currency: 'USD' })]);
      const book = new JobBook(db);
      expect(await book.list('sandbox')).toEqual([expect.objectContaining({ id: 'job-1', newRows: 2, firstRun: true, scheduleId: 'sch_1' })]);
      const job = await book.raw('sandbox', 'job-1');
      expect(job && [...(await book.firstSeenIn(job, ['u1', 'u2', 'u3']))].sort()).toEqual(['u1', 'u2']);
      expect((await new ReceivedLog(db).list({ before: null, limit: 10 })).deliveries).toEqual([expect.objectContaining({ id: 'rcv_1', verdict: 'verified' })]);
      expect(await new NonceStore(db).take('nonce-1', T + 600_000, T)).toBe(false);
      // The keyset indexes end with the id (0011): a page is read from the index, with no sort.
      const plan = (await s.pages.plan({ status: 'SUCCEEDED' })).join(' | ');
      expect(plan).toMatch(/USING INDEX tasks_status/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
      // The triggers still keep the day sums: a new write counts.
      const op = { id: 'textTo3d.create', service: 'gen3d', summary: 'create a text-to-3D task', method: 'POST', path: '/openapi/v2/text-to-3d', kind: 'create' } as const;
      expect(await s.spends.reserve({ op, mode: 'live', baseUrl: 'https://api.meshy.ai', path: op.path, body: {}, price: { min: 20, max: 20 }, unit: 'credits', at: T })).toMatchObject({ ok: true, id: 2 });
      expect(await s.spends.spentOn('gen3d', 'live', 'credits', '2026-11-20')).toBe(40);
    } finally {
      await db.close();
    }
  });

  it('makes a fresh database with the same tables, columns, indexes and triggers as an adopted one', async () => {
    const oldDir = dataDir();
    makeOldDatabase(oldDir);
    const adopted = await openDb(oldDir);
    const fresh = await openDb(dataDir());
    try {
      expect(await doneMigrations(fresh)).toEqual(Object.keys(migrations));
      expect(await schemaOf(fresh)).toEqual(await schemaOf(adopted));
      // A fresh file is never taken for one of the runner's.
      const { rows } = await sql<{ user_version: number }>`pragma user_version`.execute(fresh.root);
      expect(rows[0]?.user_version).toBe(0);
    } finally {
      await adopted.close();
      await fresh.close();
    }
  });

  it('opens a database again without running anything twice, its rows kept', async () => {
    const dir = dataDir();
    const first = await openDb(dir);
    await stores(first).tasks.insert({ id: 't1', createPath: '/openapi/v2/text-to-3d', mode: 'sandbox', baseUrl: 'sandbox', parentId: null, request: {}, record: { id: 't1' }, at: T });
    await first.close();
    const again = await openDb(dir);
    try {
      expect(await doneMigrations(again)).toEqual(Object.keys(migrations));
      expect(await stores(again).tasks.get('t1')).toMatchObject({ id: 't1', status: 'PENDING' });
    } finally {
      await again.close();
    }
  });

  it('refuses a database from a newer console instead of guessing, and changes nothing', async () => {
    const dir = dataDir();
    const newer = openSqliteFile(join(dir, 'triptych.db'));
    newer.pragma(`user_version = ${Object.keys(migrations).length + 5}`);
    newer.close();
    await expect(openDb(dir)).rejects.toThrow(/made by a newer console .*Start the newer console, or restore a backup/);
  });
});

describe('the other databases under kysely', () => {
  it('agentnet.db made before kysely keeps its receivers, deliveries and setting', async () => {
    const dir = dataDir();
    const old = openSqlite(join(dir, 'agentnet.db'), runnerAgentnetMigrations);
    old.prepare(`INSERT INTO hooks (hook_id, label, secret, created_at) VALUES ('hk_1', 'Subnet events', 'whsec_x', ?)`).run(T);
    old.prepare(`INSERT INTO hook_deliveries (hook_id, received_at, verified, event, body) VALUES ('hk_1', ?, 1, 'task.created', '{}')`).run(T);
    old.prepare(`INSERT INTO settings (key, value) VALUES ('outbound.allow_private', '1')`).run();
    old.close();
    const store = await AgentnetStore.open(dir);
    try {
      expect(await store.hooks()).toEqual([expect.objectContaining({ hook_id: 'hk_1', secret: 'whsec_x' })]);
      expect(await store.deliveries({ limit: 10 })).toEqual([expect.objectContaining({ id: 1, hookId: 'hk_1', verified: true, event: 'task.created' })]);
      expect(store.setting('outbound.allow_private')).toBe('1');
    } finally {
      await store.close();
    }
  });

  it('auth.db made before kysely keeps the failed sign-ins: a locked address stays locked', async () => {
    const dir = dataDir();
    const keys = tryKeys('203.0.113.7', 'ops@example.com');
    const old = openSqlite(join(dir, 'auth.db'), runnerThrottleMigrations);
    for (let i = 0; i < 10; i++) old.prepare(`INSERT INTO password_failure (key, at) VALUES (?, ?)`).run(keys.address, T - i);
    old.close();
    const root = openSqliteKysely<ThrottleDatabase>(join(dir, 'auth.db'));
    await migrateToLatest(root, throttleMigrations);
    const db = new Db(root, sqliteDialect);
    try {
      expect(await new Throttle(db, () => T + 1000).attempt(keys)).toMatchObject({ ok: false, by: 'address' });
      expect(await new Throttle(db, () => T + 1000).attempt(tryKeys('203.0.113.8', 'other@example.com'))).toMatchObject({ ok: true });
    } finally {
      await db.close();
    }
  });
});
