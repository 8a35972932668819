import { randomBytes } from 'node:crypto';
import type { ReceivedDelivery, Verdict } from '../../contracts/social';
import type { Db } from '../../node-lib/sqlite';
import { REFUSED, refusedCutoff } from '../hooks/refused';

type Row = { seq: number; id: string; hook_id: string; webhook_id: string | null; received_at: number; verdict: Verdict; reason: string | null; event_type: string | null; event_id: string | null; delivery_id: string | null; body: string };

/**
 * Every delivery the receiver got, kept in the BFF's SQLite; refused ones (for the live feed) only
 * the newest `REFUSED.keep`, for `REFUSED.keepDays` days.
 */
export class ReceivedLog {
  constructor(private readonly db: Db) {
    db.exec(`CREATE TABLE IF NOT EXISTS social_received (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, hook_id TEXT NOT NULL, webhook_id TEXT, received_at INTEGER NOT NULL,
      verdict TEXT NOT NULL, reason TEXT, event_type TEXT, event_id TEXT, delivery_id TEXT, body TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS social_received_verdict ON social_received (verdict, seq);`);
  }

  /** Drops refused deliveries older than the retention, and all but the newest `REFUSED.keep`. */
  pruneRefused(now: number): number {
    return this.db
      .prepare(
        `DELETE FROM social_received WHERE verdict = 'refused' AND (received_at < ?
           OR seq <= (SELECT seq FROM social_received WHERE verdict = 'refused' ORDER BY seq DESC LIMIT 1 OFFSET ?))`,
      )
      .run(refusedCutoff(now), REFUSED.keep).changes;
  }

  add(d: Omit<ReceivedDelivery, 'id'>): ReceivedDelivery {
    const id = `rcv_${randomBytes(8).toString('hex')}`;
    this.db
      .prepare(`INSERT INTO social_received (id, hook_id, webhook_id, received_at, verdict, reason, event_type, event_id, delivery_id, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(id, d.hookId, d.webhookId, d.receivedAt, d.verdict, d.reason, d.eventType, d.eventId, d.deliveryId, JSON.stringify(d.body ?? null));
    if (d.verdict === 'refused') this.pruneRefused(d.receivedAt);
    return { id, ...d };
  }

  /** Newest first, after the row with sequence `before`. */
  list(opts: { before: number | null; limit: number; verdict?: Verdict | undefined }): { deliveries: ReceivedDelivery[]; next: number | null } {
    const rows = this.db
      .prepare(`SELECT * FROM social_received WHERE (? IS NULL OR seq < ?) AND (? IS NULL OR verdict = ?) ORDER BY seq DESC LIMIT ?`)
      .all(opts.before, opts.before, opts.verdict ?? null, opts.verdict ?? null, opts.limit + 1) as Row[];
    const page = rows.slice(0, opts.limit);
    return {
      deliveries: page.map((r) => ({ id: r.id, hookId: r.hook_id, webhookId: r.webhook_id, receivedAt: r.received_at, verdict: r.verdict, reason: r.reason, eventType: r.event_type, eventId: r.event_id, deliveryId: r.delivery_id, body: JSON.parse(r.body) as unknown })),
      next: rows.length > opts.limit ? page[page.length - 1]!.seq : null,
    };
  }
}
