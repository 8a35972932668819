import { isIP } from 'node:net';
import { v6Groups } from '../../node-lib/net-address';
import type { Generated, Kysely } from 'kysely';
import type { Db } from '../store/database';
import type { Migrations } from '../store/migrate';
import { autoId } from '../store/sqlite';
import { replaceTable } from '../store/replace-table';

/**
 * Password tries that failed, per client address and per account, kept in `auth.db` so that every
 * console process on the same data directory counts them together: 10 in 15 minutes, and the next
 * try waits. One row per failed try, removed only when it is older than the window: however many
 * other addresses or accounts fail meanwhile, no count is ever cleared for lack of room.
 */
export type ThrottleDatabase = { password_failure: { id: Generated<number>; key: string; at: number } };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema of its time, not today's
type AnyDb = Kysely<any>;

/**
 * The console's own tables in `auth.db` (better-auth keeps its own migrations there): the first is
 * the one the hand-written runner ran (adopted by `user_version`).
 */
export const throttleMigrations: Migrations = {
  '0001_password_failure': {
    async up(db: AnyDb) {
      await db.schema.createTable('password_failure').ifNotExists().addColumn('key', 'text', (c) => c.notNull()).addColumn('at', 'bigint', (c) => c.notNull()).execute();
      await db.schema.createIndex('password_failure_key').ifNotExists().on('password_failure').columns(['key', 'at']).execute();
      await db.schema.createIndex('password_failure_at').ifNotExists().on('password_failure').column('at').execute();
    },
  },
  // Each failed try gets an id (a try let through is taken back by it, whatever the database).
  '0002_failure_ids': {
    async up(db: AnyDb) {
      await db.schema
        .createTable('password_failure_numbered')
        .addColumn('id', 'integer', autoId(db))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.insertInto('password_failure_numbered').columns(['key', 'at']).expression(db.selectFrom('password_failure').select(['key', 'at'])).execute();
      await replaceTable(db, 'password_failure', 'password_failure_numbered');
      await db.schema.createIndex('password_failure_key').on('password_failure').columns(['key', 'at']).execute();
      await db.schema.createIndex('password_failure_at').on('password_failure').column('at').execute();
    },
  },
};

export const FAILURE_LIMIT = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * The address a count is kept for: an IPv4 address itself (an IPv4-mapped IPv6 address is its
 * IPv4 address), an IPv6 address by its /64 (one host usually holds a whole /64 and can pick any
 * address in it).
 */
export function addressKey(ip: string): string {
  const bare = ip.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return bare.slice(0, 100);
  const g = v6Groups(bare);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return [(g[6] ?? 0) >> 8, (g[6] ?? 0) & 255, (g[7] ?? 0) >> 8, (g[7] ?? 0) & 255].join('.');
  return `${g.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}

/** What a password try is counted under: the client's address and the account it names. */
export const tryKeys = (ip: string, email: string) => ({ address: `address ${addressKey(ip)}`, account: `account ${email.trim().toLowerCase()}` });
export type TryKeys = ReturnType<typeof tryKeys>;

/** A try let through (with its rows, dropped when the password was right), or the seconds to wait and which count is full. */
export type Attempt = { ok: true; rows: number[] } | { ok: false; wait: number; by: keyof TryKeys };

export class Throttle {
  constructor(
    readonly db: Db<ThrottleDatabase>,
    private readonly now: () => number,
    private readonly limit = FAILURE_LIMIT,
    private readonly windowMs = FAILURE_WINDOW_MS,
  ) {}

  /** Seconds until `key` may try again: until the oldest of its last `limit` failures leaves the window. */
  private async waitOf(key: string, t: number): Promise<number> {
    const row = await this.db.q
      .selectFrom('password_failure')
      .select('at')
      .where('key', '=', key)
      .where('at', '>', t - this.windowMs)
      .orderBy('at', 'desc')
      .limit(1)
      .offset(this.limit - 1)
      .executeTakeFirst();
    return row === undefined ? 0 : Math.max(1, Math.ceil((row.at + this.windowMs - t) / 1000));
  }

  /**
   * Checks both counts and, when neither is full, counts this try as failed before the password
   * is checked (in one write transaction): tries made at the same time, from this process or
   * another, cannot all pass a count that has room for one. `passed` takes it back.
   */
  attempt(keys: TryKeys): Promise<Attempt> {
    return this.db.transaction(async (): Promise<Attempt> => {
      const t = this.now();
      await this.db.q.deleteFrom('password_failure').where('at', '<=', t - this.windowMs).execute();
      for (const by of ['address', 'account'] as const) {
        const wait = await this.waitOf(keys[by], t);
        if (wait > 0) return { ok: false, wait, by };
      }
      const rows = await this.db.q
        .insertInto('password_failure')
        .values([keys.address, keys.account].map((key) => ({ key, at: t })))
        .returning('id')
        .execute();
      return { ok: true, rows: rows.map((r) => r.id) };
    });
  }

  /** The password was right: this try is not a failure, and the address's earlier failures are forgiven. */
  passed(keys: TryKeys, attempt: { rows: number[] }): Promise<void> {
    return this.db.transaction(async () => {
      if (attempt.rows.length > 0) await this.db.q.deleteFrom('password_failure').where('id', 'in', attempt.rows).execute();
      await this.db.q.deleteFrom('password_failure').where('key', '=', keys.address).execute();
    });
  }

  /** Forgets an account's failed tries (its password was set anew). */
  async forget(key: string): Promise<void> {
    await this.db.q.deleteFrom('password_failure').where('key', '=', key).execute();
  }
}
