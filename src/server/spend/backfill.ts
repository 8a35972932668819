import { sql } from 'kysely';
import { gen3dRoutes, isTerminal } from '../../contracts/gen3d';
import { priceOf } from '../../contracts/routes';
import type { TriptychDb } from '../store/db';
import { compactBody, utcDay } from './spend-log';

/** Rows written per insert (15 values each, well under any database's limit of parameters). */
const BATCH = 500;

/**
 * Tasks created before the spend ledger existed get their row (`sent`, at their create's price,
 * settled with what the service charged), so totals, the daily limit and the chart count them.
 * The partial index keeps the start-up check cheap once done. Imported tasks were paid where they
 * were made: they get none.
 */
export async function backfillSpends(db: TriptychDb): Promise<number> {
  const rows = await db.q
    .selectFrom('tasks')
    .select(['id', 'create_path', 'mode', 'base_url', 'request', 'record', 'status', 'created_at', 'updated_at'])
    .where('spend_id', 'is', null)
    .where('imported', '=', sql.lit(0))
    .execute();
  if (rows.length === 0) return 0;
  const creates = new Map(gen3dRoutes.filter((op) => op.kind === 'create' && op.spend).map((op) => [op.path, op]));
  const spends = rows.map((r) => {
    const op = creates.get(r.create_path);
    const request = JSON.parse(r.request) as Record<string, unknown>;
    const price = (op?.spend && priceOf(op.spend, request)) || { min: 0, max: 0 };
    // Read directly (no schema): this runs once over every older task.
    const record = JSON.parse(r.record) as { consumed_credits?: unknown };
    const charged = Number(record.consumed_credits);
    const actual = !isTerminal(r.status)
      ? null
      : Number.isFinite(charged) && record.consumed_credits !== null
        ? charged
        : r.status === 'SUCCEEDED'
          ? price.max
          : 0;
    return {
      service: 'gen3d' as const,
      mode: r.mode,
      base_url: r.base_url,
      operation: op?.id ?? 'create',
      method: 'POST',
      path: r.create_path,
      body: compactBody(request),
      unit: 'credits',
      reserved: price.max,
      actual,
      status: 'sent' as const,
      ref: r.id,
      day: utcDay(r.created_at),
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
  await db.transaction(async () => {
    for (let i = 0; i < spends.length; i += BATCH) await db.q.insertInto('spends').values(spends.slice(i, i + BATCH)).execute();
    // Each task is linked to the row just written for it: the newest whose reference is the task's id.
    await db.q
      .updateTable('tasks')
      .set((eb) => ({
        spend_id: eb
          .selectFrom('spends')
          .select((s) => s.fn.max('spends.id').as('id'))
          .where('spends.service', '=', 'gen3d')
          .whereRef('spends.ref', '=', 'tasks.id'),
      }))
      .where('spend_id', 'is', null)
      .where('imported', '=', sql.lit(0))
      .execute();
  });
  return rows.length;
}
