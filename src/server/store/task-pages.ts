import { sql } from 'kysely';
import type { LedgerChanges, LedgerPage, LedgerSummary, LedgerTask } from '../../contracts/bff';
import type { Lineage } from '../../contracts/bff-history';
import type { LedgerQuery } from '../../contracts/bff-queries';
import type { ServiceId } from '../../contracts/services';
import { decodeTextCursor, encodeCursor } from '../../node-lib/keyset';
import type { TriptychDb } from './db';
import { containsText } from './dialect';
import { queryPlan } from './sqlite';
import type { TaskRow } from './tasks';

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
/** How deep lineage walks go, and how many derived tasks a lineage lists. */
const DEPTH = 50;
const DERIVED = 500;

/** Newest first; ties (the same millisecond) by id. */
const newestFirst = (a: TaskRow, b: TaskRow) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The ledger read a page at a time: every filter is served by an index (service+created_at,
 * service+status+created_at, service+type+created_at, each ending with the id; a trigram text
 * index for text), pages are cut by an opaque keyset cursor (never an offset), so the first and
 * the thousandth page cost the same.
 */
export class TaskPages {
  constructor(private readonly db: TriptychDb) {}

  /** One page; null when the cursor is not one this console gave. */
  async page(q: LedgerQuery, view: TaskView): Promise<LedgerPage | null> {
    const limit = q.limit ?? 50;
    const rows = await this.rows(q, limit + 1);
    if (!rows) return null;
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { tasks: page.map((r) => trimLong(view(r))), nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null };
  }

  /**
   * Text of 3 characters or more: a common word is found among the newest rows of the other
   * filters' index (a window of WINDOW rows, no text index needed), a rare one through the
   * trigram index. Shorter text is matched on the rows of the index.
   */
  private async rows(q: LedgerQuery, want: number): Promise<TaskRow[] | null> {
    const text = q.q?.toLowerCase();
    if (text && text.length >= 3) {
      const base = this.pageQuery({ ...q, q: undefined });
      if (!base) return null;
      const window = base.limit(WINDOW).as('w');
      const hits = await this.db.q.selectFrom(window).selectAll().where(containsText('w.search', text)).limit(want).execute();
      hits.sort(newestFirst);
      if (hits.length >= want) return hits;
      const scanned = await this.db.q
        .selectFrom(base.clearSelect().select('id').limit(WINDOW).as('w'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (scanned.n < WINDOW) return hits;
    }
    const query = this.pageQuery(q);
    return query ? await query.limit(want).execute() : null;
  }

  /** SQLite's plans for a page's queries (tests and the benchmark check that indexes serve them). */
  async plan(q: LedgerQuery): Promise<string[]> {
    const query = this.pageQuery(q);
    if (!query) return [];
    const base = q.q && q.q.length >= 3 ? this.pageQuery({ ...q, q: undefined }) : null;
    return [...(base ? await queryPlan(this.db.root, base.limit(1).compile()) : []), ...(await queryPlan(this.db.root, query.limit(1).compile()))];
  }

  private pageQuery(q: LedgerQuery) {
    const after = q.cursor ? decodeTextCursor(q.cursor) : null;
    if (q.cursor && !after) return null;
    let query = this.db.q.selectFrom('tasks').selectAll().where('service', '=', q.service ?? 'gen3d');
    const statuses = q.status ? [...new Set(q.status.split(','))] : [];
    if (statuses.length === 1) query = query.where('status', '=', statuses[0] ?? '');
    else if (statuses.length > 1) query = query.where('status', 'in', statuses);
    if (q.type) query = query.where('type', '=', q.type);
    const text = q.q?.toLowerCase();
    if (text && text.length >= 3) query = query.where(this.db.dialect.taskText(text));
    else if (text) query = query.where(containsText('search', text));
    // `created_at <= ?` lets the index seek to the cursor; the rest breaks ties by id.
    if (after) {
      const [at, id] = after;
      query = query.where('created_at', '<=', at).where((eb) => eb.or([eb('created_at', '<', at), eb('id', '<', id)]));
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  }

  /** Tasks changed after `since`, oldest change first. */
  async changes(service: ServiceId, since: number, limit: number, view: TaskView): Promise<LedgerChanges> {
    const rows = await this.db.q
      .selectFrom('tasks')
      .selectAll()
      .where('service', '=', service)
      .where('updated_at', '>', since)
      .orderBy('updated_at')
      .orderBy('id')
      .limit(limit + 1)
      .execute();
    const page = rows.slice(0, limit);
    const more = rows.length > limit;
    const latest = page.at(-1)?.updated_at ?? since;
    // With more to come, the next call starts just before the last time seen, so ties are not skipped.
    return { tasks: page.map((r) => trimLong(view(r))), until: more ? Math.max(since, latest - 1) : latest, more };
  }

  /** A task's sources (its parent, the parent's parent, …) and every task made from it. */
  async lineage(id: string, view: TaskView): Promise<Lineage | null> {
    const q = this.db.q;
    const task = await q.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
    if (!task) return null;
    // Each walk follows the parent index and yields ids; the rows are then read by their primary key.
    const up = await q
      .withRecursive('up(id, depth)', (db) =>
        db
          .selectFrom('tasks')
          .select(['parent_id as id', sql<number>`1`.as('depth')])
          .where('id', '=', id)
          .where('parent_id', 'is not', null)
          .unionAll(
            db
              .selectFrom('tasks as t')
              .innerJoin('up', 't.id', 'up.id')
              .select(['t.parent_id as id', sql<number>`up.depth + 1`.as('depth')])
              .where('t.parent_id', 'is not', null)
              .where('up.depth', '<', DEPTH),
          ),
      )
      .selectFrom('up')
      .select('id')
      .orderBy('depth')
      .execute();
    const down = await q
      .withRecursive('down(id, depth, created_at)', (db) =>
        db
          .selectFrom('tasks')
          .select(['id', sql<number>`1`.as('depth'), 'created_at'])
          .where('parent_id', '=', id)
          .unionAll(
            db
              .selectFrom('tasks as t')
              .innerJoin('down', 't.parent_id', 'down.id')
              .select(['t.id', sql<number>`down.depth + 1`.as('depth'), 't.created_at'])
              .where('down.depth', '<', DEPTH),
          ),
      )
      .selectFrom('down')
      .select('id')
      .orderBy('depth')
      .orderBy('created_at')
      .limit(DERIVED)
      .execute();
    const sources = await this.inOrder(up.map((r) => r.id));
    const derived = await this.inOrder(down.map((r) => r.id));
    return { task: view(task), sources: sources.map((r) => trimLong(view(r))), derived: derived.map((r) => trimLong(view(r))) };
  }

  /** The tasks with these ids, in this order. */
  private async inOrder(ids: Array<string | null>): Promise<TaskRow[]> {
    const wanted = ids.filter((i): i is string => i !== null);
    if (wanted.length === 0) return [];
    const rows = await this.db.q.selectFrom('tasks').selectAll().where('id', 'in', wanted).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return wanted.flatMap((i) => byId.get(i) ?? []);
  }

  /** Counts by status and type (kept current by triggers in task_counts: no scan of the ledger). */
  async summary(service: ServiceId): Promise<LedgerSummary> {
    const rows = await this.db.q.selectFrom('task_counts').select(['status', 'type', 'n']).where('service', '=', service).where('n', '>', 0).execute();
    const byStatus: Record<string, number> = {};
    const byType: Record<string, number> = {};
    for (const r of rows) {
      byStatus[r.status] = (byStatus[r.status] ?? 0) + r.n;
      byType[r.type || 'unknown'] = (byType[r.type || 'unknown'] ?? 0) + r.n;
    }
    return { service, total: rows.reduce((a, r) => a + r.n, 0), byStatus, byType };
  }
}
