import { Hono, type Context } from 'hono';
import { stream as honoStream } from 'hono/streaming';
import { fillPath, forwardBody, priceOf, queryString, spendApplies, spendUnit, type Operation, type Price } from '../../contracts/routes';
import { ServiceId, services } from '../../contracts/services';
import type { ServerResponse } from 'node:http';
import { answerText, Stop, type StopSignal } from '../../node-lib/guarded-fetch';
import { readOperationInput, searchOf } from '../../node-lib/operation-input';
import type { Upstream, Upstreams } from '../connections/upstream';
import type { ApiError } from '../../contracts/errors';
import { apiError, fail, refusal } from '../http/errors';
import type { Exchange, ServiceAdapter } from './adapter';
import { describe, upstreamError, unreachable } from '../connections/describe';
import { sendWithRetry } from '../connections/send';
import { rewriteStream } from './stream';
import { crashPoint } from '../spend/crash';
import type { SpendLifecycle } from '../spend/lifecycle';
import type { SpendLog } from '../spend/spend-log';

export type ProxyDeps = {
  /** The spend ledger: a credit-spending write is recorded (and checked against the limits) before it leaves. */
  spends: SpendLog;
  /** How a recorded write's end is written to its row (sent, refused, or unknown and looked up). */
  spend: SpendLifecycle;
  now: () => number;
};

/**
 * `/api/{service}/{documented path}`, registered from each service's route table: queries, path
 * parameters and bodies are checked before anything leaves (unknown fields are passed on), the key
 * is added here, and the caller's own Authorization and cookies are never forwarded. Reads retry
 * (3 tries, `Retry-After` obeyed); writes are sent once and finished even when the browser goes.
 */
export function createProxy(upstreams: Upstreams, adapters: Partial<Record<ServiceId, ServiceAdapter>>, deps: ProxyDeps) {
  const { spends, spend, now } = deps;
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
    const search = searchOf(c.req.url);
    const accept = op.kind === 'stream' ? 'text/event-stream' : 'application/json';
    const isRead = op.method === 'GET';
    // Headers the operation takes from its caller (Idempotency-Key) pass on; no other header of the caller does.
    const passed = Object.fromEntries((op.headers ?? []).flatMap((h) => (c.req.header(h) ? [[h, c.req.header(h) as string]] : [])));
    // A read stops when the browser stops waiting; a write is finished whatever the browser does.
    const signal = isRead ? browserGone(c) : undefined;
    const path = c.req.path.slice(`/api/${sid}`.length);
    const params = (read.input.params ?? {}) as Record<string, string>;
    const spent = { service: sid, operation: op.id };

    // Nothing that spends credits leaves before the spend ledger holds it (and the guard passed it).
    let spendId: number | null = null;
    if (op.spend && !isRead && spendApplies(op.spend, body, read.input.query)) {
      // A price only the service knows (an extraction's estimate) is asked for first: a read, nothing spent.
      const price = priceOf(op.spend, body) ?? (await quote(adapter, op, body, upstream));
      if ('status' in price) return fail(c, price);
      const unit = spendUnit(op.spend, body);
      const at = { mode: upstream.mode, baseUrl: upstream.baseUrl };
      const refuse = adapter.refuseSpend && (async () => (await adapter.refuseSpend?.(op, body ?? {}, at)) ?? null);
      const reserved = await spends.reserve({ op, ...at, path: fillPath(op.path, params), body: body ?? {}, price, unit, at: now(), refuse, actor: c.get('operator')?.email ?? null });
      if (!reserved.ok) return fail(c, reserved.error);
      spendId = reserved.id;
      // The audit log names this write's spend row (audit/audit-log.ts).
      c.set('spendId', spendId);
      crashPoint('spend-recorded');
    }

    // A write that spends is read whole (its ledger row learns what it made); other answers the BFF need not see pass untouched.
    const mode = spendId !== null ? 'json' : (adapter.answerMode?.(op) ?? 'pass');
    // An answer the BFF reads anyway is read whole by the guarded fetcher (same limits), not streamed through it.
    const whole = op.kind !== 'stream' && mode !== 'pass';
    let res: Response;
    try {
      res = await sendWithRetry(
        () => upstream.request(path + (isRead ? search : queryString(read.input.query as Record<string, unknown> | undefined)), { method: op.method, body: outBody && JSON.stringify(outBody), accept, signal, headers: passed, whole }),
        // A person is waiting: a longer Retry-After goes back to the page, which says so and retries.
        { retry: isRead, speed: upstreams.speedFor(upstream.mode), signal, maxWaitSeconds: 5 },
      );
    } catch (err) {
      if (spendId === null) return fail(c, unreachable(sid, upstream.baseUrl, err));
      const error = unreachable(sid, upstream.baseUrl, err, false);
      // Refused by the console's own rules: it never left.
      if (error.code === 'destination_refused') return fail(c, await spend.answeredError(spendId, spent, error));
      return fail(c, await spend.unknown(spendId, spent, error));
    }
    if (!res.ok) {
      if (spendId === null) return fail(c, await upstreamError(sid, res));
      return fail(c, await spend.answeredError(spendId, spent, await upstreamError(sid, res, false)));
    }
    if (spendId !== null) crashPoint('upstream-answered');
    const exchange: Exchange = {
      route: op,
      params,
      body,
      spendId,
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
    if (mode === 'pass' && res.body && res.status !== 204 && res.headers.get('content-length') !== '0') {
      const type = res.headers.get('content-type') ?? 'application/json';
      return c.body(res.body, res.status as 200, { 'content-type': type });
    }
    let text: string;
    try {
      text = await answerText(res);
    } catch (err) {
      return fail(c, spendId === null ? unreachable(sid, upstream.baseUrl, err) : await spend.unknown(spendId, spent, unreachable(sid, upstream.baseUrl, err, false)));
    }
    if (!text.trim()) {
      if (spendId !== null) await spend.sent(spendId, null);
      if (op.method === 'DELETE') await adapter.deleted?.(exchange);
      return c.body(null, res.status === 204 ? 204 : (res.status as 200));
    }
    // The rewritten answer comes as its UTF-8 bytes: as text, the answer's Response would check it for lone
    // surrogates, measure its UTF-8 length and encode it again.
    if (mode === 'text' && adapter.answerText) return c.body(adapter.answerText(text, exchange), res.status as 200, { 'content-type': 'application/json' });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // A 2xx the console cannot read: the service did it, but what it made is unknown.
      if (spendId !== null) await spend.sent(spendId, null);
      return fail(c, describe(sid, apiError(502, 'upstream_error', 'the service answered with something that is not JSON')));
    }
    // The answer and its ledger rows are written together: a crash leaves both or neither.
    const out = await spends.atomically(async () => {
      const answered = adapter.answer ? await adapter.answer(json, exchange) : json;
      if (spendId !== null) await spend.sent(spendId, adapter.spendRef?.(json) ?? null, adapter.spendCharge?.(json, exchange) ?? null);
      return answered;
    });
    if (spendId !== null) crashPoint('task-recorded');
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

/**
 * Stops when the browser stops waiting for `c`'s answer: the node server's response closes before
 * it is finished. The request's own `signal` would do the same through an AbortController and an
 * EventTarget made for every request; without the node server (an in-process call) it is what there is.
 */
function browserGone(c: Context): StopSignal {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing === undefined) return c.req.raw.signal;
  const stop = new Stop();
  const gone = () => {
    // Closed once answered: nothing to stop (and no error made for it).
    if (!outgoing.writableFinished) stop.abort(new DOMException('The browser stopped waiting.', 'AbortError'));
  };
  if (outgoing.closed) gone();
  else outgoing.once('close', gone);
  return stop;
}

/** The service's own price for a quoted write, or why it could not be had (nothing is sent then). */
async function quote(adapter: ServiceAdapter, op: Operation, body: Record<string, unknown> | undefined, upstream: Upstream): Promise<Price | ApiError> {
  if (!adapter.quote) return apiError(500, 'price_unknown', `The console cannot price "${op.summary}" before sending it, so nothing was sent.`);
  try {
    return await adapter.quote(op, body ?? {}, upstream);
  } catch (err) {
    return apiError(502, 'price_unknown', `The console could not ask the service what "${op.summary}" costs (${(err as Error).message}), so nothing was sent.`);
  }
}
