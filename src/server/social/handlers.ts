import type { Context } from 'hono';
import { join } from 'node:path';
import * as socialRoutes from '../../contracts/bff-routes/social';
import { fillPath, queryString } from '../../contracts/routes';
import { socialOps } from '../../contracts/social';
import type { Upstreams } from '../connections/upstream';
import type { BffHandler } from '../http/bff-route';
import { serveTable } from '../http/bff-route';
import { apiError, fail } from '../http/errors';
import { upstreamError } from '../connections/describe';
import type { ReceivedLog } from './received-log';
import type { EventHub } from '../events/hub';
import { downloadExport } from './download';
import { rowId, type JobBook } from './jobs';
import type { Scheduler } from './schedules';
import { WebhookSecrets } from './secrets';

export type ConsoleDeps = { upstreams: Upstreams; book: JobBook; scheduler: Scheduler; secrets: WebhookSecrets; log: ReceivedLog; hub: EventHub; dataDir: string; now: () => number };

/** The receiver's URL for a hook, on the origin the service reaches the console at. */
const receiverUrl = (origin: string, hookId: string) => `${origin}${fillPath(socialRoutes.receiver.path, { hookId })}`;

/** What the console adds around the social service (contracts/bff-routes/social.ts; its records: contracts/social/console.ts). */
export function createConsoleRoutes(d: ConsoleDeps, receiver: BffHandler<typeof socialRoutes.receiver>) {
  const social = () => d.upstreams.current('social');
  /** A service export passed through as a file, with the query the browser gave. */
  const exported = (c: Context, path: string) => downloadExport(c, social(), path + new URL(c.req.url).search, join(d.dataDir, 'tmp'));
  const noSchedule = (c: Context, id: string) => fail(c, apiError(404, 'not_found', `No schedule ${id}.`));

  return serveTable(socialRoutes, {
    received: async ({ query }) => {
      const r = await d.log.list({ before: query.cursor ? Number(query.cursor) : null, limit: query.limit, verdict: query.verdict });
      return { deliveries: r.deliveries, hasMore: r.next !== null, nextCursor: r.next === null ? null : String(r.next) };
    },

    // A webhook whose destination is this console: the BFF fills the URL, keeps the secret, shows it this once.
    createWebhook: async ({ body }, c) => {
      const hookId = WebhookSecrets.newHookId();
      const url = receiverUrl(body.origin ?? new URL(c.req.url).origin, hookId);
      const upstream = social();
      const res = await upstream.request(socialOps['webhooks.create'].path, { method: 'POST', body: JSON.stringify({ url, eventTypes: body.eventTypes }) });
      if (!res.ok) return fail(c, await upstreamError('social', res));
      const hook = (await res.json()) as { id: string; secret?: string };
      if (!hook.secret) return fail(c, apiError(502, 'no_secret', 'The service created the webhook but did not give its signing secret, so the console cannot verify its deliveries. Delete it and try again.'));
      d.secrets.put({ webhookId: String(hook.id), secret: hook.secret, hookId, url, mode: upstream.mode, createdAt: d.now() });
      return c.json({ ...hook, receiverUrl: url }, 201);
    },

    jobs: async () => ({ jobs: await d.book.list(social().mode) }),
    job: async ({ params }, c) => (await d.book.get(social().mode, params.id)) ?? fail(c, apiError(404, 'not_found', `The console did not start job ${params.id}, so it has no "only new" record of it.`)),

    // Rows of a job no earlier run of the same tool on the same target had, read from the service page by page.
    newRows: async ({ params, query }, c) => {
      const mode = social().mode;
      const row = await d.book.raw(mode, params.id);
      if (!row) return fail(c, apiError(404, 'not_found', `The console did not start job ${params.id}.`));
      if (row.new_rows === null) return fail(c, apiError(409, 'not_ready', 'The job has not finished (or the console has not read it yet): its new rows are known once it has.'));
      const upstream = d.upstreams.at('social', row.mode, row.base_url);
      const rows: Array<Record<string, unknown>> = [];
      let cursor = query.cursor || undefined;
      let more = true;
      while (rows.length < query.limit && more) {
        const res = await upstream.request(fillPath(socialOps['extractions.get'].path, { id: row.id }) + queryString({ limit: 1000, cursor }));
        if (!res.ok) return fail(c, await upstreamError('social', res));
        const page = (await res.json()) as { results?: Array<Record<string, unknown>>; hasMore?: boolean; nextCursor?: string };
        const results = page.results ?? [];
        const fresh = await d.book.firstSeenIn(row, results.map(rowId));
        rows.push(...results.filter((r) => fresh.has(rowId(r))));
        more = !!page.hasMore && !!page.nextCursor;
        cursor = page.nextCursor;
      }
      const job = await d.book.get(mode, row.id);
      return job ? { job, rows, hasMore: more, nextCursor: more ? (cursor ?? null) : null } : fail(c, apiError(404, 'not_found', `The console did not start job ${params.id}.`));
    },

    schedules: async () => ({ schedules: await d.scheduler.list() }),
    createSchedule: async ({ body }, c) => {
      const s = await d.scheduler.create(body.request, body.everyHours);
      if (body.runNow !== false) await d.scheduler.run(s.id);
      return c.json(await d.scheduler.get(s.id), 201);
    },
    changeSchedule: async ({ params, body }, c) => (await d.scheduler.update(params.id, body)) ?? noSchedule(c, params.id),
    removeSchedule: async ({ params }, c) => ((await d.scheduler.remove(params.id)) ? undefined : noSchedule(c, params.id)),
    runSchedule: async ({ params }, c) => {
      const r = await d.scheduler.run(params.id);
      return 'error' in r ? fail(c, apiError(409, 'not_run', r.error)) : c.json({ ...(await d.scheduler.get(params.id)), jobId: r.jobId });
    },

    extractionExport: ({ params }, c) => exported(c, fillPath(socialOps['extractions.export'].path, { id: params.id })),
    drawExport: ({ params }, c) => exported(c, fillPath(socialOps['draws.export'].path, { id: params.id })),

    // Replay (and redeliver, for the console as destination): the service's API has no such
    // operation, so the console re-reads the event from the service's event log, authenticated by
    // the API key, and pushes it to every tab marked `replayed` (not a signed delivery).
    replayEvent: async ({ params }, c) => {
      const res = await social().request(fillPath(socialOps['events.get'].path, { id: params.id }));
      if (!res.ok) return fail(c, await upstreamError('social', res));
      const event = (await res.json()) as Record<string, unknown>;
      const stored = await d.log.add({ hookId: 'replay', webhookId: null, receivedAt: d.now(), verdict: 'replayed', reason: 'read again from the service’s event log', eventType: String(event.type ?? ''), eventId: String(event.id ?? params.id), deliveryId: null, body: event });
      d.hub.publish({ type: 'social.delivery', delivery: stored });
      return stored;
    },

    receiver,
  });
}
