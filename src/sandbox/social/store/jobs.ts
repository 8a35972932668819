import type { Db } from '../../shared/db';

export type JobRow = {
  seq: number;
  id: string;
  account: string;
  tool_type: string;
  target: string;
  request: string;
  status: 'pending' | 'running' | 'completed' | 'failed';
  created_at: number;
  started_at: number | null;
  completed_at: number | null;
  run_until: number;
  as_of: number;
  estimated: number;
  credits: number;
  error: string | null;
};

/** Extraction jobs. A job's state follows from its times: pending, running from `started_at`, done at `run_until`. */
export class JobStore {
  constructor(private readonly db: Db) {}

  insert(j: Omit<JobRow, 'seq' | 'id' | 'status' | 'completed_at'> & { started_at: number }): JobRow {
    const info = this.db
      .prepare(
        `INSERT INTO social_jobs (id, account, tool_type, target, request, status, created_at, started_at, run_until, as_of, estimated, credits, error)
         VALUES ('', ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(j.account, j.tool_type, j.target, j.request, j.created_at, j.started_at, j.run_until, j.as_of, j.estimated, j.credits, j.error);
    const id = String(7_100_000 + Number(info.lastInsertRowid));
    this.db.prepare(`UPDATE social_jobs SET id = ? WHERE seq = ?`).run(id, info.lastInsertRowid);
    return this.get(j.account, id)!;
  }

  get(account: string, id: string): JobRow | undefined {
    return this.db.prepare(`SELECT * FROM social_jobs WHERE account = ? AND id = ?`).get(account, id) as JobRow | undefined;
  }

  /** Moves jobs on to what their times say; returns the ones that failed now (to refund). */
  advance(now: number): JobRow[] {
    return this.db.transaction(() => {
      this.db.prepare(`UPDATE social_jobs SET status = 'running' WHERE status = 'pending' AND started_at <= ?`).run(now);
      const failing = this.db.prepare(`SELECT * FROM social_jobs WHERE status IN ('pending', 'running') AND run_until <= ? AND error IS NOT NULL`).all(now) as JobRow[];
      this.db.prepare(`UPDATE social_jobs SET status = CASE WHEN error IS NULL THEN 'completed' ELSE 'failed' END, completed_at = run_until WHERE status IN ('pending', 'running') AND run_until <= ?`).run(now);
      return failing;
    })();
  }

  /** Newest first, after the job with sequence `beforeSeq`. */
  list(account: string, opts: { beforeSeq: number | null; limit: number; status?: string; toolType?: string }): JobRow[] {
    return this.db
      .prepare(
        `SELECT * FROM social_jobs WHERE account = ? AND (? IS NULL OR seq < ?) AND (? IS NULL OR status = ?) AND (? IS NULL OR tool_type = ?) ORDER BY seq DESC LIMIT ?`,
      )
      .all(account, opts.beforeSeq, opts.beforeSeq, opts.status ?? null, opts.status ?? null, opts.toolType ?? null, opts.toolType ?? null, opts.limit) as JobRow[];
  }
}
