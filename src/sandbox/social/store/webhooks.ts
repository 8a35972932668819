import type { Db } from '../../shared/db';

export type WebhookRow = {
  seq: number;
  id: string;
  account: string;
  url: string;
  secret: string;
  event_types: string;
  active: number;
  created_at: number;
  consecutive_failures: number;
  delivery_status: 'active' | 'paused' | 'needs_attention';
  deleted: number;
};

export type Attempt = { at: number; statusCode: number | null; error: string | null; durationMs: number };
export type DeliveryRow = {
  seq: number;
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed' | 'exhausted';
  attempts: number;
  created_at: number;
  next_attempt_at: number | null;
  delivered_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  log: string;
};

/** Webhooks (with their secrets, which only the create answer shows) and every delivery with its attempts. */
export class WebhookStore {
  constructor(private readonly db: Db) {}

  insert(w: Pick<WebhookRow, 'account' | 'url' | 'secret' | 'event_types' | 'created_at'>): WebhookRow {
    const info = this.db
      .prepare(`INSERT INTO social_webhooks (id, account, url, secret, event_types, active, created_at) VALUES ('', ?, ?, ?, ?, 1, ?)`)
      .run(w.account, w.url, w.secret, w.event_types, w.created_at);
    const id = String(6_400_000 + Number(info.lastInsertRowid));
    this.db.prepare(`UPDATE social_webhooks SET id = ? WHERE seq = ?`).run(id, info.lastInsertRowid);
    return this.get(w.account, id)!;
  }

  get(account: string, id: string): WebhookRow | undefined {
    return this.db.prepare(`SELECT * FROM social_webhooks WHERE account = ? AND id = ? AND deleted = 0`).get(account, id) as WebhookRow | undefined;
  }

  byId(id: string): WebhookRow | undefined {
    return this.db.prepare(`SELECT * FROM social_webhooks WHERE id = ?`).get(id) as WebhookRow | undefined;
  }

  list(account: string): WebhookRow[] {
    return this.db.prepare(`SELECT * FROM social_webhooks WHERE account = ? AND deleted = 0 ORDER BY seq DESC LIMIT 200`).all(account) as WebhookRow[];
  }

  update(id: string, fields: Partial<Pick<WebhookRow, 'url' | 'event_types' | 'active' | 'consecutive_failures' | 'delivery_status' | 'deleted'>>) {
    const keys = Object.keys(fields);
    if (keys.length) this.db.prepare(`UPDATE social_webhooks SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`).run(...Object.values(fields), id);
  }

  addDelivery(d: Pick<DeliveryRow, 'webhook_id' | 'event_id' | 'event_type' | 'body' | 'created_at' | 'next_attempt_at'>): DeliveryRow {
    const info = this.db
      .prepare(`INSERT INTO social_deliveries (id, webhook_id, event_id, event_type, body, status, created_at, next_attempt_at) VALUES ('', ?, ?, ?, ?, 'pending', ?, ?)`)
      .run(d.webhook_id, d.event_id, d.event_type, d.body, d.created_at, d.next_attempt_at);
    const id = String(8_500_000 + Number(info.lastInsertRowid));
    this.db.prepare(`UPDATE social_deliveries SET id = ? WHERE seq = ?`).run(id, info.lastInsertRowid);
    return this.delivery(id)!;
  }

  delivery(id: string): DeliveryRow | undefined {
    return this.db.prepare(`SELECT * FROM social_deliveries WHERE id = ?`).get(id) as DeliveryRow | undefined;
  }

  deliveries(webhookId: string, limit = 200): DeliveryRow[] {
    return this.db.prepare(`SELECT * FROM social_deliveries WHERE webhook_id = ? ORDER BY seq DESC LIMIT ?`).all(webhookId, limit) as DeliveryRow[];
  }

  /** Pending deliveries due by `now` whose webhook is active and not paused. */
  due(now: number, limit = 50): DeliveryRow[] {
    return this.db
      .prepare(
        `SELECT d.* FROM social_deliveries d JOIN social_webhooks w ON w.id = d.webhook_id
         WHERE d.status = 'pending' AND d.next_attempt_at <= ? AND w.active = 1 AND w.deleted = 0 AND w.delivery_status = 'active'
         ORDER BY d.next_attempt_at LIMIT ?`,
      )
      .all(now, limit) as DeliveryRow[];
  }

  /** Deliveries held while their webhook was paused go out again from `now`. */
  release(webhookId: string, now: number) {
    this.db.prepare(`UPDATE social_deliveries SET next_attempt_at = ? WHERE webhook_id = ? AND status = 'pending'`).run(now, webhookId);
  }

  recordAttempt(id: string, attempt: Attempt, next: Pick<DeliveryRow, 'status' | 'next_attempt_at' | 'delivered_at'>) {
    const d = this.delivery(id)!;
    const log = [...(JSON.parse(d.log) as Attempt[]), attempt];
    this.db
      .prepare(`UPDATE social_deliveries SET attempts = attempts + 1, status = ?, next_attempt_at = ?, delivered_at = ?, last_status_code = ?, last_error = ?, log = ? WHERE id = ?`)
      .run(next.status, next.next_attempt_at, next.delivered_at, attempt.statusCode, attempt.error, JSON.stringify(log), id);
  }
}
