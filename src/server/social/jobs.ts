import { postIdOf, toolTargets, targetField, type ExtractionRequest, type ToolType, type TrackedJob } from '../../contracts/social';
import type { ConnectionMode } from '../../contracts/bff';
import type { Db } from '../../node-lib/sqlite';

type Row = {
  id: string;
  mode: ConnectionMode;
  base_url: string;
  tool_type: string;
  target_key: string;
  target: string;
  request: string;
  status: string;
  created_at: number;
  finished_at: number | null;
  total_rows: number | null;
  new_rows: number | null;
  schedule_id: string | null;
  /** 1 when no earlier job of this mode had the same tool and target (read by `get` and `list`). */
  first_run?: number;
};

/** A job row with whether it is the first run on its tool and target. */
const WITH_FIRST_RUN = `SELECT j.*, NOT EXISTS (SELECT 1 FROM social_console_jobs p WHERE p.mode = j.mode AND p.target_key = j.target_key AND p.created_at < j.created_at) AS first_run FROM social_console_jobs j`;

/** What "the same target" means for only-new: the tool and its target, normalized (`reply_extractor:123`, `follower_explorer:@ada`). */
export function targetKey(req: ExtractionRequest): { key: string; label: string } {
  const kind = toolTargets[req.toolType as ToolType];
  const raw = String((req as Record<string, unknown>)[targetField[kind]] ?? req.targetUsername ?? req.targets?.[0] ?? '');
  const value = kind === 'tweet' ? (postIdOf(raw) ?? raw) : kind === 'username' || (kind === 'userId' && /\D/.test(raw)) ? `@${raw.replace(/^@/, '').toLowerCase()}` : raw.trim().toLowerCase();
  const filters = kind === 'query' ? JSON.stringify(Object.entries(req).filter(([k]) => !['toolType', 'searchQuery', 'resultsLimit'].includes(k)).sort()) : '';
  return { key: `${req.toolType}:${value}${filters}`, label: kind === 'tweet' ? `post ${value}` : value };
}

/**
 * Jobs this console started, and the ids of the rows each tool has seen on each target: the first
 * job that returned a row owns it, so a job's "new" rows are the ones no earlier run had.
 */
export class JobBook {
  constructor(private readonly db: Db) {
    db.exec(`CREATE TABLE IF NOT EXISTS social_console_jobs (
      id TEXT NOT NULL, mode TEXT NOT NULL, base_url TEXT NOT NULL, tool_type TEXT NOT NULL, target_key TEXT NOT NULL, target TEXT NOT NULL,
      request TEXT NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL, finished_at INTEGER, total_rows INTEGER, new_rows INTEGER, schedule_id TEXT,
      PRIMARY KEY (mode, base_url, id));
     CREATE TABLE IF NOT EXISTS social_seen (mode TEXT NOT NULL, target_key TEXT NOT NULL, row_id TEXT NOT NULL, job_id TEXT NOT NULL, PRIMARY KEY (mode, target_key, row_id));
     CREATE INDEX IF NOT EXISTS social_seen_job ON social_seen (mode, job_id);
     CREATE INDEX IF NOT EXISTS social_console_jobs_target ON social_console_jobs (mode, target_key, created_at);`);
  }

  add(j: { id: string; mode: ConnectionMode; baseUrl: string; request: ExtractionRequest; status: string; at: number; scheduleId: string | null }) {
    const t = targetKey(j.request);
    this.db
      .prepare(`INSERT OR IGNORE INTO social_console_jobs (id, mode, base_url, tool_type, target_key, target, request, status, created_at, schedule_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(j.id, j.mode, j.baseUrl, j.request.toolType, t.key, t.label, JSON.stringify(j.request), j.status, j.at, j.scheduleId);
  }

  private row(mode: ConnectionMode, id: string): Row | undefined {
    return this.db.prepare(`${WITH_FIRST_RUN} WHERE j.mode = ? AND j.id = ? ORDER BY j.created_at DESC LIMIT 1`).get(mode, id) as Row | undefined;
  }

  get(mode: ConnectionMode, id: string): TrackedJob | undefined {
    const r = this.row(mode, id);
    return r && toJob(r);
  }

  raw(mode: ConnectionMode, id: string) {
    return this.row(mode, id);
  }

  unfinished(): Row[] {
    return this.db.prepare(`SELECT * FROM social_console_jobs WHERE new_rows IS NULL AND status != 'failed' ORDER BY created_at`).all() as Row[];
  }

  list(mode: ConnectionMode, limit = 200): TrackedJob[] {
    return (this.db.prepare(`${WITH_FIRST_RUN} WHERE j.mode = ? ORDER BY j.created_at DESC LIMIT ?`).all(mode, limit) as Row[]).map(toJob);
  }

  setStatus(r: Row, status: string, at: number | null) {
    this.db.prepare(`UPDATE social_console_jobs SET status = ?, finished_at = COALESCE(?, finished_at) WHERE mode = ? AND base_url = ? AND id = ?`).run(status, at, r.mode, r.base_url, r.id);
  }

  /** Records the ids of a page of the job's rows; answers how many were new to this tool and target. */
  see(r: Row, ids: string[]): number {
    const insert = this.db.prepare(`INSERT OR IGNORE INTO social_seen (mode, target_key, row_id, job_id) VALUES (?, ?, ?, ?)`);
    return this.db.transaction(() => ids.reduce((n, id) => n + insert.run(r.mode, r.target_key, id, r.id).changes, 0))();
  }

  finish(r: Row, total: number, fresh: number) {
    this.db.prepare(`UPDATE social_console_jobs SET total_rows = ?, new_rows = ? WHERE mode = ? AND base_url = ? AND id = ?`).run(total, fresh, r.mode, r.base_url, r.id);
  }

  /** Of these row ids, the ones this job was the first to return. */
  firstSeenIn(r: Row, ids: string[]): Set<string> {
    if (!ids.length) return new Set();
    const rows = this.db.prepare(`SELECT row_id FROM social_seen WHERE mode = ? AND target_key = ? AND job_id = ? AND row_id IN (${ids.map(() => '?').join(',')})`).all(r.mode, r.target_key, r.id, ...ids) as Array<{ row_id: string }>;
    return new Set(rows.map((x) => x.row_id));
  }
}

function toJob(r: Row): TrackedJob {
  return { id: r.id, toolType: r.tool_type, target: r.target, status: r.status, mode: r.mode, createdAt: r.created_at, finishedAt: r.finished_at, totalRows: r.total_rows, newRows: r.new_rows, firstRun: r.first_run === 1, scheduleId: r.schedule_id };
}

/** The id of a result row: its post for post tools, else its user. */
export const rowId = (row: Record<string, unknown>) => String(row.tweetId ?? row.xUserId ?? row.id ?? '');
