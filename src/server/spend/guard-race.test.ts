import { afterEach, describe, expect, it } from 'vitest';
import type { SpendTotals } from '../../contracts/bff';
import type { SpendWrites } from '../../contracts/spend';
import { openMemoryDb } from '../store/testing/memory-db';
import { makeKit, previewBody, type Kit } from '../testing/kit';
import { SpendLog } from './spend-log';

const T = Date.UTC(2026, 10, 20, 12);
const op = { id: 'textTo3d.create', service: 'gen3d', summary: 'create a text-to-3D task', method: 'POST', path: '/openapi/v2/text-to-3d', kind: 'create' } as const;
/** Gives the event loop to every other write waiting (one turn), as an answer on its way would. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

let kit: Kit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

describe('the spend guard with writes at the same time', () => {
  it('20 writes of 10 credits at once against a daily limit of 100: exactly 10 recorded, 100 spent', async () => {
    const db = await openMemoryDb();
    try {
      const spends = new SpendLog(db);
      await spends.setLimit('gen3d', 'credits', { daily: 100 }, T);
      // Each write gives the others a turn between reading what today spent and recording itself:
      // the moment a second write could pass the same check, were the two not one transaction.
      const spentOn = spends.spentOn.bind(spends);
      spends.spentOn = async (...args) => {
        const spent = await spentOn(...args);
        await yieldTurn();
        return spent;
      };
      const results = await Promise.all(
        Array.from({ length: 20 }, () => spends.reserve({ op, mode: 'sandbox', baseUrl: 'sandbox', path: op.path, body: {}, price: { min: 10, max: 10 }, unit: 'credits', at: T })),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(10);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error.code)).toEqual(Array(10).fill('spend_limit'));
      expect(await spends.spentOn('gen3d', 'sandbox', 'credits', '2026-11-20')).toBe(100);
      expect(await spends.sending('gen3d')).toHaveLength(10);
    } finally {
      await db.close();
    }
  });

  it('20 creates at once through the console against a daily limit of 100 credits: 5 made, 15 refused before they leave', { timeout: 30_000 }, async () => {
    kit = await makeKit();
    const k = kit;
    await k.json('/api/spend/limits/gen3d', { method: 'PUT', json: { daily: 100 } });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => k.json<{ result?: string; error?: { code: string } }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody(`a racing chair ${i}`) })));
    expect(answers.filter((a) => a.status === 202)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error?.code)).toEqual(Array(15).fill('spend_limit'));
    expect((await k.json<SpendTotals>('/api/spend/totals?service=gen3d')).body.today).toBe(100);
    expect((await k.json<SpendWrites>('/api/spend/writes?service=gen3d')).body.writes).toHaveLength(5);
    expect(await k.ledgerTasks()).toHaveLength(5);
  });
});
