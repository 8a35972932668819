import { extractionCredits, type ExtractionRequest } from '../../../../contracts/social';
import type { FaultBox } from '../../../shared/faults';
import type { CreditStore } from '../../store/credits';
import type { JobRow, JobStore } from '../../store/jobs';
import type { SocialData } from '../../store/state';
import { decodeCursor, encodeCursor } from '../search/cursor';
import { countOf, walk } from '../universe/lists';
import { rowOf, type ResultRow } from './rows';
import { sourceFor, type Source } from './sources';

/** Time a job waits before it runs, and how fast it collects rows (sandbox time, divided by SANDBOX_SPEED). */
export const PENDING_MS = 1500;
export const ROWS_PER_SECOND = 5000;
const MIN_RUN_MS = 2000;

export type Estimate = { allowed: boolean; creditsAvailable: string; creditsRequired: string; estimatedResults: number; source: string; resolvedXUserId?: string };
type Failure = { ok: false; status: 400 | 402 | 404; message: string; code?: string };

const money = (n: number) => String(Math.round(n * 100) / 100);

/**
 * Extraction jobs over the universe: the estimate counts exactly the rows the job will return (the
 * same list, the same limit), the job is charged what was estimated, runs pending → running →
 * completed (or failed, refunded) on the sandbox clock, and its rows are read back page by page.
 */
export class Extractions {
  constructor(
    private readonly deps: { data: () => SocialData; jobs: JobStore; credits: CreditStore; now: () => number; speed: number; faults: FaultBox },
  ) {}

  private measure(account: string, body: ExtractionRequest, at: number): { ok: true; source: Source; estimate: Estimate; count: number; credits: number } | Failure {
    const found = sourceFor(this.deps.data(), body, at);
    if (!found.ok) return found;
    const total = countOf(found.source.spec);
    const count = Math.min(total, body.resultsLimit ?? total);
    const credits = count === 0 ? 0 : extractionCredits(count);
    const available = this.deps.credits.balance(account);
    const estimate: Estimate = {
      allowed: credits <= available,
      creditsAvailable: money(available),
      creditsRequired: money(credits),
      estimatedResults: count,
      source: body.resultsLimit !== undefined && body.resultsLimit < total ? 'resultsLimit' : found.source.basis,
      ...(found.source.resolvedUserId ? { resolvedXUserId: found.source.resolvedUserId } : {}),
    };
    return { ok: true, source: found.source, estimate, count, credits };
  }

  estimate(account: string, body: ExtractionRequest): { ok: true; estimate: Estimate } | Failure {
    const m = this.measure(account, body, this.deps.now());
    return m.ok ? { ok: true, estimate: m.estimate } : m;
  }

  create(account: string, body: ExtractionRequest): { ok: true; job: JobRow; estimate: Estimate } | Failure {
    const now = this.deps.now();
    const m = this.measure(account, body, now);
    if (!m.ok) return m;
    if (!m.estimate.allowed) {
      return { ok: false, status: 402, code: 'insufficient_credits', message: `This extraction needs ${m.estimate.creditsRequired} credits and the account has ${m.estimate.creditsAvailable}: lower resultsLimit or top up.` };
    }
    const speed = this.deps.speed;
    const startedAt = now + Math.round(PENDING_MS / speed);
    const runMs = Math.max(MIN_RUN_MS, (m.count / ROWS_PER_SECOND) * 1000);
    const failure = this.deps.faults.takeTaskFailure();
    const job = this.deps.jobs.insert({
      account,
      tool_type: body.toolType,
      target: m.source.target,
      request: JSON.stringify(body),
      created_at: now,
      started_at: startedAt,
      run_until: startedAt + Math.round(runMs / speed),
      as_of: now,
      estimated: m.count,
      credits: m.credits,
      error: failure ? (failure === 'busy' ? 'The collector was busy and gave up: run the job again (credits refunded).' : 'The extraction failed inside the service: run it again (credits refunded).') : null,
    });
    if (m.credits > 0) this.deps.credits.charge(account, m.credits, `extraction ${job.id}`, job.id);
    return { ok: true, job, estimate: m.estimate };
  }

  /** Moves every job on; refunds the ones that failed. */
  advance() {
    for (const j of this.deps.jobs.advance(this.deps.now())) if (j.credits > 0) this.deps.credits.refund(j.account, j.credits, `extraction ${j.id} failed`, j.id);
  }

  get(account: string, id: string): JobRow | undefined {
    this.advance();
    return this.deps.jobs.get(account, id);
  }

  list(account: string, q: { cursor?: string | undefined; limit?: number | undefined; status?: string | undefined; toolType?: string | undefined }): { jobs: JobRow[]; next: string | null } | { error: string } {
    this.advance();
    let before: number | null = null;
    if (q.cursor) {
      const decoded = decodeCursor('extractions', q.cursor);
      if (!decoded.ok) return { error: decoded.message };
      before = Number(decoded.key[0]);
    }
    const limit = q.limit ?? 20;
    const rows = this.deps.jobs.list(account, { beforeSeq: before, limit: limit + 1, status: q.status, toolType: q.toolType });
    const page = rows.slice(0, limit);
    return { jobs: page, next: rows.length > limit ? encodeCursor('extractions', [page[page.length - 1]!.seq]) : null };
  }

  /** The job's list again, as it was when the job ran. */
  private sourceOf(job: JobRow): Source {
    const found = sourceFor(this.deps.data(), JSON.parse(job.request) as ExtractionRequest, job.as_of);
    if (!found.ok) throw new Error(`job ${job.id} lost its source: ${found.message}`);
    return found.source;
  }

  /** Every row of a finished job, in order (at most `max`). */
  *rows(job: JobRow, max = Infinity): Generator<ResultRow> {
    const d = this.deps.data();
    const source = this.sourceOf(job);
    let n = 0;
    for (const { ref } of walk(source.spec)) {
      if (n++ >= Math.min(job.estimated, max)) return;
      yield rowOf(d, source.rowKind, ref);
    }
  }

  rowKind(job: JobRow) {
    return this.sourceOf(job).rowKind;
  }

  /**
   * How many rows the job has collected by `now`: none while pending, a share of the estimate that
   * grows with the time it has run (the sandbox clock, its run scaled by SANDBOX_SPEED) while
   * running, the estimate once completed; none when it failed (its credits are refunded).
   */
  collected(job: JobRow, now = this.deps.now()): number {
    if (job.status === 'completed') return job.estimated;
    if (job.status !== 'running' || job.started_at === null) return 0;
    const span = job.run_until - job.started_at;
    if (span <= 0 || now >= job.run_until) return job.estimated;
    return Math.max(0, Math.min(job.estimated, Math.floor((job.estimated * (now - job.started_at)) / span)));
  }

  /**
   * One page of the rows the job has collected so far (`available`, from `collected`); the cursor
   * holds the list position and the rows read so far, so a walk begun while the job runs goes on
   * where it stopped.
   */
  page(job: JobRow, cursor: string | undefined, limit: number, available = this.collected(job)): { rows: ResultRow[]; next: string | null } | { error: string } {
    if (available === 0) return { rows: [], next: null };
    const scope = `job:${job.id}`;
    let from = 0;
    let seen = 0;
    if (cursor) {
      const decoded = decodeCursor(scope, cursor);
      if (!decoded.ok) return { error: decoded.message };
      [from, seen] = decoded.key.map(Number) as [number, number];
    }
    const d = this.deps.data();
    const source = this.sourceOf(job);
    const rows: ResultRow[] = [];
    let pos = from;
    for (const item of walk(source.spec, from)) {
      if (seen + rows.length >= available || rows.length === limit) break;
      rows.push(rowOf(d, source.rowKind, item.ref));
      pos = item.pos + 1;
    }
    const read = seen + rows.length;
    return { rows, next: read < available && rows.length > 0 ? encodeCursor(scope, [pos, read]) : null };
  }
}
