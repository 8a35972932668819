import { Hono, type Context } from 'hono';
import { stream as honoStream } from 'hono/streaming';
import type { ApiError } from '../../contracts/errors';
import { matchRoute } from '../../contracts/routes';
import { ServiceId, services } from '../../contracts/services';
import type { Upstreams } from '../connections/upstream';
import type { Exchange, ServiceAdapter } from './adapter';
import { describe, upstreamError, unreachable } from './describe';
import { sendWithRetry } from './send';
import { rewriteStream } from './stream';

const MAX_BODY = 8 * 1024 * 1024;

export const fail = (c: Context, e: ApiError) => c.json({ error: e }, e.status as 400);

const invalid = (message: string, field: string | null = null): ApiError => ({ status: 400, code: 'invalid_input', message, retryAfter: null, field });

/** A refused body or query: every reason, the first field named. Nothing was sent upstream. */
const refused = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): ApiError => {
  const reasons = issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  return invalid(`Nothing was sent: ${reasons.join('; ')}.`, issues[0]?.path.join('.') || null);
};

/**
 * `/api/{service}/{documented path}`: only documented paths and methods pass, queries and bodies
 * are checked against the document before they leave, the key is added here, and the caller's own
 * Authorization and cookies are never forwarded. Reads retry (3 tries, `Retry-After` obeyed);
 * writes are sent once.
 */
export function createProxy(upstreams: Upstreams, adapters: Partial<Record<ServiceId, ServiceAdapter>>) {
  const app = new Hono();

  app.all('/:service/*', async (c) => {
    const service = ServiceId.safeParse(c.req.param('service'));
    if (!service.success) return fail(c, { status: 404, code: 'unknown_service', message: `No service is called "${c.req.param('service')}".`, retryAfter: null });
    const sid = service.data;
    const label = services[sid].label;
    const adapter = adapters[sid];
    if (!adapter) return fail(c, { status: 404, code: 'not_available', message: `The ${label} service is not connected in this version of the console yet.`, retryAfter: null });
    const path = c.req.path.slice(`/api/${sid}`.length);
    const match = matchRoute(adapter.routes, c.req.method, path);
    if (!match) {
      return fail(c, { status: 404, code: 'unknown_route', message: `${c.req.method} ${path} is not an operation of the ${label} service's document.`, retryAfter: null });
    }
    const { route, params } = match;

    const search = new URL(c.req.url).searchParams;
    if (route.query) {
      const parsed = route.query.safeParse(Object.fromEntries(search));
      if (!parsed.success) return fail(c, refused(parsed.error.issues));
    }

    let body: Record<string, unknown> | undefined;
    if (route.body) {
      const text = await c.req.text();
      if (text.length > MAX_BODY) return fail(c, { ...invalid('The request body is larger than 8 MB.'), status: 413 });
      let json: unknown;
      try {
        json = text.trim() === '' && route.method !== 'POST' ? {} : JSON.parse(text || '{}');
      } catch {
        return fail(c, invalid('The request body must be JSON.'));
      }
      const parsed = route.body.safeParse(json);
      if (!parsed.success) return fail(c, refused(parsed.error.issues));
      body = parsed.data as Record<string, unknown>;
    }

    const chosen = adapter.keyFor?.(c);
    if (chosen && 'error' in chosen) return fail(c, chosen.error);
    const upstream = upstreams.current(sid, chosen?.key);
    const outBody = body && upstream.mode === 'live' && adapter.toLive ? adapter.toLive(body) : body;
    const query = route.method === 'GET' && search.size ? `?${search.toString()}` : '';
    const accept = route.kind === 'stream' ? 'text/event-stream' : 'application/json';
    let res: Response;
    try {
      res = await sendWithRetry(
        () => upstream.request(path + query, { method: route.method, body: outBody && JSON.stringify(outBody), accept, signal: c.req.raw.signal }),
        // A person is waiting: a longer Retry-After goes back to the page, which says so and retries.
        { retry: route.method === 'GET', speed: upstreams.speedFor(upstream.mode), signal: c.req.raw.signal, maxWaitSeconds: 5 },
      );
    } catch (err) {
      return fail(c, unreachable(sid, upstream.baseUrl, err));
    }
    if (!res.ok) return fail(c, await upstreamError(sid, res));
    const exchange: Exchange = { route, params, body, mode: upstream.mode, baseUrl: upstream.baseUrl, status: res.status, origin: new URL(c.req.url).origin };

    if (route.kind === 'stream') {
      c.header('content-type', 'text/event-stream');
      c.header('cache-control', 'no-cache');
      return honoStream(c, (s) => rewriteStream(res, s, (json) => adapter.streamRecord?.(json, exchange) ?? json));
    }
    const text = await res.text();
    if (!text.trim()) {
      if (route.method === 'DELETE') adapter.deleted?.(exchange);
      return c.body(null, res.status === 204 ? 204 : (res.status as 200));
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return fail(c, describe(sid, { status: 502, code: 'upstream_error', message: 'the service answered with something that is not JSON', retryAfter: null }));
    }
    const out = adapter.answer ? adapter.answer(json, exchange) : json;
    return c.json(out as object, res.status as 200);
  });

  return app;
}
