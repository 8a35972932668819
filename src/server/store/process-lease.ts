import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { TriptychDb } from './db';

/** How long a process's lease lasts unless renewed, and how often a running process renews it. */
export const LEASE_MS = 30_000;
const RENEW_MS = 10_000;
/** Rows of processes gone this long are forgotten. */
const FORGET_MS = 24 * 3600 * 1000;

/**
 * This console process as its database knows it: a row (`console_processes`) naming it by host
 * and pid, with a lease it renews while it runs. A credit-spending write in flight names the
 * process that sends it (spend/spend-log.ts), so that another process on the same database, or
 * this one after a restart, leaves the write alone while its owner still waits for the answer.
 *
 * An owner is gone when its lease ran out, or at once when it was a process of this host that no
 * longer runs (a console killed and started again need not wait out the lease).
 */
export class ProcessLease {
  readonly id = randomUUID();
  private readonly host = hostname();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: TriptychDb,
    private readonly clock: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    const at = this.clock();
    await this.db.q.deleteFrom('console_processes').where('expires_at', '<', at - FORGET_MS).execute();
    await this.db.q
      .insertInto('console_processes')
      .values({ id: this.id, host: this.host, pid: process.pid, started_at: at, expires_at: at + LEASE_MS })
      .execute();
    this.timer = setInterval(() => void this.renew(), RENEW_MS);
    this.timer.unref();
  }

  private async renew() {
    try {
      await this.db.q.updateTable('console_processes').set({ expires_at: this.clock() + LEASE_MS }).where('id', '=', this.id).execute();
    } catch {
      // the database is closing: the lease runs out by itself
    }
  }

  /** Ends the lease: what this process still owned is anyone's to look up. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.db.q.deleteFrom('console_processes').where('id', '=', this.id).execute();
  }

  /** Whether the process named `owner` no longer holds its lease. */
  async isGone(owner: string): Promise<boolean> {
    if (owner === this.id) return false;
    const row = await this.db.q.selectFrom('console_processes').select(['host', 'pid', 'started_at', 'expires_at']).where('id', '=', owner).executeTakeFirst();
    if (!row || row.expires_at < this.clock()) return true;
    if (row.host !== this.host) return false;
    // This process's pid from before this process started: an earlier run (a container's console is often pid 1 every time).
    if (row.pid === process.pid) return row.started_at < Date.now() - process.uptime() * 1000;
    return !running(row.pid);
  }
}

/** Whether a process of this host runs (signal 0 asks without sending anything). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
