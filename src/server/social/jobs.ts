import { postIdOf, toolTargets, targetField, type ExtractionRequest, type ToolType, type TrackedJob } from '../../contracts/social';
import type { ConnectionMode } from '../../contracts/bff';
import type { Selectable } from 'kysely';
import type { Database, TriptychDb } from '../store/db';

type JobRow = Selectable<Database['social_console_jobs']>;
/** A job row with whether it is the first run on its tool and target (1 when no earlier job of this mode had the same tool and target). */
type Row = JobRow & { first_run?: number };

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
/** Row ids recorded per insert (four values each, well under any database's limit of parameters). */
const SEEN_BATCH = 500;

export class JobBook {
  constructor(private readonly db: TriptychDb) {}

  async add(j: { id: string; mode: ConnectionMode; baseUrl: string; request: ExtractionRequest; status: string; at: number; scheduleId: string | null }): Promise<void> {
    const t = targetKey(j.request);
    await this.db.q
      .insertInto('social_console_jobs')
      .values({
        id: j.id,
        mode: j.mode,
        base_url: j.baseUrl,
        tool_type: j.request.toolType,
        target_key: t.key,
        target: t.label,
        request: JSON.stringify(j.request),
        status: j.status,
        created_at: j.at,
        schedule_id: j.scheduleId,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Jobs with whether each is the first run on its tool and target. */
  private withFirstRun(mode: ConnectionMode) {
    return this.db.q
      .selectFrom('social_console_jobs as j')
      .selectAll('j')
      .select((eb) =>
        eb
          .case()
          .when(
            eb.exists(
              eb
                .selectFrom('social_console_jobs as p')
                .select('p.id')
                .whereRef('p.mode', '=', 'j.mode')
                .whereRef('p.target_key', '=', 'j.target_key')
                .whereRef('p.created_at', '<', 'j.created_at'),
            ),
          )
          .then(eb.lit(0))
          .else(eb.lit(1))
          .end()
          .as('first_run'),
      )
      .where('j.mode', '=', mode);
  }

  private row(mode: ConnectionMode, id: string): Promise<Row | undefined> {
    return this.withFirstRun(mode).where('j.id', '=', id).orderBy('j.created_at', 'desc').limit(1).executeTakeFirst();
  }

  async get(mode: ConnectionMode, id: string): Promise<TrackedJob | undefined> {
    const r = await this.row(mode, id);
    return r && toJob(r);
  }

  raw(mode: ConnectionMode, id: string): Promise<Row | undefined> {
    return this.row(mode, id);
  }

  unfinished(): Promise<Row[]> {
    return this.db.q.selectFrom('social_console_jobs').selectAll().where('new_rows', 'is', null).where('status', '!=', 'failed').orderBy('created_at').execute();
  }

  async list(mode: ConnectionMode, limit = 200): Promise<TrackedJob[]> {
    const rows = await this.withFirstRun(mode).orderBy('j.created_at', 'desc').limit(limit).execute();
    return rows.map(toJob);
  }

  async setStatus(r: Row, status: string, at: number | null): Promise<void> {
    await this.db.q
      .updateTable('social_console_jobs')
      .set({ status, finished_at: at ?? undefined })
      .where('mode', '=', r.mode)
      .where('base_url', '=', r.base_url)
      .where('id', '=', r.id)
      .execute();
  }

  /** Records the ids of a page of the job's rows; answers how many were new to this tool and target. */
  see(r: Row, ids: string[]): Promise<number> {
    return this.db.transaction(async () => {
      let fresh = 0;
      for (let i = 0; i < ids.length; i += SEEN_BATCH) {
        const res = await this.db.q
          .insertInto('social_seen')
          .values(ids.slice(i, i + SEEN_BATCH).map((id) => ({ mode: r.mode, target_key: r.target_key, row_id: id, job_id: r.id })))
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        fresh += Number(res.numInsertedOrUpdatedRows ?? 0n);
      }
      return fresh;
    });
  }

  async finish(r: Row, total: number, fresh: number): Promise<void> {
    await this.db.q
      .updateTable('social_console_jobs')
      .set({ total_rows: total, new_rows: fresh })
      .where('mode', '=', r.mode)
      .where('base_url', '=', r.base_url)
      .where('id', '=', r.id)
      .execute();
  }

  /** Of these row ids, the ones this job was the first to return. */
  async firstSeenIn(r: Row, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db.q
      .selectFrom('social_seen')
      .select('row_id')
      .where('mode', '=', r.mode)
      .where('target_key', '=', r.target_key)
      .where('job_id', '=', r.id)
      .where('row_id', 'in', ids)
      .execute();
    return new Set(rows.map((x) => x.row_id));
  }
}

function toJob(r: Row): TrackedJob {
  return { id: r.id, toolType: r.tool_type, target: r.target, status: r.status, mode: r.mode, createdAt: r.created_at, finishedAt: r.finished_at, totalRows: r.total_rows, newRows: r.new_rows, firstRun: r.first_run === 1, scheduleId: r.schedule_id };
}

/** The id of a result row: its post for post tools, else its user. */
export const rowId = (row: Record<string, unknown>) => String(row.tweetId ?? row.xUserId ?? row.id ?? '');
