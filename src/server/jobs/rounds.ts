import pg from 'pg';
import PgBoss from 'pg-boss';

/**
 * The console's background rounds (README, Team mode): the archive's copies, retries and
 * retention sweep, the social console's scheduled extractions and the following of its jobs.
 * One process runs each round on a timer, one round at a time. A team runs them through a kept
 * PostgreSQL job queue (pg-boss 10, schema `pgboss`): every process offers the round when it falls
 * due, the queue keeps at most one waiting and one running (policy `stately`), and whichever process
 * fetches it runs it, so two replicas never run one round at once. A round that may spend credits
 * (scheduled extractions) records each write before sending it (spend/spend-log.ts) and is never
 * retried by the queue (`retryLimit: 0`): a failed round waits for the next one.
 */
export interface Rounds {
  /** Runs `round` about every `everyMs` (`now`: a first one at once). */
  every(name: RoundName, everyMs: number, round: () => Promise<void>, opts?: { now?: boolean }): Promise<void>;
  /**
   * Runs `fn` unless another process of the team runs the same section at this moment (then
   * answers false at once): for work whose timing is its own (reconciliation of unanswered writes,
   * spend/reconcile.ts), kept to one process at a time by a session advisory lock.
   */
  exclusive(name: 'reconcile', fn: () => Promise<void>): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * The rounds there are, one queue each in team mode, with how long a round may hold its queue
 * before it counts as dead (a process killed in it): the next round then runs elsewhere.
 */
const ROUNDS = {
  archive: { expireSeconds: 900 },
  'social-schedules': { expireSeconds: 300 },
  'social-jobs': { expireSeconds: 300 },
} as const;
export type RoundName = keyof typeof ROUNDS;

/** The single-user console: a timer per round, a round never started while the last one runs. */
export function localRounds(): Rounds {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  return {
    every(_name, everyMs, round, opts = {}) {
      let current: Promise<void> | null = null;
      const tick = () => {
        if (current) return;
        current = round()
          .catch((err: unknown) => console.error('a background round failed: %s', err instanceof Error ? err.message : String(err)))
          .finally(() => {
            if (current) running.delete(current);
            current = null;
          });
        running.add(current);
      };
      const timer = setInterval(tick, everyMs);
      timer.unref();
      timers.push(timer);
      if (opts.now) tick();
      return Promise.resolve();
    },
    async exclusive(_name, fn) {
      await fn();
      return true;
    },
    async stop() {
      for (const t of timers.splice(0)) clearInterval(t);
      await Promise.all(running);
    },
  };
}

/** pg-boss polls no faster than this. */
const MIN_POLL_SECONDS = 0.5;

/** Team mode: the rounds through pg-boss on the team's PostgreSQL. */
export async function postgresRounds(url: string): Promise<Rounds> {
  // Rounds finish in seconds and come often: their rows are kept an hour, not the default week.
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 4, application_name: 'triptych-rounds', schedule: false, archiveCompletedAfterSeconds: 300, deleteAfterSeconds: 3600 });
  boss.on('error', (err: Error) => console.error('the job queue reported: %s', err.message));
  // Processes starting together would make pg-boss's tables and queues at once and deadlock: one at a time.
  const starting = new pg.Client({ connectionString: url });
  await starting.connect();
  try {
    await starting.query("select pg_advisory_lock(hashtextextended('triptych pg-boss start', 0))");
    await boss.start();
    for (const [name, round] of Object.entries(ROUNDS)) await boss.createQueue(name, { name, policy: 'stately', retryLimit: 0, expireInSeconds: round.expireSeconds, retentionMinutes: 60 });
  } finally {
    await starting.end();
  }
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  return {
    async every(name, askedMs, round, opts = {}) {
      // Each offer is a write to the queue: no more than one a second per round and process.
      const everyMs = Math.max(1000, askedMs);
      const expireInSeconds = ROUNDS[name].expireSeconds;
      const worker = await boss.work(name, { pollingIntervalSeconds: Math.max(MIN_POLL_SECONDS, everyMs / 1000), batchSize: 1 }, async () => {
        await round();
      });
      const offer = () => {
        if (stopped) return;
        void boss
          .send(name, {}, { retryLimit: 0, expireInSeconds })
          .then((id) => {
            // Offered here: this process's worker looks at once rather than at its next poll.
            if (id) boss.notifyWorker(worker);
          })
          .catch((err: Error) => console.error('a background round could not be offered: %s', err.message));
      };
      const timer = setInterval(offer, everyMs);
      timer.unref();
      timers.push(timer);
      if (opts.now) offer();
    },
    async exclusive(name, fn) {
      // A connection of its own for the section: the lock goes with it, also if the process dies.
      const client = new pg.Client({ connectionString: url, application_name: `triptych-${name}` });
      client.on('error', () => undefined);
      await client.connect();
      try {
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [`triptych ${name}`]);
        if (rows[0]?.ok !== true) return false;
        await fn();
        return true;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    async stop() {
      stopped = true;
      for (const t of timers.splice(0)) clearInterval(t);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
