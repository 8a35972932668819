import { Hono, type Context } from 'hono';
import { join } from 'node:path';
import { DEFAULT_MAX_BODY, fillPath, queryString } from '../../contracts/routes';
import { ConsoleWebhookCreate, exportFormats, ScheduleCreate, SchedulePatch, SOCIAL_RECEIVER, socialOps, verdicts, type Verdict } from '../../contracts/social';
import type { ZodMiniType } from 'zod/mini';
import type { Upstreams } from '../connections/upstream';
import { apiError, fail } from '../http/errors';
import { readJson } from '../http/input';
import { upstreamError } from '../connections/describe';
import type { ReceivedLog } from './received-log';
import type { EventHub } from '../events/hub';
import { downloadExport } from './download';
import { rowId, type JobBook } from './jobs';
import type { Scheduler } from './schedules';
import { WebhookSecrets } from './secrets';

export type ConsoleDeps = { upstreams: Upstreams; book: JobBook; scheduler: Scheduler; secrets: WebhookSecrets; log: ReceivedLog; hub: EventHub; dataDir: string; now: () => number };

/** A body as large as the service's own operations take (an extraction request in a schedule). */
async function body<T>(c: Context, schema: ZodMiniType<T>): Promise<{ ok: true; value: T } | { ok: false; res: Response }> {
  const read = await readJson(c, schema, 'Nothing was sent', { max: DEFAULT_MAX_BODY });
  return read.ok ? { ok: true, value: read.value as T } : { ok: false, res: fail(c, read.error) };
}
const int = (v: string | undefined, min: number, max: number, dflt: number) => Math.min(max, Math.max(min, Number.isFinite(Number(v)) && v ? Number(v) : dflt));

/** `/api/social-console`: what the console adds around the social service (see contracts/social/console.ts). */
export function createConsoleRoutes(d: ConsoleDeps) {
  const app = new Hono();
  const social = () => d.upstreams.current('social');

  app.get('/received', async (c) => {
    const verdict = c.req.query('verdict');
    if (verdict && !(verdicts as readonly string[]).includes(verdict)) return fail(c, apiError(400, 'invalid_input', `verdict must be one of ${verdicts.join(', ')}.`, { field: 'verdict' }));
    const r = await d.log.list({ before: c.req.query('cursor') ? Number(c.req.query('cursor')) : null, limit: int(c.req.query('limit'), 1, 200, 50), verdict: verdict as Verdict | undefined });
    return c.json({ deliveries: r.deliveries, hasMore: r.next !== null, nextCursor: r.next === null ? null : String(r.next) });
  });

  // A webhook whose destination is this console: the BFF fills the URL, keeps the secret, shows it this once.
  app.post('/webhooks', async (c) => {
    const b = await body(c, ConsoleWebhookCreate);
    if (!b.ok) return b.res;
    const hookId = WebhookSecrets.newHookId();
    const url = `${b.value.origin ?? new URL(c.req.url).origin}${SOCIAL_RECEIVER}/${hookId}`;
    const upstream = social();
    const res = await upstream.request(socialOps['webhooks.create'].path, { method: 'POST', body: JSON.stringify({ url, eventTypes: b.value.eventTypes }) });
    if (!res.ok) return fail(c, await upstreamError('social', res));
    const hook = (await res.json()) as { id: string; secret?: string };
    if (!hook.secret) return fail(c, apiError(502, 'no_secret', 'The service created the webhook but did not give its signing secret, so the console cannot verify its deliveries. Delete it and try again.'));
    d.secrets.put({ webhookId: String(hook.id), secret: hook.secret, hookId, url, mode: upstream.mode, createdAt: d.now() });
    return c.json({ ...hook, receiverUrl: url }, 201);
  });

  app.get('/jobs', async (c) => c.json({ jobs: await d.book.list(social().mode) }));
  app.get('/jobs/:id', async (c) => {
    const job = await d.book.get(social().mode, c.req.param('id'));
    return job ? c.json(job) : fail(c, apiError(404, 'not_found', `The console did not start job ${c.req.param('id')}, so it has no "only new" record of it.`));
  });

  // Rows of a job no earlier run of the same tool on the same target had, read from the service page by page.
  app.get('/jobs/:id/new', async (c) => {
    const mode = social().mode;
    const row = await d.book.raw(mode, c.req.param('id'));
    if (!row) return fail(c, apiError(404, 'not_found', `The console did not start job ${c.req.param('id')}.`));
    if (row.new_rows === null) return fail(c, apiError(409, 'not_ready', 'The job has not finished (or the console has not read it yet): its new rows are known once it has.'));
    const limit = int(c.req.query('limit'), 1, 1000, 100);
    const upstream = d.upstreams.at('social', row.mode, row.base_url);
    const rows: Array<Record<string, unknown>> = [];
    let cursor = c.req.query('cursor') || undefined;
    let more = true;
    while (rows.length < limit && more) {
      const res = await upstream.request(fillPath(socialOps['extractions.get'].path, { id: row.id }) + queryString({ limit: 1000, cursor }));
      if (!res.ok) return fail(c, await upstreamError('social', res));
      const page = (await res.json()) as { results?: Array<Record<string, unknown>>; hasMore?: boolean; nextCursor?: string };
      const results = page.results ?? [];
      const fresh = await d.book.firstSeenIn(row, results.map(rowId));
      rows.push(...results.filter((r) => fresh.has(rowId(r))));
      more = !!page.hasMore && !!page.nextCursor;
      cursor = page.nextCursor;
    }
    return c.json({ job: await d.book.get(mode, row.id), rows, hasMore: more, nextCursor: more ? (cursor ?? null) : null });
  });

  app.get('/schedules', async (c) => c.json({ schedules: await d.scheduler.list() }));
  app.post('/schedules', async (c) => {
    const b = await body(c, ScheduleCreate);
    if (!b.ok) return b.res;
    const s = await d.scheduler.create(b.value.request, b.value.everyHours);
    if (b.value.runNow !== false) await d.scheduler.run(s.id);
    return c.json(await d.scheduler.get(s.id), 201);
  });
  app.patch('/schedules/:id', async (c) => {
    const b = await body(c, SchedulePatch);
    if (!b.ok) return b.res;
    const s = await d.scheduler.update(c.req.param('id'), b.value);
    return s ? c.json(s) : fail(c, apiError(404, 'not_found', `No schedule ${c.req.param('id')}.`));
  });
  app.delete('/schedules/:id', async (c) => ((await d.scheduler.remove(c.req.param('id'))) ? c.body(null, 204) : fail(c, apiError(404, 'not_found', `No schedule ${c.req.param('id')}.`))));
  app.post('/schedules/:id/run', async (c) => {
    const r = await d.scheduler.run(c.req.param('id'));
    return 'error' in r ? fail(c, apiError(409, 'not_run', r.error)) : c.json({ ...(await d.scheduler.get(c.req.param('id'))), jobId: r.jobId });
  });

  const format = (c: Context) => {
    const f = c.req.query('format') ?? '';
    return (exportFormats as readonly string[]).includes(f) ? f : null;
  };
  app.get('/extractions/:id/export', (c) => {
    const f = format(c);
    if (!f) return fail(c, apiError(400, 'invalid_input', `Nothing was sent: format must be one of ${exportFormats.join(', ')}.`, { field: 'format' }));
    return downloadExport(c, social(), fillPath(socialOps['extractions.export'].path, { id: c.req.param('id') }) + new URL(c.req.url).search, join(d.dataDir, 'tmp'));
  });
  app.get('/draws/:id/export', (c) => {
    if (!format(c)) return fail(c, apiError(400, 'invalid_input', `Nothing was sent: format must be one of ${exportFormats.join(', ')}.`, { field: 'format' }));
    return downloadExport(c, social(), fillPath(socialOps['draws.export'].path, { id: c.req.param('id') }) + new URL(c.req.url).search, join(d.dataDir, 'tmp'));
  });

  // Replay (and redeliver, for the console as destination): the service's API has no such
  // operation, so the console re-reads the event from the service's event log, authenticated by
  // the API key, and pushes it to every tab marked `replayed` (not a signed delivery).
  app.post('/events/:id/replay', async (c) => {
    const res = await social().request(fillPath(socialOps['events.get'].path, { id: c.req.param('id') }));
    if (!res.ok) return fail(c, await upstreamError('social', res));
    const event = (await res.json()) as Record<string, unknown>;
    const stored = await d.log.add({ hookId: 'replay', webhookId: null, receivedAt: d.now(), verdict: 'replayed', reason: 'read again from the service’s event log', eventType: String(event.type ?? ''), eventId: String(event.id ?? c.req.param('id')), deliveryId: null, body: event });
    d.hub.publish({ type: 'social.delivery', delivery: stored });
    return c.json(stored);
  });

  return app;
}
