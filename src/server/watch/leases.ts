import pg from 'pg';

/**
 * Who watches a running task (README, Team mode). One process: this one, always. Several processes
 * on one PostgreSQL: the one holding the task's lease, a session advisory lock taken on a
 * connection of its own. PostgreSQL frees the locks of a connection that dies with its process
 * (a crash, `kill -9`), so another process takes the task over at its next sweep
 * (WatchManager.sweep, one polling interval), not after a queue's job expiry.
 */
export interface WatchLeases {
  /** Whether other processes may hold leases (team mode): then tasks are swept for, and one not held here may be watched elsewhere. */
  readonly shared: boolean;
  /** Takes the lease of a task's watch; false when another process holds it (or the lease connection is down). */
  take(taskId: string): Promise<boolean>;
  /** Gives it back (the task finished, or this process stops watching it). */
  release(taskId: string): Promise<void>;
  /** `lost()` runs when every lease of this process is gone (its connection dropped): its watchers must stop. */
  onLost(lost: () => void): void;
  close(): Promise<void>;
}

/** The single-user console: the only process, it holds every lease. */
export const localLeases = (): WatchLeases => ({
  shared: false,
  take: () => Promise.resolve(true),
  release: () => Promise.resolve(),
  onLost: () => undefined,
  close: () => Promise.resolve(),
});

/** The 64-bit key of a task's lease: its id hashed under a seed of the console's own (no other lock of the database shares it by design). */
const LOCK_KEY = 'hashtextextended($1, 1952804) ';

/** How the lease connection names itself to PostgreSQL (pg_stat_activity.application_name): the process is told by its pid. */
export const leaseConnectionName = (pid = process.pid) => `triptych-watch-${pid}`;

/**
 * Team mode's leases: advisory locks on one dedicated connection. A dropped connection loses them
 * all at once: `lost` stops this process's watchers and the connection is opened again after a
 * second, from which its next sweep takes what nobody holds.
 */
export async function postgresLeases(url: string): Promise<WatchLeases> {
  let client: pg.Client | null = null;
  let stopped = false;
  const losers: Array<() => void> = [];

  /** Opens the lease connection again a second later, and again until it opens (a database restart may take a while). */
  const retry = () => {
    if (stopped) return;
    setTimeout(() => void connect().catch(() => retry()), 1000).unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: leaseConnectionName(), keepAlive: true });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      console.error('The watch leases\' connection to PostgreSQL dropped: this process stops its watches; another takes them, or this one again once it is back.');
      for (const lost of losers) lost();
      retry();
    });
    await next.connect();
    client = next;
  };
  await connect();

  return {
    shared: true,
    async take(taskId) {
      if (!client) return false;
      const { rows } = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(${LOCK_KEY}) as ok`, [taskId]);
      return rows[0]?.ok === true;
    },
    async release(taskId) {
      await client?.query(`select pg_advisory_unlock(${LOCK_KEY})`, [taskId]).catch(() => undefined);
    },
    onLost(lost) {
      losers.push(lost);
    },
    async close() {
      stopped = true;
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
