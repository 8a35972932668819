import { randomBytes } from 'node:crypto';
import type { ReceivedDelivery, Verdict } from '../../contracts/social';
import type { TriptychDb } from '../store/db';
import { REFUSED, refusedCutoff } from '../hooks/refused';

/**
 * Every delivery the receiver got, kept in the BFF's SQLite; refused ones (for the live feed) only
 * the newest `REFUSED.keep`, for `REFUSED.keepDays` days.
 */
export class ReceivedLog {
  constructor(private readonly db: TriptychDb) {}

  /** Drops refused deliveries older than the retention, and all but the newest `REFUSED.keep`. */
  async pruneRefused(now: number): Promise<number> {
    const q = this.db.q;
    const res = await q
      .deleteFrom('social_received')
      .where('verdict', '=', 'refused')
      .where((eb) =>
        eb.or([
          eb('received_at', '<', refusedCutoff(now)),
          eb('seq', '<=', q.selectFrom('social_received').select('seq').where('verdict', '=', 'refused').orderBy('seq', 'desc').limit(1).offset(REFUSED.keep)),
        ]),
      )
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async add(d: Omit<ReceivedDelivery, 'id'>): Promise<ReceivedDelivery> {
    const id = `rcv_${randomBytes(8).toString('hex')}`;
    await this.db.q
      .insertInto('social_received')
      .values({
        id,
        hook_id: d.hookId,
        webhook_id: d.webhookId,
        received_at: d.receivedAt,
        verdict: d.verdict,
        reason: d.reason,
        event_type: d.eventType,
        event_id: d.eventId,
        delivery_id: d.deliveryId,
        body: JSON.stringify(d.body ?? null),
      })
      .execute();
    if (d.verdict === 'refused') await this.pruneRefused(d.receivedAt);
    return { id, ...d };
  }

  /** Newest first, after the row with sequence `before`. */
  async list(opts: { before: number | null; limit: number; verdict?: Verdict | undefined }): Promise<{ deliveries: ReceivedDelivery[]; next: number | null }> {
    let q = this.db.q.selectFrom('social_received').selectAll();
    if (opts.before !== null) q = q.where('seq', '<', opts.before);
    if (opts.verdict) q = q.where('verdict', '=', opts.verdict);
    const rows = await q.orderBy('seq', 'desc').limit(opts.limit + 1).execute();
    const page = rows.slice(0, opts.limit);
    return {
      deliveries: page.map((r) => ({ id: r.id, hookId: r.hook_id, webhookId: r.webhook_id, receivedAt: r.received_at, verdict: r.verdict, reason: r.reason, eventType: r.event_type, eventId: r.event_id, deliveryId: r.delivery_id, body: JSON.parse(r.body) as unknown })),
      next: rows.length > opts.limit ? page[page.length - 1]!.seq : null,
    };
  }
}
