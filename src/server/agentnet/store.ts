import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite, type Db } from '../../node-lib/sqlite';
import type { HookDelivery } from '../../contracts/agentnet';
import { REFUSED, refusedCutoff } from '../hooks/refused';

/**
 * The BFF's own agent-network state, in its own SQLite file (`agentnet.db` in DATA_DIR, mode
 * 0600: it holds receiver secrets): the webhook receivers it offers, the log of every delivery
 * they got (refused ones bounded), the deliveries answered 2xx (to refuse their replays), and the
 * outbound setting of operator-named destinations.
 */
const migrations = [
  `CREATE TABLE hooks (hook_id TEXT PRIMARY KEY, label TEXT NOT NULL, secret TEXT NOT NULL, created_at INTEGER NOT NULL);
   CREATE TABLE hook_deliveries (
     id INTEGER PRIMARY KEY AUTOINCREMENT, hook_id TEXT NOT NULL, received_at INTEGER NOT NULL, verified INTEGER NOT NULL, refusal TEXT,
     signature_header TEXT, event TEXT, webhook_id TEXT, task_id TEXT, subnet_id TEXT, org_id TEXT, data TEXT, body TEXT NOT NULL);
   CREATE INDEX hook_deliveries_event ON hook_deliveries (event, id);
   CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  // Refused deliveries are pruned (hooks/refused.ts); each delivery answered 2xx is remembered by its
  // body's SHA-256, so a replay of it is refused.
  `CREATE INDEX hook_deliveries_refused ON hook_deliveries (id) WHERE verified = 0;
   CREATE TABLE hook_answered (hook_id TEXT NOT NULL, body_sha256 TEXT NOT NULL, webhook_id TEXT, answered_at INTEGER NOT NULL, PRIMARY KEY (hook_id, body_sha256));`,
];

export type HookRow = { hook_id: string; label: string; secret: string; created_at: number };
type DeliveryRow = { id: number; hook_id: string; received_at: number; verified: number; refusal: string | null; signature_header: string | null; event: string | null; webhook_id: string | null; task_id: string | null; subnet_id: string | null; org_id: string | null; data: string | null; body: string };

const toDelivery = (r: DeliveryRow): HookDelivery => ({
  id: r.id,
  hookId: r.hook_id,
  receivedAt: r.received_at,
  verified: r.verified === 1,
  refusal: r.refusal,
  signatureHeader: r.signature_header,
  event: r.event,
  webhookId: r.webhook_id,
  taskId: r.task_id,
  subnetId: r.subnet_id,
  orgId: r.org_id,
  data: r.data === null ? null : (JSON.parse(r.data) as unknown),
  body: r.body,
});

export class AgentnetStore {
  readonly db: Db;
  constructor(dataDir: string) {
    const file = join(dataDir, 'agentnet.db');
    this.db = openSqlite(file, migrations);
    if (existsSync(file)) chmodSync(file, 0o600);
  }

  hooks(): HookRow[] {
    return this.db.prepare(`SELECT * FROM hooks ORDER BY created_at DESC`).all() as HookRow[];
  }
  hook(id: string): HookRow | undefined {
    return this.db.prepare(`SELECT * FROM hooks WHERE hook_id = ?`).get(id) as HookRow | undefined;
  }
  addHook(row: HookRow) {
    this.db.prepare(`INSERT INTO hooks (hook_id, label, secret, created_at) VALUES (@hook_id, @label, @secret, @created_at)`).run(row);
  }
  removeHook(id: string): boolean {
    this.db.prepare(`DELETE FROM hook_answered WHERE hook_id = ?`).run(id);
    return this.db.prepare(`DELETE FROM hooks WHERE hook_id = ?`).run(id).changes > 0;
  }
  /**
   * Logs a verified delivery and remembers its body as answered, in one transaction; null when
   * that body was answered before (a replay: the signature covers the body alone, so the body is
   * what identifies a delivery).
   */
  logAnswered(d: Omit<HookDelivery, 'id'>, bodySha256: string): HookDelivery | null {
    return this.db.transaction(() => {
      const first = this.db.prepare(`INSERT OR IGNORE INTO hook_answered (hook_id, body_sha256, webhook_id, answered_at) VALUES (?, ?, ?, ?)`).run(d.hookId, bodySha256, d.webhookId, d.receivedAt).changes === 1;
      return first ? this.logDelivery(d) : null;
    })();
  }
  /** Drops refused deliveries older than the retention, and all but the newest `REFUSED.keep`. */
  pruneRefused(now: number): number {
    return this.db
      .prepare(
        `DELETE FROM hook_deliveries WHERE verified = 0 AND (received_at < ?
           OR id <= (SELECT id FROM hook_deliveries WHERE verified = 0 ORDER BY id DESC LIMIT 1 OFFSET ?))`,
      )
      .run(refusedCutoff(now), REFUSED.keep).changes;
  }
  deliveryCount(hookId: string): number {
    return (this.db.prepare(`SELECT COUNT(*) AS n FROM hook_deliveries WHERE hook_id = ?`).get(hookId) as { n: number }).n;
  }

  logDelivery(d: Omit<HookDelivery, 'id'>): HookDelivery {
    const info = this.db
      .prepare(
        `INSERT INTO hook_deliveries (hook_id, received_at, verified, refusal, signature_header, event, webhook_id, task_id, subnet_id, org_id, data, body)
         VALUES (@hookId, @receivedAt, @verified, @refusal, @signatureHeader, @event, @webhookId, @taskId, @subnetId, @orgId, @data, @body)`,
      )
      .run({ ...d, verified: d.verified ? 1 : 0, data: d.data === null ? null : JSON.stringify(d.data) });
    if (!d.verified) this.pruneRefused(d.receivedAt);
    return { ...d, id: Number(info.lastInsertRowid) };
  }

  /** Deliveries, newest first, filtered by event name (exact, or a prefix ending in `.`/`*`) and receiver. */
  deliveries(filter: { event?: string; hookId?: string; before?: number; limit: number }): HookDelivery[] {
    const where: string[] = [];
    const args: unknown[] = [];
    if (filter.event) {
      const prefix = filter.event.replace(/\*$/, '');
      where.push(prefix.endsWith('.') ? `event LIKE ? || '%'` : 'event = ?');
      args.push(prefix);
    }
    if (filter.hookId) {
      where.push('hook_id = ?');
      args.push(filter.hookId);
    }
    if (filter.before) {
      where.push('id < ?');
      args.push(filter.before);
    }
    const sql = `SELECT * FROM hook_deliveries ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
    return (this.db.prepare(sql).all(...args, filter.limit) as DeliveryRow[]).map(toDelivery);
  }

  setting(key: string): string | null {
    return (this.db.prepare(`SELECT value FROM settings WHERE key = ?`).get(key) as { value: string } | undefined)?.value ?? null;
  }
  setSetting(key: string, value: string) {
    this.db.prepare(`INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`).run(key, value);
  }

  close() {
    this.db.close();
  }
}
