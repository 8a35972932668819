import { randomBytes } from 'node:crypto';
import type { ExtractionRequest, Schedule } from '../../contracts/social';
import type { Selectable } from 'kysely';
import type { Database, TriptychDb } from '../store/db';
import type { Upstreams } from '../connections/upstream';
import type { EventHub } from '../events/hub';
import type { JobBook } from './jobs';
import { fillPath } from '../../contracts/routes';
import { socialOps } from '../../contracts/social';
import type { SpendLog } from '../spend/spend-log';
import type { SpendLifecycle } from '../spend/lifecycle';
import { chargeFrom } from '../spend/finders';
import { unreachable, upstreamError } from '../connections/describe';
import { quoteSocial } from './spend';

type Row = Selectable<Database['social_schedules']>;
const HOUR = 3_600_000;

/**
 * Schedules: run one extraction on one target every N hours. Each run is priced by the service,
 * recorded in the spend ledger and checked against the spend limits like a run from the page, then started like any job (so its new rows are "only new since the last
 * run"). Kept in SQLite with their next run time; after a restart, runs that fell due meanwhile
 * happen once.
 */
export class Scheduler {
  private running = false;

  constructor(private readonly deps: { db: TriptychDb; book: JobBook; upstreams: Upstreams; hub: EventHub; spends: SpendLog; spend: SpendLifecycle; now: () => number }) {}

  async create(request: ExtractionRequest, everyHours: number): Promise<Schedule> {
    const id = `sch_${randomBytes(6).toString('hex')}`;
    const now = this.deps.now();
    const row = await this.deps.db.q
      .insertInto('social_schedules')
      .values({ id, request: JSON.stringify(request), every_hours: everyHours, active: 1, next_run_at: now + everyHours * HOUR, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSchedule(row);
  }

  async get(id: string): Promise<Schedule | undefined> {
    const r = await this.deps.db.q.selectFrom('social_schedules').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toSchedule(r);
  }

  async list(): Promise<Schedule[]> {
    const rows = await this.deps.db.q.selectFrom('social_schedules').selectAll().orderBy('created_at', 'desc').execute();
    return rows.map(toSchedule);
  }

  update(id: string, patch: { everyHours?: number | undefined; active?: boolean | undefined }): Promise<Schedule | undefined> {
    return this.deps.db.transaction(async () => {
      const s = await this.get(id);
      if (!s) return undefined;
      const every = patch.everyHours ?? s.everyHours;
      const active = patch.active ?? s.active;
      const next = active ? (s.lastRunAt ?? this.deps.now()) + every * HOUR : null;
      await this.deps.db.q.updateTable('social_schedules').set({ every_hours: every, active: active ? 1 : 0, next_run_at: next }).where('id', '=', id).execute();
      return this.get(id);
    });
  }

  async remove(id: string): Promise<boolean> {
    const res = await this.deps.db.q.deleteFrom('social_schedules').where('id', '=', id).executeTakeFirst();
    return res.numDeletedRows === 1n;
  }

  /** Runs what is due (each schedule once, however long the console was away): a background round (jobs/rounds.ts). */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const now = this.deps.now();
      const due = await this.deps.db.q.selectFrom('social_schedules').select(['id', 'next_run_at', 'every_hours']).where('active', '=', 1).where('next_run_at', '<=', now).execute();
      for (const s of due) {
        // Claimed first, in one statement: a round still running elsewhere (a team's other process,
        // past its queue expiry) that saw the same due time finds it moved and does not send it again.
        const claimed = await this.deps.db.q
          .updateTable('social_schedules')
          .set({ next_run_at: now + s.every_hours * HOUR })
          .where('id', '=', s.id)
          .where('next_run_at', '=', s.next_run_at)
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 1n) await this.run(s.id);
      }
    } finally {
      this.running = false;
    }
  }

  /** Runs a schedule now: priced, recorded and checked by the spend guard, started, followed. */
  async run(id: string): Promise<{ jobId: string } | { error: string }> {
    const s = await this.get(id);
    if (!s) return { error: `No schedule ${id}.` };
    const now = this.deps.now();
    const upstream = this.deps.upstreams.current('social');
    const request = s.request as ExtractionRequest;
    const done = async (jobId: string | null, error: string | null) => {
      await this.deps.db.q
        .updateTable('social_schedules')
        .set((eb) => ({
          last_run_at: now,
          last_job_id: jobId ?? undefined,
          last_error: error,
          next_run_at: eb
            .case()
            .when('active', '=', 1)
            .then(eb.cast<number>(eb.val(now + s.everyHours * HOUR), 'bigint'))
            .else(null)
            .end(),
        }))
        .where('id', '=', id)
        .execute();
      if (error) this.deps.hub.publish({ type: 'notice', service: 'social', notice: { level: 'error', title: 'Scheduled extraction not run', message: error, link: null, at: now } });
      return jobId ? { jobId } : { error: error! };
    };
    try {
      const op = socialOps['extractions.create'];
      const price = await quoteSocial(op, request, upstream);
      if ('status' in price) return done(null, price.message);
      const path = fillPath(op.path, {});
      const reserved = await this.deps.spends.reserve({ op, mode: upstream.mode, baseUrl: upstream.baseUrl, path, body: request, price, unit: op.spend.unit, at: now });
      if (!reserved.ok) return done(null, reserved.error.message);
      const spent = { service: 'social' as const, operation: op.id };
      let res: Response;
      try {
        res = await upstream.request(path, { method: 'POST', body: JSON.stringify(request) });
      } catch (err) {
        // It may have reached the service: the row stays "sending" and is looked up in the job list.
        return done(null, (await this.deps.spend.unknown(reserved.id, spent, unreachable('social', upstream.baseUrl, err, false))).message);
      }
      if (!res.ok) return done(null, (await this.deps.spend.answeredError(reserved.id, spent, await upstreamError('social', res, false))).message);
      const json = (await res.json().catch(() => null)) as { id?: string; status?: string; creditsCharged?: unknown } | null;
      if (!json?.id) {
        await this.deps.spend.sent(reserved.id, null);
        return done(null, `The service started the scheduled ${request.toolType} but its answer named no job.`);
      }
      await this.deps.spend.sent(reserved.id, String(json.id), chargeFrom('creditsCharged')(json));
      await this.deps.book.add({ id: String(json.id), mode: upstream.mode, baseUrl: upstream.baseUrl, request, status: json.status ?? 'running', at: now, scheduleId: id });
      return done(String(json.id), null);
    } catch (err) {
      return done(null, `The scheduled ${request.toolType} could not reach the service: ${(err as Error).message}.`);
    }
  }
}

function toSchedule(r: Row): Schedule {
  const request = JSON.parse(r.request) as Record<string, unknown>;
  return { id: r.id, request, toolType: String(request.toolType), everyHours: r.every_hours, active: !!r.active, nextRunAt: r.next_run_at, lastRunAt: r.last_run_at, lastJobId: r.last_job_id, lastError: r.last_error, createdAt: r.created_at };
}
