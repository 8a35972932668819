import { Readable } from 'node:stream';
import { EXPORT_MAX_ROWS, PDF_MAX_ROWS, type ExportFormat } from '../../../contracts/social';
import { columnsOf, type ResultRow } from '../engine/extract/rows';
import { exportStream, exportTypes } from '../engine/export';
import { decodeCursor, encodeCursor } from '../engine/search/cursor';
import { failCode, invalid, fail, type Ctx } from '../http';
import type { JobRow } from '../store/jobs';
import type { SocialServices } from '../store/services';
import type { SocialHandlers } from './shared';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * A job as the live-service notes (docs/live-services.md#social-data--extractions) and the SDK read it (the create answer's fields, the list item's, and
 * the rest); `totalResults` is the rows collected so far (`Extractions.collected`), growing while
 * the job runs up to the estimate.
 */
export function jobJson(j: JobRow, collected: number) {
  return {
    id: j.id,
    toolType: j.tool_type,
    status: j.status,
    target: j.target,
    createdAt: iso(j.created_at),
    startedAt: j.status === 'pending' ? null : iso(j.started_at),
    completedAt: iso(j.completed_at),
    totalResults: collected,
    estimatedResults: j.estimated,
    creditsCharged: String(j.status === 'failed' ? 0 : j.credits),
    ...(j.error && j.status === 'failed' ? { error: j.error } : {}),
  };
}

/** Streams a file: the format's type, an attachment name, and how many rows it holds. */
export function sendFile(c: Ctx, format: ExportFormat, name: string, rows: Iterable<ResultRow>, meta: { title: string; columns: readonly string[]; total: number }, truncated: boolean) {
  const type = exportTypes[format];
  const stream = exportStream(format, rows, { ...meta, createdAt: Date.now() });
  return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
    'Content-Type': type.contentType,
    'Content-Disposition': `attachment; filename="${name}.${type.extension}"`,
    'X-Export-Rows': String(meta.total),
    ...(truncated ? { 'X-Export-Truncated': 'true' } : {}),
  });
}

/** Keeps the rows the export's filters ask for. */
function* filtered(rows: Iterable<ResultRow>, q: { verified?: boolean | undefined; minFollowers?: number | undefined; search?: string | undefined }) {
  const needle = q.search?.toLowerCase();
  for (const r of rows) {
    if (q.verified !== undefined && !!r.xVerified !== q.verified) continue;
    if (q.minFollowers !== undefined && Number(r.xFollowersCount ?? 0) < q.minFollowers) continue;
    if (needle && !Object.values(r).some((v) => typeof v === 'string' && v.toLowerCase().includes(needle))) continue;
    yield r;
  }
}

/** Extraction jobs and their exports; draws and theirs. */
export function extractionHandlers(s: SocialServices): SocialHandlers {
  const notFound = (c: Ctx, what: string, id: string) => fail(c, 404, `No ${what} with id ${id} on this account.`);
  return {
    'extractions.estimate': (c, { body }) => {
      const r = s.extractions.estimate(c.get('account'), body);
      return r.ok ? c.json(r.estimate) : failCode(c, r.status, r.status === 404 ? 'not_found' : 'invalid_input', r.message);
    },
    'extractions.create': (c, { body, query }) => {
      const account = c.get('account');
      if (query.dry_run) {
        const r = s.extractions.estimate(account, body);
        return r.ok ? c.json(r.estimate) : failCode(c, r.status, r.status === 404 ? 'not_found' : 'invalid_input', r.message);
      }
      const r = s.extractions.create(account, body);
      if (!r.ok) return failCode(c, r.status, r.code ?? (r.status === 404 ? 'not_found' : 'invalid_input'), r.message);
      return c.json({ ...jobJson(r.job, 0), ...r.estimate }, 202);
    },
    'extractions.list': (c, { query }) => {
      const r = s.extractions.list(c.get('account'), query);
      if ('error' in r) return invalid(c, r.error);
      const now = s.now();
      return c.json({ extractions: r.jobs.map((j) => jobJson(j, s.extractions.collected(j, now))), hasMore: r.next !== null, ...(r.next ? { nextCursor: r.next } : {}) });
    },
    'extractions.get': (c, { params, query }) => {
      const job = s.extractions.get(c.get('account'), params.id);
      if (!job) return notFound(c, 'extraction', params.id);
      const collected = s.extractions.collected(job);
      const page = s.extractions.page(job, query.cursor, query.limit ?? 100, collected);
      if ('error' in page) return invalid(c, page.error);
      return c.json({ job: jobJson(job, collected), results: page.rows, hasMore: page.next !== null, ...(page.next ? { nextCursor: page.next } : {}) });
    },
    'extractions.export': (c, { params, query }) => {
      const job = s.extractions.get(c.get('account'), params.id);
      if (!job) return notFound(c, 'extraction', params.id);
      if (job.status !== 'completed') return failCode(c, 409, 'extraction_not_completed', `Extraction ${job.id} is ${job.status}: export it once it has completed.`);
      const format = query.format as ExportFormat;
      const cap = format === 'pdf' ? PDF_MAX_ROWS : EXPORT_MAX_ROWS;
      const total = Math.min(job.estimated, cap);
      const rows = filtered(s.extractions.rows(job, cap), query);
      const title = `${job.tool_type} · ${job.target} · job ${job.id}`;
      return sendFile(c, format, `extraction-${job.id}`, rows, { title, columns: columnsOf(s.extractions.rowKind(job)), total }, job.estimated > cap);
    },

    'draws.create': (c, { body }) => {
      const r = s.draws.run(c.get('account'), body);
      if (!r.ok) return failCode(c, r.status, r.status === 402 ? 'insufficient_credits' : 'not_found', r.message);
      const { draw, winners } = r.record as { draw: Record<string, unknown>; winners: unknown[] };
      return c.json({ ...draw, winners }, 201);
    },
    'draws.get': (c, { params }) => {
      const d = s.draws.get(c.get('account'), params.id);
      return d ? c.json(d.parsed) : notFound(c, 'draw', params.id);
    },
    'draws.list': (c, { query }) => {
      let before: number | null = null;
      if (query.cursor) {
        const decoded = decodeCursor('draws', query.cursor);
        if (!decoded.ok) return invalid(c, decoded.message);
        before = Number(decoded.key[0]);
      }
      const limit = query.limit ?? 20;
      const rows = s.draws.list(c.get('account'), before, limit + 1);
      const page = rows.slice(0, limit);
      const draws = page.map((r) => {
        const { draw } = JSON.parse(r.record) as { draw: Record<string, unknown> };
        return { id: draw.id, createdAt: draw.createdAt, status: draw.status, totalEntries: draw.totalEntries, validEntries: draw.validEntries, tweetUrl: draw.tweetUrl, drawnAt: draw.drawnAt };
      });
      const next = rows.length > limit ? encodeCursor('draws', [page[page.length - 1]!.seq]) : null;
      return c.json({ draws, hasMore: next !== null, ...(next ? { nextCursor: next } : {}) });
    },
    'draws.export': (c, { params, query }) => {
      const d = s.draws.get(c.get('account'), params.id);
      if (!d) return notFound(c, 'draw', params.id);
      const type = query.type ?? 'winners';
      const { columns, rows } = s.draws.exportRows(d, type);
      const list = [...rows].slice(0, query.format === 'pdf' ? PDF_MAX_ROWS : EXPORT_MAX_ROWS);
      return sendFile(c, query.format, `draw-${d.id}-${type}`, list, { title: `Draw ${d.id} · ${type}`, columns, total: list.length }, false);
    },
  };
}
