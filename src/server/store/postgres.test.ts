import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionSettings } from '../connections/settings';
import { JobBook } from '../social/jobs';
import { ReceivedLog } from '../social/received-log';
import { NonceStore } from '../social/signature';
import { SpendLog } from '../spend/spend-log';
import { startPostgres, type TestPostgres } from '../testing/postgres';
import { ConsoleSettings } from './console-settings';
import { openDbUrl, type TriptychDb } from './db';
import { migrations } from './migrations';
import { doneMigrations, stores } from './testing/stores';

/*
 * The BFF's tables on PostgreSQL (team mode, `DATABASE_URL`): the same migrations and the same
 * stores as on SQLite (store/migrations.test.ts holds SQLite), on a PostgreSQL server the test
 * starts in a temporary directory (src/server/testing/postgres.ts).
 */

let server: TestPostgres;
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(() => server?.stop());

const T = Date.UTC(2026, 10, 20, 12);
const op = { id: 'textTo3d.create', service: 'gen3d', summary: 'create a text-to-3D task', method: 'POST', path: '/openapi/v2/text-to-3d', kind: 'create' } as const;
const reserve = (spends: SpendLog, price: number) =>
  spends.reserve({ op, mode: 'live', baseUrl: 'https://api.meshy.ai', path: op.path, body: {}, price: { min: price, max: price }, unit: 'credits', at: T });



async function withDb<T>(fn: (db: TriptychDb, url: string) => Promise<T>): Promise<T> {
  const url = await server.newDatabase();
  const db = await openDbUrl(url);
  try {
    return await fn(db, url);
  } finally {
    await db.close();
  }
}

describe('the BFF database on PostgreSQL', () => {
  it('migrates an empty database to the latest schema, and opening it again runs nothing twice', async () => {
    await withDb(async (db, url) => {
      expect(await doneMigrations(db)).toEqual(Object.keys(migrations));
      await stores(db).tasks.insert({ id: 't1', createPath: '/openapi/v2/text-to-3d', mode: 'sandbox', baseUrl: 'sandbox', parentId: null, request: {}, record: { id: 't1' }, at: T });
      const again = await openDbUrl(url);
      try {
        expect(await doneMigrations(again)).toEqual(Object.keys(migrations));
        expect(await stores(again).tasks.get('t1')).toMatchObject({ id: 't1', status: 'PENDING', created_at: T });
      } finally {
        await again.close();
      }
    });
  });

  it('keeps the ledger, its pages, text search and counts, files, spend sums, balances and settings as SQLite does', async () => {
    await withDb(async (db) => {
      const s = stores(db);
      const record = { id: 'task-1', type: 'text-to-3d-preview', status: 'SUCCEEDED', prompt: 'a weathered bronze Astrolabe', model_urls: { glb: 'https://assets.meshy.ai/t/model.glb' }, consumed_credits: 20 };
      await s.tasks.insert({ id: 'task-1', createPath: '/openapi/v2/text-to-3d', mode: 'live', baseUrl: 'https://api.meshy.ai', parentId: null, request: { mode: 'preview', prompt: record.prompt }, record: { id: 'task-1', status: 'PENDING' }, at: T });
      await s.tasks.insert({ id: 'task-2', createPath: '/openapi/v2/text-to-3d', mode: 'live', baseUrl: 'https://api.meshy.ai', parentId: null, request: { mode: 'preview', prompt: 'a lamp' }, record: { id: 'task-2', status: 'PENDING' }, at: T + 1 });
      expect(await s.pages.summary('gen3d')).toMatchObject({ total: 2, byStatus: { PENDING: 2 } });
      expect(await s.tasks.updateRecord('task-1', record, 'SUCCEEDED', T + 10)).toBe(true);
      // The counts follow a change of status (the trigger functions), the text index any case.
      expect(await s.pages.summary('gen3d')).toMatchObject({ total: 2, byStatus: { PENDING: 1, SUCCEEDED: 1 } });
      const found = await s.pages.page({ q: 'astrolabe' }, (r) => ({ id: r.id }) as never);
      expect(found?.tasks).toEqual([{ id: 'task-1' }]);
      const newest = await s.pages.page({}, (r) => ({ id: r.id }) as never);
      expect(newest?.tasks).toEqual([{ id: 'task-2' }, { id: 'task-1' }]);
      const files = await s.files.list('task-1');
      expect(files.map((f) => f.key)).toContain('model_urls.glb');
      await s.files.setFile('task-1', 'model_urls.glb', '/data/archive/model.glb', 'model/gltf-binary', 2048, T + 20);
      expect(await s.files.usage()).toMatchObject({ files: 1, bytes: 2048, tasks: 1 });

      // Spend: the day's sums kept by the trigger function, settled to the charge.
      await s.spends.setLimit('gen3d', 'credits', { daily: 100, perWrite: 30 }, T);
      const first = await reserve(s.spends, 20);
      expect(first).toMatchObject({ ok: true });
      if (!first.ok) return;
      await s.spends.sent(first.id, 'task-1', T, 15);
      expect(await s.spends.totals('gen3d', 'live', 'credits', T)).toMatchObject({ total: 15, today: 15, writes: 1 });
      expect(await reserve(s.spends, 40)).toMatchObject({ ok: false, error: { code: 'spend_limit' } });
      expect(await s.spends.limit('gen3d')).toMatchObject({ daily: 100, perWrite: 30 });

      expect(await s.balances.record('gen3d', 'live', 1000, T)).toBe(true);
      expect(await s.balances.record('gen3d', 'live', 980, T)).toBe(true);
      expect((await s.balances.history('gen3d', 'live')).points).toEqual([
        { at: T, balance: 1000 },
        { at: T, balance: 980 },
      ]);
      const settings = new ConsoleSettings(db);
      await settings.save('archive.retentionDays', '7', T);
      expect(await settings.get('archive.retentionDays')).toBe('7');
      const connections = await ConnectionSettings.open(db, () => false);
      await connections.set('gen3d', 'live', 'https://api.meshy.ai', T);
      expect((await ConnectionSettings.open(db, () => false)).get('gen3d')).toMatchObject({ mode: 'live', baseUrl: 'https://api.meshy.ai', updatedAt: T });
      expect(await new NonceStore(db).take('nonce-1', T + 600_000, T)).toBe(true);
      expect(await new NonceStore(db).take('nonce-1', T + 600_000, T)).toBe(false);
      expect(await new JobBook(db).list('sandbox')).toEqual([]);
      expect((await new ReceivedLog(db).list({ before: null, limit: 10 })).deliveries).toEqual([]);
    });
  });

  it('20 writes at once from two console processes against a daily limit of 100: exactly 10 recorded, 100 spent', async () => {
    await withDb(async (one, url) => {
      const two = await openDbUrl(url);
      try {
        const a = new SpendLog(one);
        const b = new SpendLog(two);
        await a.setLimit('gen3d', 'credits', { daily: 100 }, T);
        const results = await Promise.all(Array.from({ length: 20 }, (_, i) => reserve(i % 2 ? a : b, 10)));
        expect(results.filter((r) => r.ok)).toHaveLength(10);
        expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error.code)).toEqual(Array(10).fill('spend_limit'));
        expect(await b.spentOn('gen3d', 'live', 'credits', '2026-11-20')).toBe(100);
        expect(await a.sending('gen3d')).toHaveLength(10);
      } finally {
        await two.close();
      }
    });
  });
});
