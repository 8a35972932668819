import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
import type { HookDelivery } from '../../contracts/agentnet';
import { REFUSED, refusedCutoff } from '../hooks/refused';
import type { Db } from '../store/database';
import { openStore } from '../store/db';
import type { Migrations } from '../store/migrate';
import { autoId } from '../store/sqlite';

/** The tables of `agentnet.db` (flags are 0 or 1, times epoch milliseconds, `data` JSON text). */
export type AgentnetDatabase = {
  hooks: { hook_id: string; label: string; secret: string; created_at: number };
  hook_deliveries: {
    id: Generated<number>;
    hook_id: string;
    received_at: number;
    verified: number;
    refusal: string | null;
    signature_header: string | null;
    event: string | null;
    webhook_id: string | null;
    task_id: string | null;
    subnet_id: string | null;
    org_id: string | null;
    data: string | null;
    body: string;
  };
  hook_answered: { hook_id: string; body_sha256: string; webhook_id: string | null; answered_at: number };
  settings: { key: string; value: string };
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema of its time, not today's
type AnyDb = Kysely<any>;

/** The agent network's migrations: the first two are those the hand-written runner ran (adopted by `user_version`). */
export const agentnetMigrations: Migrations = {
  '0001_hooks': {
    async up(db: AnyDb) {
      await db.schema
        .createTable('hooks')
        .addColumn('hook_id', 'text', (c) => c.primaryKey())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('hook_deliveries')
        .addColumn('id', 'integer', autoId(db))
        .addColumn('hook_id', 'text', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('verified', 'integer', (c) => c.notNull())
        .addColumn('refusal', 'text')
        .addColumn('signature_header', 'text')
        .addColumn('event', 'text')
        .addColumn('webhook_id', 'text')
        .addColumn('task_id', 'text')
        .addColumn('subnet_id', 'text')
        .addColumn('org_id', 'text')
        .addColumn('data', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('hook_deliveries_event').on('hook_deliveries').columns(['event', 'id']).execute();
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Refused deliveries are pruned (hooks/refused.ts); each delivery answered 2xx is remembered by its
  // body's SHA-256, so a replay of it is refused.
  '0002_answered': {
    async up(db: AnyDb) {
      await db.schema.createIndex('hook_deliveries_refused').on('hook_deliveries').column('id').where(sql.ref('verified'), '=', 0).execute();
      await db.schema
        .createTable('hook_answered')
        .addColumn('hook_id', 'text', (c) => c.notNull())
        .addColumn('body_sha256', 'text', (c) => c.notNull())
        .addColumn('webhook_id', 'text')
        .addColumn('answered_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('hook_answered_pk', ['hook_id', 'body_sha256'])
        .execute();
    },
  },
};

export type HookRow = Selectable<AgentnetDatabase['hooks']>;
type DeliveryRow = Selectable<AgentnetDatabase['hook_deliveries']>;

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

/**
 * The BFF's own agent-network state, in its own database file (`agentnet.db` in DATA_DIR, mode
 * 0600: it holds receiver secrets): the webhook receivers it offers, the log of every delivery
 * they got (refused ones bounded), the deliveries answered 2xx (to refuse their replays), and the
 * outbound setting of operator-named destinations (kept in memory too: this store is its only writer).
 */
export class AgentnetStore {
  /** `settings`: the saved settings, read once (AgentnetStore.open reads them from the file). */
  constructor(
    readonly db: Db<AgentnetDatabase>,
    private readonly settings: Map<string, string>,
  ) {}

  /** `agentnet.db` in `dataDir`, or the `agentnet` schema of the PostgreSQL database at `databaseUrl` (team mode). */
  static async open(dataDir: string, databaseUrl?: string): Promise<AgentnetStore> {
    const file = join(dataDir, 'agentnet.db');
    const db = await openStore<AgentnetDatabase>(databaseUrl ? { url: databaseUrl, schema: 'agentnet' } : { file }, agentnetMigrations);
    if (!databaseUrl && existsSync(file)) chmodSync(file, 0o600);
    const settings = await db.q.selectFrom('settings').selectAll().execute();
    return new AgentnetStore(db, new Map(settings.map((s) => [s.key, s.value])));
  }

  hooks(): Promise<HookRow[]> {
    return this.db.q.selectFrom('hooks').selectAll().orderBy('created_at', 'desc').execute();
  }
  hook(id: string): Promise<HookRow | undefined> {
    return this.db.q.selectFrom('hooks').selectAll().where('hook_id', '=', id).executeTakeFirst();
  }
  async addHook(row: HookRow): Promise<void> {
    await this.db.q.insertInto('hooks').values(row).execute();
  }
  removeHook(id: string): Promise<boolean> {
    return this.db.transaction(async () => {
      await this.db.q.deleteFrom('hook_answered').where('hook_id', '=', id).execute();
      const res = await this.db.q.deleteFrom('hooks').where('hook_id', '=', id).executeTakeFirst();
      return res.numDeletedRows > 0n;
    });
  }
  /**
   * Logs a verified delivery and remembers its body as answered, in one transaction; null when
   * that body was answered before (a replay: the signature covers the body alone, so the body is
   * what identifies a delivery).
   */
  logAnswered(d: Omit<HookDelivery, 'id'>, bodySha256: string): Promise<HookDelivery | null> {
    return this.db.transaction(async () => {
      const res = await this.db.q
        .insertInto('hook_answered')
        .values({ hook_id: d.hookId, body_sha256: bodySha256, webhook_id: d.webhookId, answered_at: d.receivedAt })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return res.numInsertedOrUpdatedRows === 1n ? this.logDelivery(d) : null;
    });
  }
  /** Drops refused deliveries older than the retention, and all but the newest `REFUSED.keep`. */
  async pruneRefused(now: number): Promise<number> {
    const q = this.db.q;
    const res = await q
      .deleteFrom('hook_deliveries')
      .where('verified', '=', sql.lit(0))
      .where((eb) =>
        eb.or([
          eb('received_at', '<', refusedCutoff(now)),
          eb('id', '<=', q.selectFrom('hook_deliveries').select('id').where('verified', '=', sql.lit(0)).orderBy('id', 'desc').limit(1).offset(REFUSED.keep)),
        ]),
      )
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
  async deliveryCount(hookId: string): Promise<number> {
    const row = await this.db.q
      .selectFrom('hook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('hook_id', '=', hookId)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  async logDelivery(d: Omit<HookDelivery, 'id'>): Promise<HookDelivery> {
    const row = await this.db.q
      .insertInto('hook_deliveries')
      .values({
        hook_id: d.hookId,
        received_at: d.receivedAt,
        verified: d.verified ? 1 : 0,
        refusal: d.refusal,
        signature_header: d.signatureHeader,
        event: d.event,
        webhook_id: d.webhookId,
        task_id: d.taskId,
        subnet_id: d.subnetId,
        org_id: d.orgId,
        data: d.data === null ? null : JSON.stringify(d.data),
        body: d.body,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!d.verified) await this.pruneRefused(d.receivedAt);
    return { ...d, id: row.id };
  }

  /** Deliveries, newest first, filtered by event name (exact, or a prefix ending in `.`/`*`) and receiver. */
  async deliveries(filter: { event?: string; hookId?: string; before?: number; limit: number }): Promise<HookDelivery[]> {
    let q = this.db.q.selectFrom('hook_deliveries').selectAll();
    if (filter.event) {
      const prefix = filter.event.replace(/\*$/, '');
      q = prefix.endsWith('.') ? q.where('event', 'like', `${prefix}%`) : q.where('event', '=', prefix);
    }
    if (filter.hookId) q = q.where('hook_id', '=', filter.hookId);
    if (filter.before) q = q.where('id', '<', filter.before);
    const rows = await q.orderBy('id', 'desc').limit(filter.limit).execute();
    return rows.map(toDelivery);
  }

  setting(key: string): string | null {
    return this.settings.get(key) ?? null;
  }
  async setSetting(key: string, value: string): Promise<void> {
    await this.db.q
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
      .execute();
    this.settings.set(key, value);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
