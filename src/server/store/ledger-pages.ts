import type { LedgerChanges, LedgerPage, LedgerSummary, LedgerTask } from '../../contracts/bff';
import type { Lineage } from '../../contracts/bff-history';
import type { LedgerQuery } from '../../contracts/bff-queries';
import type { ServiceId } from '../../contracts/services';
import type { Db } from './db';
import type { TaskRow } from './ledger';
import { decodeCursor, encodeCursor, whereClauses } from '../../node-lib/keyset';

type PagedRow = TaskRow & { seq: number };
export type TaskView = (row: TaskRow) => LedgerTask;

/** Values longer than this (data URIs) are cut short in pages: a page stays a few tens of KB whatever the tasks hold. */
const LONG = 2_000;
const sizeOf = (n: number) => (n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(n / 1024)} KB`);
export function trimLong<T>(value: T): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.length > LONG ? `${v.slice(0, 64)}… (${sizeOf(v.length)} left out; read the task on its own)` : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** Newest rows a common word is looked for in before the text index is asked. */
const WINDOW = 2_000;
const ftsPhrase = (q: string) => `"${q.replace(/"/g, '""')}"`;
const likeEscaped = (q: string) => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The ledger read a page at a time: every filter is served by an index (service+created_at,
 * service+status+created_at, service+type+created_at, the FTS5 trigram index for text), pages are
 * cut by an opaque keyset cursor (never an offset), so the first and the thousandth page cost the
 * same.
 */
export class LedgerPages {
  constructor(private readonly db: Db) {}

  /** One page; null when the cursor is not one this console gave. */
  page(q: LedgerQuery, view: TaskView): LedgerPage | null {
    const limit = q.limit ?? 50;
    const rows = this.rows(q, limit + 1);
    if (!rows) return null;
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { tasks: page.map((r) => trimLong(view(r))), nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.seq) : null };
  }

  /**
   * Text of 3 characters or more: a common word is found among the newest rows of the other
   * filters' index (a window of WINDOW rows, no text index needed), a rare one through the
   * trigram index. Shorter text is matched on the rows of the index.
   */
  private rows(q: LedgerQuery, want: number): PagedRow[] | null {
    const text = q.q?.toLowerCase();
    if (text && text.length >= 3) {
      const base = this.pageQuery({ ...q, q: undefined });
      if (!base) return null;
      const hits = this.db
        .prepare(`SELECT * FROM (${base.sql.replace(/LIMIT \?$/, `LIMIT ${WINDOW}`)}) WHERE search LIKE ? ESCAPE '\\' LIMIT ?`)
        .all(...base.args, `%${likeEscaped(text)}%`, want) as PagedRow[];
      hits.sort((a, b) => b.created_at - a.created_at || b.seq - a.seq);
      if (hits.length >= want) return hits;
      const scanned = this.db
        .prepare(`SELECT COUNT(*) FROM (${base.sql.replace(/^SELECT rowid AS seq, \*/, 'SELECT 1').replace(/LIMIT \?$/, `LIMIT ${WINDOW}`)})`)
        .pluck()
        .get(...base.args) as number;
      if (scanned < WINDOW) return hits;
    }
    const query = this.pageQuery(q);
    return query ? (this.db.prepare(query.sql).all(...query.args, want) as PagedRow[]) : null;
  }

  /** SQLite's plans for a page's queries (tests and the benchmark check that indexes serve them). */
  plan(q: LedgerQuery): string[] {
    const explain = (sql: string, args: unknown[]) =>
      (this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as Array<{ detail: string }>).map((r) => r.detail);
    const query = this.pageQuery(q);
    if (!query) return [];
    const base = q.q && q.q.length >= 3 ? this.pageQuery({ ...q, q: undefined }) : null;
    return [...(base ? explain(base.sql, [...base.args, 1]) : []), ...explain(query.sql, [...query.args, 1])];
  }

  private pageQuery(q: LedgerQuery): { sql: string; args: unknown[] } | null {
    const after = q.cursor ? decodeCursor(q.cursor) : null;
    if (q.cursor && !after) return null;
    const { add, args, sql } = whereClauses();
    add('service = ?', q.service ?? 'gen3d');
    const statuses = q.status ? [...new Set(q.status.split(','))] : [];
    if (statuses.length === 1) add('status = ?', statuses[0]);
    else if (statuses.length > 1) add(`status IN (${statuses.map(() => '?').join(', ')})`, ...statuses);
    if (q.type) add('type = ?', q.type);
    const text = q.q?.toLowerCase();
    if (text && text.length >= 3) add('rowid IN (SELECT rowid FROM tasks_fts WHERE tasks_fts MATCH ?)', ftsPhrase(text));
    else if (text) add(`search LIKE ? ESCAPE '\\'`, `%${likeEscaped(text)}%`);
    // `created_at <= ?` lets the index seek to the cursor; the rest breaks ties by rowid.
    if (after) add('created_at <= ? AND (created_at < ? OR rowid < ?)', after[0], after[0], after[1]);
    return { sql: `SELECT rowid AS seq, * FROM tasks ${sql()} ORDER BY created_at DESC, rowid DESC LIMIT ?`, args };
  }

  /** Tasks changed after `since`, oldest change first. */
  changes(service: ServiceId, since: number, limit: number, view: TaskView): LedgerChanges {
    const rows = this.db
      .prepare(`SELECT * FROM tasks WHERE service = ? AND updated_at > ? ORDER BY updated_at, rowid LIMIT ?`)
      .all(service, since, limit + 1) as TaskRow[];
    const page = rows.slice(0, limit);
    const more = rows.length > limit;
    const latest = page.at(-1)?.updated_at ?? since;
    // With more to come, the next call starts just before the last time seen, so ties are not skipped.
    return { tasks: page.map((r) => trimLong(view(r))), until: more ? Math.max(since, latest - 1) : latest, more };
  }

  /** A task's sources (its parent, the parent's parent, …) and every task made from it. */
  lineage(id: string, view: TaskView): Lineage | null {
    const task = this.db.prepare(`SELECT * FROM tasks WHERE id = ?`).get(id) as TaskRow | undefined;
    if (!task) return null;
    const sources = this.db
      .prepare(
        `WITH RECURSIVE up(id, depth) AS (
           SELECT parent_id, 1 FROM tasks WHERE id = ? AND parent_id IS NOT NULL
           UNION ALL SELECT t.parent_id, up.depth + 1 FROM tasks t JOIN up ON t.id = up.id WHERE t.parent_id IS NOT NULL AND up.depth < 50)
         SELECT tasks.* FROM up CROSS JOIN tasks ON tasks.id = up.id ORDER BY up.depth`,
      )
      .all(id) as TaskRow[];
    const derived = this.db
      .prepare(
        `WITH RECURSIVE down(id, depth) AS (
           SELECT id, 1 FROM tasks WHERE parent_id = ?
           UNION ALL SELECT t.id, down.depth + 1 FROM tasks t JOIN down ON t.parent_id = down.id WHERE down.depth < 50)
         -- CROSS JOIN keeps the walk outermost: each task is found by its id, never by a scan.
         SELECT tasks.* FROM down CROSS JOIN tasks ON tasks.id = down.id ORDER BY down.depth, tasks.created_at LIMIT 500`,
      )
      .all(id) as TaskRow[];
    return { task: view(task), sources: sources.map((r) => trimLong(view(r))), derived: derived.map((r) => trimLong(view(r))) };
  }

  /** Counts by status and type (kept current by triggers in task_counts: no scan of the ledger). */
  summary(service: ServiceId): LedgerSummary {
    const rows = this.db.prepare(`SELECT status, type, n FROM task_counts WHERE service = ? AND n > 0`).all(service) as Array<{
      status: string;
      type: string;
      n: number;
    }>;
    const byStatus: Record<string, number> = {};
    const byType: Record<string, number> = {};
    for (const r of rows) {
      byStatus[r.status] = (byStatus[r.status] ?? 0) + r.n;
      byType[r.type || 'unknown'] = (byType[r.type || 'unknown'] ?? 0) + r.n;
    }
    return { service, total: rows.reduce((a, r) => a + r.n, 0), byStatus, byType };
  }
}
