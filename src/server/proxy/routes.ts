import { Hono, type Context } from 'hono';
import { stream as honoStream } from 'hono/streaming';
import type { ApiError } from '../../contracts/errors';
import { gen3dRoutes } from '../../contracts/gen3d';
import { matchRoute, type RouteDef } from '../../contracts/routes';
import { ServiceId, services } from '../../contracts/services';
import type { Upstreams } from '../connections/upstream';
import { rewriteAssets } from '../archive/assets';
import { toLive } from './dialect';
import { describe, upstreamError, unreachable } from './describe';
import { sendWithRetry } from './send';
import { rewriteStream } from './stream';

/** Routes the BFF lets through, by service. Social and agents join with their features. */
const routeTables: Partial<Record<ServiceId, RouteDef[]>> = { gen3d: gen3dRoutes };
const MAX_BODY = 8 * 1024 * 1024;

export type ProxyHooks = {
  created(service: ServiceId, info: { id: string; createPath: string; body: Record<string, unknown>; mode: 'sandbox' | 'live'; baseUrl: string }): void;
  taskRead(service: ServiceId, id: string, record: unknown): void;
  balanceRead(service: ServiceId, mode: 'sandbox' | 'live', body: unknown): void;
  deleted(service: ServiceId, id: string): void;
};

export const fail = (c: Context, e: ApiError) => c.json({ error: e }, e.status as 400);

const invalid = (message: string, field: string | null = null): ApiError => ({ status: 400, code: 'invalid_input', message, retryAfter: null, field });

/** A refused body or query: every reason, the first field named. Nothing was sent upstream. */
const refused = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): ApiError => {
  const reasons = issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  return invalid(`Nothing was sent: ${reasons.join('; ')}.`, issues[0]?.path.join('.') || null);
};

/**
 * `/api/{service}/{documented path}`: only documented paths and methods pass, bodies are checked
 * against the document before they leave, the key is added here, and the caller's own
 * Authorization and cookies are never forwarded.
 */
export function createProxy(upstreams: Upstreams, hooks: ProxyHooks) {
  const app = new Hono();

  app.all('/:service/*', async (c) => {
    const service = ServiceId.safeParse(c.req.param('service'));
    if (!service.success) return fail(c, { status: 404, code: 'unknown_service', message: `No service is called "${c.req.param('service')}".`, retryAfter: null });
    const sid = service.data;
    const label = services[sid].label;
    const table = routeTables[sid];
    if (!table) return fail(c, { status: 404, code: 'not_available', message: `The ${label} service is not connected in this version of the console yet.`, retryAfter: null });
    const path = c.req.path.slice(`/api/${sid}`.length);
    const match = matchRoute(table, c.req.method, path);
    if (!match) {
      return fail(c, { status: 404, code: 'unknown_route', message: `${c.req.method} ${path} is not an operation of the ${label} service's document.`, retryAfter: null });
    }
    const { route, params } = match;

    if (route.query) {
      const parsed = route.query.safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
      if (!parsed.success) return fail(c, refused(parsed.error.issues));
    }

    let body: Record<string, unknown> | undefined;
    if (route.body) {
      const text = await c.req.text();
      if (text.length > MAX_BODY) return fail(c, { ...invalid('The request body is larger than 8 MB.'), status: 413 });
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return fail(c, invalid('The request body must be JSON.'));
      }
      const parsed = route.body.safeParse(json);
      if (!parsed.success) return fail(c, refused(parsed.error.issues));
      body = parsed.data as Record<string, unknown>;
    }

    const upstream = upstreams.current(sid);
    const outBody = body && upstream.mode === 'live' ? toLive(sid, body) : body;
    const query = route.method === 'GET' ? new URL(c.req.url).search : '';
    const accept = route.kind === 'stream' ? 'text/event-stream' : 'application/json';
    let res: Response;
    try {
      res = await sendWithRetry(
        () => upstream.request(path + query, { method: route.method, body: outBody && JSON.stringify(outBody), accept, signal: c.req.raw.signal }),
        { retry: route.method === 'GET', speed: upstreams.speedFor(upstream.mode), signal: c.req.raw.signal },
      );
    } catch (err) {
      return fail(c, unreachable(sid, upstream.baseUrl, err));
    }
    if (!res.ok) return fail(c, await upstreamError(sid, res));

    if (route.kind === 'stream') {
      c.header('content-type', 'text/event-stream');
      c.header('cache-control', 'no-cache');
      return honoStream(c, (s) => rewriteStream(res, s, sid, params.id ?? ''));
    }
    if (route.kind === 'delete') {
      await res.body?.cancel();
      if (params.id) hooks.deleted(sid, params.id);
      return c.body(null, 200);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      return fail(c, describe(sid, { status: 502, code: 'upstream_error', message: 'the service answered with something that is not JSON', retryAfter: null }));
    }
    if (route.kind === 'create') {
      const id = (json as { result?: unknown } | null)?.result;
      if (typeof id === 'string' && body) hooks.created(sid, { id, createPath: route.path.replace(':product', params.product ?? ''), body, mode: upstream.mode, baseUrl: upstream.baseUrl });
      return c.json(json, res.status as 202);
    }
    if (route.kind === 'task' && params.id) {
      hooks.taskRead(sid, params.id, json);
      return c.json(rewriteAssets(json, sid, params.id), 200);
    }
    if (route.kind === 'list' && Array.isArray(json)) {
      return c.json(json.map((r: unknown) => rewriteAssets(r, sid, String((r as { id?: unknown })?.id ?? ''))), 200);
    }
    if (route.path === '/openapi/v1/balance') hooks.balanceRead(sid, upstream.mode, json);
    return c.json(json, res.status as 200);
  });

  return app;
}
