import { Hono, type Context } from 'hono';
import { stream as honoStream } from 'hono/streaming';
import { forwardBody, queryString, type Operation } from '../../contracts/routes';
import { ServiceId, services } from '../../contracts/services';
import { readOperationInput } from '../../node-lib/operation-input';
import type { Upstreams } from '../connections/upstream';
import { apiError, fail, refusal } from '../http/errors';
import type { Exchange, ServiceAdapter } from './adapter';
import { describe, upstreamError, unreachable } from './describe';
import { sendWithRetry } from './send';
import { rewriteStream } from './stream';

/**
 * `/api/{service}/{documented path}`, registered from each service's route table: queries, path
 * parameters and bodies are checked before anything leaves (unknown fields are passed on), the key
 * is added here, and the caller's own Authorization and cookies are never forwarded. Reads retry
 * (3 tries, `Retry-After` obeyed); writes are sent once and finished even when the browser goes.
 */
export function createProxy(upstreams: Upstreams, adapters: Partial<Record<ServiceId, ServiceAdapter>>) {
  const app = new Hono();

  for (const [sid, adapter] of Object.entries(adapters) as Array<[ServiceId, ServiceAdapter]>) {
    for (const op of adapter.routes) app.on(op.method, `/${sid}${op.path}`, (c) => forward(c, sid, adapter, op));
  }

  async function forward(c: Context, sid: ServiceId, adapter: ServiceAdapter, op: Operation) {
    const read = await readOperationInput(c, op);
    if (!read.ok) return fail(c, refusal(read.refusal));
    const body = (read.input.body === undefined ? undefined : forwardBody(read.raw, read.input.body)) as Record<string, unknown> | undefined;

    const chosen = adapter.keyFor?.(c);
    if (chosen && 'error' in chosen) return fail(c, chosen.error);
    const upstream = upstreams.current(sid, chosen?.key);
    const outBody = body && upstream.mode === 'live' && adapter.toLive ? adapter.toLive(body) : body;
    const search = new URL(c.req.url).search;
    const accept = op.kind === 'stream' ? 'text/event-stream' : 'application/json';
    const isRead = op.method === 'GET';
    const refused = await adapter.beforeSend?.(op, body, { upstream, search });
    if (refused) return fail(c, refused);
    // Headers the operation takes from its caller (Idempotency-Key) pass on; no other header of the caller does.
    const passed = Object.fromEntries((op.headers ?? []).flatMap((h) => (c.req.header(h) ? [[h, c.req.header(h) as string]] : [])));
    // A read stops when the browser stops waiting; a write is finished whatever the browser does.
    const signal = isRead ? c.req.raw.signal : undefined;
    const path = c.req.path.slice(`/api/${sid}`.length);
    let res: Response;
    try {
      res = await sendWithRetry(
        () => upstream.request(path + (isRead ? search : queryString(read.input.query as Record<string, unknown> | undefined)), { method: op.method, body: outBody && JSON.stringify(outBody), accept, signal, headers: passed }),
        // A person is waiting: a longer Retry-After goes back to the page, which says so and retries.
        { retry: isRead, speed: upstreams.speedFor(upstream.mode), signal, maxWaitSeconds: 5 },
      );
    } catch (err) {
      return fail(c, unreachable(sid, upstream.baseUrl, err));
    }
    if (!res.ok) return fail(c, await upstreamError(sid, res));
    const exchange: Exchange = {
      route: op,
      params: (read.input.params ?? {}) as Record<string, string>,
      body,
      mode: upstream.mode,
      baseUrl: upstream.baseUrl,
      status: res.status,
      origin: new URL(c.req.url).origin,
    };

    if (op.kind === 'stream') {
      c.header('content-type', 'text/event-stream');
      c.header('cache-control', 'no-cache');
      return honoStream(c, (s) => rewriteStream(res, s, (json) => adapter.streamRecord?.(json, exchange) ?? json));
    }
    const mode = adapter.answerMode?.(op) ?? 'pass';
    if (mode === 'pass' && res.body && res.status !== 204 && res.headers.get('content-length') !== '0') {
      const type = res.headers.get('content-type') ?? 'application/json';
      return c.body(res.body, res.status as 200, { 'content-type': type });
    }
    const text = await res.text();
    if (!text.trim()) {
      if (op.method === 'DELETE') adapter.deleted?.(exchange);
      return c.body(null, res.status === 204 ? 204 : (res.status as 200));
    }
    if (mode === 'text' && adapter.answerText) return c.body(adapter.answerText(text, exchange), res.status as 200, { 'content-type': 'application/json' });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return fail(c, describe(sid, apiError(502, 'upstream_error', 'the service answered with something that is not JSON')));
    }
    const out = adapter.answer ? adapter.answer(json, exchange) : json;
    return c.json(out as object, res.status as 200);
  }

  app.all('/:service/*', (c) => {
    const service = ServiceId.safeParse(c.req.param('service'));
    if (!service.success) return fail(c, apiError(404, 'unknown_service', `No service is called "${c.req.param('service')}".`));
    const label = services[service.data].label;
    if (!adapters[service.data]) return fail(c, apiError(404, 'not_available', `The ${label} service is not connected in this version of the console yet.`));
    const path = c.req.path.slice(`/api/${service.data}`.length);
    return fail(c, apiError(404, 'unknown_route', `${c.req.method} ${path} is not an operation of the ${label} service's document.`));
  });

  return app;
}
