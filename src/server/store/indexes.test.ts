import type { CompiledQuery } from 'kysely';
import { expect, it } from 'vitest';
import { backfillSpends } from '../spend/backfill';
import { SpendLog } from '../spend/spend-log';
import { openDbFile } from './db';
import { queryPlan } from './sqlite';
import { TaskFiles } from './task-files';
import { TaskStore } from './tasks';

const T = Date.UTC(2026, 10, 20, 12);

it('the reads run at start-up and by the archive and the reconciler are served by their partial indexes, never a scan of the ledger', async () => {
  const queries: CompiledQuery[] = [];
  const db = await openDbFile(':memory:', (q) => queries.push(q));
  try {
    const files = new TaskFiles(db);
    const tasks = new TaskStore(db, files);
    const spends = new SpendLog(db);
    for (let i = 0; i < 50; i++) {
      await tasks.insert({ id: `t${i}`, createPath: '/openapi/v2/text-to-3d', mode: 'sandbox', baseUrl: 'sandbox', parentId: null, request: {}, record: { id: `t${i}` }, at: T + i, spendId: i });
    }
    queries.length = 0;
    await tasks.unfinished();
    await files.dueRetries(T);
    await files.archivedBefore(T);
    await spends.sending();
    await spends.sending('gen3d');
    await backfillSpends(db);
    expect(queries.length).toBeGreaterThanOrEqual(6);
    for (const q of queries.filter((x) => /^(select|with|update|delete)\b/.test(x.sql))) {
      const plan = (await queryPlan(db.root, q)).join(' | ');
      expect(plan, q.sql).not.toMatch(/\bSCAN (tasks|assets|spends)\b(?! USING)/);
    }
  } finally {
    await db.close();
  }
});
