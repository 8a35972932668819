import { expect, it } from 'vitest';
import { TaskFiles } from '../store/task-files';
import { TaskStore } from '../store/tasks';
import { openMemoryDb } from '../store/testing/memory-db';
import { backfillSpends } from './backfill';
import { SpendLog } from './spend-log';

const T = Date.UTC(2026, 10, 20, 12);

it('gives each task from before the spend ledger its own row, at its price and settled with its charge; imported tasks get none', async () => {
  const db = await openMemoryDb();
  try {
    const tasks = new TaskStore(db, new TaskFiles(db));
    const spends = new SpendLog(db);
    const add = async (id: string, status: string, extra: { imported?: boolean; consumed?: number } = {}) => {
      await tasks.insert({ id, createPath: '/openapi/v2/text-to-3d', mode: 'sandbox', baseUrl: 'sandbox', parentId: null, request: { mode: 'preview', prompt: id }, record: { id }, at: T, imported: extra.imported });
      await tasks.updateRecord(id, { id, type: 'text-to-3d-preview', status, consumed_credits: extra.consumed ?? null }, status, T + 1);
    };
    await add('done', 'SUCCEEDED', { consumed: 15 });
    await add('failed', 'FAILED', { consumed: 0 });
    await add('running', 'IN_PROGRESS');
    await add('brought-in', 'SUCCEEDED', { imported: true, consumed: 20 });
    expect(await backfillSpends(db)).toBe(3);
    const rowOf = async (id: string) => {
      const spendId = (await tasks.get(id))?.spend_id;
      return spendId == null ? null : await spends.get(spendId);
    };
    expect(await rowOf('done')).toMatchObject({ ref: 'done', status: 'sent', reserved: 20, actual: 15, day: '2026-11-20' });
    expect(await rowOf('failed')).toMatchObject({ ref: 'failed', actual: 0 });
    expect(await rowOf('running')).toMatchObject({ ref: 'running', actual: null });
    expect(await rowOf('brought-in')).toBeNull();
    expect(await spends.spentOn('gen3d', 'sandbox', 'credits', '2026-11-20')).toBe(35);
    // Once given, never again.
    expect(await backfillSpends(db)).toBe(0);
  } finally {
    await db.close();
  }
});
