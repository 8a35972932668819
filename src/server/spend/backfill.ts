import { gen3dRoutes, isTerminal } from '../../contracts/gen3d';
import { priceOf } from '../../contracts/routes';
import type { Db } from '../store/db';
import { compactBody, utcDay } from './ledger';

type Unlinked = {
  id: string;
  create_path: string;
  mode: string;
  base_url: string;
  request: string;
  record: string;
  status: string;
  created_at: number;
  updated_at: number;
};

/**
 * Tasks created before the spend ledger existed get their row (`sent`, at their create's price,
 * settled with what the service charged), so totals, the daily limit and the chart count them.
 * The partial index keeps the start-up check cheap once done. Imported tasks were paid where they
 * were made: they get none.
 */
export function backfillSpends(db: Db) {
  const rows = db
    .prepare(`SELECT id, create_path, mode, base_url, request, record, status, created_at, updated_at FROM tasks WHERE spend_id IS NULL AND imported = 0`)
    .all() as Unlinked[];
  if (rows.length === 0) return 0;
  const creates = new Map(gen3dRoutes.filter((op) => op.kind === 'create' && op.spend).map((op) => [op.path, op]));
  const insert = db.prepare(
    `INSERT INTO spends (service, mode, base_url, operation, method, path, body, unit, reserved, actual, status, ref, day, created_at, updated_at)
     VALUES ('gen3d', ?, ?, ?, 'POST', ?, ?, 'credits', ?, ?, 'sent', ?, ?, ?, ?)`,
  );
  const link = db.prepare(`UPDATE tasks SET spend_id = ? WHERE id = ?`);
  db.transaction(() => {
    for (const r of rows) {
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
      const res = insert.run(
        r.mode,
        r.base_url,
        op?.id ?? 'create',
        r.create_path,
        compactBody(request),
        price.max,
        actual,
        r.id,
        utcDay(r.created_at),
        r.created_at,
        r.updated_at,
      );
      link.run(Number(res.lastInsertRowid), r.id);
    }
  })();
  return rows.length;
}
