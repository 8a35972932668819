import { randomBytes } from 'node:crypto';
import type { ExtractionRequest, Schedule } from '../../contracts/social';
import type { Db } from '../../node-lib/sqlite';
import type { Upstreams } from '../connections/upstream';
import type { EventHub } from '../events/hub';
import type { JobBook } from './jobs';
import { fillPath } from '../../contracts/routes';
import { socialOps } from '../../contracts/social';
import type { SpendLedger } from '../spend/ledger';
import type { SpendLifecycle } from '../spend/lifecycle';
import { chargeFrom } from '../spend/finders';
import { unreachable, upstreamError } from '../connections/describe';
import { quoteSocial } from './spend';

type Row = { id: string; request: string; every_hours: number; active: number; next_run_at: number | null; last_run_at: number | null; last_job_id: string | null; last_error: string | null; created_at: number };
const HOUR = 3_600_000;

/**
 * Schedules: run one extraction on one target every N hours. Each run is priced by the service,
 * recorded in the spend ledger and checked against the spend limits like a run from the page, then started like any job (so its new rows are "only new since the last
 * run"). Kept in SQLite with their next run time; after a restart, runs that fell due meanwhile
 * happen once.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(private readonly deps: { db: Db; book: JobBook; upstreams: Upstreams; hub: EventHub; spends: SpendLedger; spend: SpendLifecycle; now: () => number }) {
    deps.db.exec(`CREATE TABLE IF NOT EXISTS social_schedules (
      id TEXT PRIMARY KEY, request TEXT NOT NULL, every_hours REAL NOT NULL, active INTEGER NOT NULL, next_run_at INTEGER,
      last_run_at INTEGER, last_job_id TEXT, last_error TEXT, created_at INTEGER NOT NULL)`);
  }

  start(everyMs = 1000) {
    this.timer ??= setInterval(() => void this.tick(), everyMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  create(request: ExtractionRequest, everyHours: number): Schedule {
    const id = `sch_${randomBytes(6).toString('hex')}`;
    const now = this.deps.now();
    this.deps.db.prepare(`INSERT INTO social_schedules (id, request, every_hours, active, next_run_at, created_at) VALUES (?, ?, ?, 1, ?, ?)`).run(id, JSON.stringify(request), everyHours, now + everyHours * HOUR, now);
    return this.get(id)!;
  }

  get(id: string): Schedule | undefined {
    const r = this.deps.db.prepare(`SELECT * FROM social_schedules WHERE id = ?`).get(id) as Row | undefined;
    return r && toSchedule(r);
  }

  list(): Schedule[] {
    return (this.deps.db.prepare(`SELECT * FROM social_schedules ORDER BY created_at DESC`).all() as Row[]).map(toSchedule);
  }

  update(id: string, patch: { everyHours?: number | undefined; active?: boolean | undefined }): Schedule | undefined {
    const s = this.get(id);
    if (!s) return undefined;
    const every = patch.everyHours ?? s.everyHours;
    const active = patch.active ?? s.active;
    const next = active ? (s.lastRunAt ?? this.deps.now()) + every * HOUR : null;
    this.deps.db.prepare(`UPDATE social_schedules SET every_hours = ?, active = ?, next_run_at = ? WHERE id = ?`).run(every, active ? 1 : 0, next, id);
    return this.get(id);
  }

  remove(id: string): boolean {
    return this.deps.db.prepare(`DELETE FROM social_schedules WHERE id = ?`).run(id).changes === 1;
  }

  /** Runs what is due (each schedule once, however long the console was away). */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const now = this.deps.now();
      const due = this.deps.db.prepare(`SELECT id FROM social_schedules WHERE active = 1 AND next_run_at <= ?`).all(now) as Array<{ id: string }>;
      for (const { id } of due) await this.run(id);
    } finally {
      this.running = false;
    }
  }

  /** Runs a schedule now: priced, recorded and checked by the spend guard, started, followed. */
  async run(id: string): Promise<{ jobId: string } | { error: string }> {
    const s = this.get(id);
    if (!s) return { error: `No schedule ${id}.` };
    const now = this.deps.now();
    const upstream = this.deps.upstreams.current('social');
    const request = s.request as ExtractionRequest;
    const done = (jobId: string | null, error: string | null) => {
      this.deps.db.prepare(`UPDATE social_schedules SET last_run_at = ?, last_job_id = COALESCE(?, last_job_id), last_error = ?, next_run_at = CASE WHEN active = 1 THEN ? ELSE NULL END WHERE id = ?`).run(now, jobId, error, now + s.everyHours * HOUR, id);
      if (error) this.deps.hub.publish({ type: 'notice', service: 'social', notice: { level: 'error', title: 'Scheduled extraction not run', message: error, link: null, at: now } });
      return jobId ? { jobId } : { error: error! };
    };
    try {
      const op = socialOps['extractions.create'];
      const price = await quoteSocial(op, request, upstream);
      if ('status' in price) return done(null, price.message);
      const path = fillPath(op.path, {});
      const reserved = this.deps.spends.reserve({ op, mode: upstream.mode, baseUrl: upstream.baseUrl, path, body: request, price, unit: op.spend.unit, at: now });
      if (!reserved.ok) return done(null, reserved.error.message);
      const spent = { service: 'social' as const, operation: op.id };
      let res: Response;
      try {
        res = await upstream.request(path, { method: 'POST', body: JSON.stringify(request) });
      } catch (err) {
        // It may have reached the service: the row stays "sending" and is looked up in the job list.
        return done(null, this.deps.spend.unknown(reserved.id, spent, unreachable('social', upstream.baseUrl, err, false)).message);
      }
      if (!res.ok) return done(null, this.deps.spend.answeredError(reserved.id, spent, await upstreamError('social', res, false)).message);
      const json = (await res.json().catch(() => null)) as { id?: string; status?: string; creditsCharged?: unknown } | null;
      if (!json?.id) {
        this.deps.spend.sent(reserved.id, null);
        return done(null, `The service started the scheduled ${request.toolType} but its answer named no job.`);
      }
      this.deps.spend.sent(reserved.id, String(json.id), chargeFrom('creditsCharged')(json));
      this.deps.book.add({ id: String(json.id), mode: upstream.mode, baseUrl: upstream.baseUrl, request, status: json.status ?? 'running', at: now, scheduleId: id });
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
