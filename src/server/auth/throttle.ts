import { isIP } from 'node:net';
import { v6Groups } from '../../node-lib/net-address';
import type { Db } from '../../node-lib/sqlite';

/**
 * Password tries that failed, per client address and per account, kept in `auth.db` so that every
 * console process on the same data directory counts them together: 10 in 15 minutes, and the next
 * try waits. One row per failed try, removed only when it is older than the window: however many
 * other addresses or accounts fail meanwhile, no count is ever cleared for lack of room.
 */
export const THROTTLE_MIGRATIONS = [
  `CREATE TABLE IF NOT EXISTS password_failure (key TEXT NOT NULL, at INTEGER NOT NULL);
   CREATE INDEX IF NOT EXISTS password_failure_key ON password_failure (key, at);
   CREATE INDEX IF NOT EXISTS password_failure_at ON password_failure (at);`,
];

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
    private readonly db: Db,
    private readonly now: () => number,
    private readonly limit = FAILURE_LIMIT,
    private readonly windowMs = FAILURE_WINDOW_MS,
  ) {}

  /** Seconds until `key` may try again: until the oldest of its last `limit` failures leaves the window. */
  private waitOf(key: string, t: number): number {
    const at = this.db.prepare('SELECT at FROM password_failure WHERE key = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?').pluck().get(key, t - this.windowMs, this.limit - 1) as number | undefined;
    return at === undefined ? 0 : Math.max(1, Math.ceil((at + this.windowMs - t) / 1000));
  }

  /**
   * Checks both counts and, when neither is full, counts this try as failed before the password
   * is checked (in one write transaction): tries made at the same time, from this process or
   * another, cannot all pass a count that has room for one. `passed` takes it back.
   */
  attempt(keys: TryKeys): Attempt {
    return this.db
      .transaction((): Attempt => {
        const t = this.now();
        this.db.prepare('DELETE FROM password_failure WHERE at <= ?').run(t - this.windowMs);
        for (const by of ['address', 'account'] as const) {
          const wait = this.waitOf(keys[by], t);
          if (wait > 0) return { ok: false, wait, by };
        }
        const insert = this.db.prepare('INSERT INTO password_failure (key, at) VALUES (?, ?)');
        return { ok: true, rows: [keys.address, keys.account].map((key) => Number(insert.run(key, t).lastInsertRowid)) };
      })
      .immediate();
  }

  /** The password was right: this try is not a failure, and the address's earlier failures are forgiven. */
  passed(keys: TryKeys, attempt: { rows: number[] }) {
    this.db.transaction(() => {
      const drop = this.db.prepare('DELETE FROM password_failure WHERE rowid = ?');
      for (const row of attempt.rows) drop.run(row);
      this.db.prepare('DELETE FROM password_failure WHERE key = ?').run(keys.address);
    })();
  }
}
