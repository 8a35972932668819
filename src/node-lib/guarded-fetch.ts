import { lookup } from 'node:dns/promises';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream, ReadableStreamReadResult } from 'node:stream/web';
import { addressKind, isLoopbackName, type AddressKind } from './net-address';

/**
 * The one way anything in this project sends a request off the process (BFF and sandboxes alike;
 * it imports nothing of either). Every request belongs to one of three classes of destination:
 *
 * - `service`: a service's API and file hosts, named by the caller (the base URL's host and the
 *   live-service notes (docs/live-services.md#3d-generation--files) asset host); https for live services.
 * - `operator`: destinations an operator names (an agent endpoint, a webhook target): https public
 *   hosts; loopback and private addresses only when the operator allows them.
 * - `delivery`: the sandboxes' own deliveries: loopback, or what `operator` allows.
 *
 * The host rules are checked on the address actually connected to: names are resolved here, every
 * answer is checked, and the socket connects to the checked address (a second lookup by the socket
 * could be answered differently: DNS rebinding). Literal tricks (`0x7f000001`, `2130706433`,
 * `017700000001`, `[::ffff:127.0.0.1]`) are read by the URL parser into the addresses they mean
 * and checked like any other. Each kind of request has a connect and a total (or idle) time limit
 * and a size limit; the error says which one tripped. Answers are streamed: to the caller as a
 * `Response`, or to disk with `saveBody`.
 */

export type DestinationClass = 'service' | 'operator' | 'delivery';
export type RequestKind = 'read' | 'write' | 'stream' | 'file';
/** How a kind of address may be reached: not at all, over https only, or also over plain http. */
export type Reach = 'no' | 'https' | 'http';

export type Policy = {
  class: DestinationClass;
  /** Only these hosts (`URL.host`: name, plus the port when it is not the scheme's default). */
  hosts?: readonly string[];
  public: Reach;
  loopback: Reach;
  private: Reach;
};

/** The three classes' rules. */
export const policies = {
  /** (a) A service's hosts; `live` requires https except to loopback when `allowLoopback`. */
  service: (o: { hosts: readonly string[]; live: boolean; allowLoopback?: boolean; allowPrivate?: boolean }): Policy => ({
    class: 'service',
    hosts: o.hosts.map((h) => h.toLowerCase()),
    public: o.live ? 'https' : 'http',
    loopback: o.allowLoopback || !o.live ? 'http' : 'no',
    private: o.allowPrivate ? 'https' : 'no',
  }),
  /** (b) Operator-named destinations. */
  operator: (o: { allowPrivate?: boolean }): Policy => ({
    class: 'operator',
    public: 'https',
    loopback: o.allowPrivate ? 'http' : 'no',
    private: o.allowPrivate ? 'http' : 'no',
  }),
  /** (c) Sandbox deliveries: loopback always, otherwise as (b). */
  delivery: (o: { allowPrivate?: boolean }): Policy => ({
    class: 'delivery',
    public: 'https',
    loopback: 'http',
    private: o.allowPrivate ? 'http' : 'no',
  }),
};

export type Limits = {
  /** From the start until the connection (TLS included) is up. */
  connectMs: number;
  /** From the start until the whole answer has arrived; null for streams. */
  totalMs: number | null;
  /** Longest silence inside the answer; null: none. */
  idleMs: number | null;
  maxBytes: number;
};

const MB = 1024 * 1024;
export const DEFAULT_LIMITS: Readonly<Record<RequestKind, Limits>> = {
  read: { connectMs: 10_000, totalMs: 30_000, idleMs: null, maxBytes: 32 * MB },
  write: { connectMs: 10_000, totalMs: 120_000, idleMs: null, maxBytes: 32 * MB },
  stream: { connectMs: 10_000, totalMs: null, idleMs: 60_000, maxBytes: 64 * MB },
  file: { connectMs: 10_000, totalMs: 15 * 60_000, idleMs: 60_000, maxBytes: 512 * MB },
};

export type FetchFailure = 'refused' | 'connect_limit' | 'total_limit' | 'idle_limit' | 'too_large' | 'network' | 'aborted';

/** Why a guarded request did not get an answer; `message` is a sentence fragment for the operator. */
export class GuardedFetchError extends Error {
  constructor(
    readonly reason: FetchFailure,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'GuardedFetchError';
  }
}

export type Transport = (req: Request) => Promise<Response>;

/**
 * Transports that run in this process and never read a request's signal (the embedded sandbox):
 * a stop reaches them through their answer's body, which the guarded fetcher cancels, and the
 * wait for their answer ends at once whatever they do. Their Request is built without a signal
 * (each one costs an AbortController and a listener).
 */
const bodyStopped = new WeakSet<Transport>();

/** Marks `transport` as stopped through its answer's body (see `bodyStopped`); returns it. */
export function stoppedThroughBody(transport: Transport): Transport {
  bodyStopped.add(transport);
  return transport;
}

/**
 * What a body-less request to an in-process transport (see `bodyStopped`) is given: its URL, method
 * and headers are its own; anything else asked of it (its signal, `clone`, `text`, ...) comes from a
 * full Request built then, once. A full one per call would parse the URL again, copy the headers
 * into a second Headers and make an AbortController, for a handler that reads only the three.
 */
class LightRequest {
  private full?: Request;
  constructor(
    readonly url: string,
    readonly method: string,
    readonly headers: Headers,
  ) {}

  static {
    Object.setPrototypeOf(LightRequest.prototype, Request.prototype);
    for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(Request.prototype))) {
      if (key === 'constructor' || key === 'url' || key === 'method' || key === 'headers') continue;
      const get = (r: LightRequest) => (r.full ??= new Request(r.url, { method: r.method, headers: r.headers, redirect: 'manual' })) as unknown as Record<string, unknown>;
      if (d.get) Object.defineProperty(LightRequest.prototype, key, { get(this: LightRequest) { return get(this)[key]; } });
      else if (typeof d.value === 'function')
        Object.defineProperty(LightRequest.prototype, key, {
          value(this: LightRequest, ...args: unknown[]) {
            const full = get(this);
            return (full[key] as (...a: unknown[]) => unknown).apply(full, args);
          },
        });
    }
  }
}

/** What `new Headers()` takes (the DOM's `HeadersInit`, which Node's types do not name). */
type HeadersInit = ConstructorParameters<typeof Headers>[0];

/** A request by its parts: no `Request` object is built unless a transport takes one. */
export type RequestParts = { url: string | URL; method?: string; headers?: HeadersInit; body?: string | null };
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export type GuardedFetchOptions = {
  policy: Policy;
  kind: RequestKind;
  limits?: Partial<Limits>;
  signal?: StopSignal;
  /** Stands in for DNS and the socket: the in-process sandbox, or a test's local imitation of a live service. */
  transport?: Transport;
  /** Name resolution (tests imitate DNS rebinding with it). */
  resolve?: Resolver;
  /**
   * The caller reads the answer whole as text (a JSON answer): it is read here, under the same
   * size, total-time and abort rules, and `answerText` hands it over without decoding it again.
   * Kinds with an idle limit (streams, files) are always streamed.
   */
  whole?: boolean;
};

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
export const sizeWords = (bytes: number) => (bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`);
const kindWords: Record<RequestKind, string> = { read: 'read', write: 'write', stream: 'stream', file: 'file download' };

const refused = (host: string, why: string) => new GuardedFetchError('refused', `the console does not send requests to ${host}: ${why}`);
const tooLarge = (max: number) => new GuardedFetchError('too_large', `the answer is larger than the size limit (${sizeWords(max)})`);
const limitError = (which: 'connect' | 'total' | 'idle', kind: RequestKind, ms: number) =>
  which === 'connect'
    ? new GuardedFetchError('connect_limit', `no connection within the connect time limit for a ${kindWords[kind]} (${seconds(ms)})`)
    : which === 'total'
      ? new GuardedFetchError('total_limit', `the answer did not arrive within the total time limit for a ${kindWords[kind]} (${seconds(ms)})`)
      : new GuardedFetchError('idle_limit', `nothing arrived for ${seconds(ms)} (the idle time limit for a ${kindWords[kind]})`);

function asFailure(err: unknown): GuardedFetchError {
  if (err instanceof GuardedFetchError) return err;
  if (err instanceof Error && err.name === 'AbortError') return new GuardedFetchError('aborted', 'the request was stopped');
  const code = (err as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (err as { cause?: { code?: unknown } } | null)?.cause?.code;
  return new GuardedFetchError('network', `the connection failed${typeof code === 'string' ? ` (${code})` : ''}`, typeof code === 'string' ? code : null);
}

const reachOf = (policy: Policy, kind: AddressKind): Reach => (kind === 'reserved' ? 'no' : policy[kind]);
const kindWordsOf: Record<AddressKind, string> = {
  public: 'a public address',
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  reserved: 'a reserved or link-local address',
};

/** Checks one address against the policy for a scheme; returns the refusal, or null. */
function addressRefusal(policy: Policy, kind: AddressKind, https: boolean): string | null {
  const reach = reachOf(policy, kind);
  if (reach === 'no') return `it is ${kindWordsOf[kind]}${kind === 'reserved' ? '' : ', which this console is not set to reach'}`;
  if (reach === 'https' && !https) return `${kind === 'public' ? 'it' : `it is ${kindWordsOf[kind]} and`} uses plain http; only https is allowed here`;
  return null;
}

/** Checks a URL before anything is sent; with `resolve`, also every address its name resolves to. Returns the address to connect to. */
async function checkDestination(url: URL, policy: Policy, resolve: Resolver | null): Promise<{ address: string; family: number } | null> {
  const host = url.host || url.href;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refused(host, `${url.protocol} is not http or https`);
  if (url.username || url.password) throw refused(host, 'the URL carries a user name or password');
  if (policy.hosts && !policy.hosts.includes(url.host.toLowerCase())) throw refused(host, `requests of this kind go only to ${policy.hosts.join(', ')}`);
  const https = url.protocol === 'https:';
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  // An address says what it is: its own rule (which names the reason) decides.
  const literal = addressKind(hostname);
  if (literal) {
    const why = addressRefusal(policy, literal, https);
    if (why) throw refused(host, why);
    return { address: hostname, family: isIP(hostname) };
  }
  if (!https && ![policy.public, policy.loopback, policy.private].includes('http')) throw refused(host, 'it uses plain http; only https is allowed here');
  if (!resolve) {
    // No resolver (a transport stands in for the network): a name may use plain http only where public hosts may, or as a loopback name where loopback may.
    if (!https && reachOf(policy, 'public') !== 'http' && !(isLoopbackName(hostname) && reachOf(policy, 'loopback') === 'http')) {
      throw refused(host, 'it uses plain http; only https is allowed here');
    }
    return null;
  }
  let answers: Array<{ address: string; family: number }>;
  try {
    answers = await resolve(hostname);
  } catch (err) {
    throw asFailure(err);
  }
  if (answers.length === 0) throw new GuardedFetchError('network', 'the name does not resolve', 'ENOTFOUND');
  for (const a of answers) {
    const kind = addressKind(a.address) ?? 'reserved';
    if (isLoopbackName(hostname) && kind !== 'loopback') throw refused(host, 'a loopback name resolves elsewhere');
    const why = addressRefusal(policy, kind, https);
    if (why) throw refused(host, why.replace(/^it is/, 'it resolves to'));
  }
  return answers[0] as { address: string; family: number };
}

const systemResolve: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Why a request to `url` would be refused under `policy` (the same checks as `guardedFetch`, the
 * name resolved by `resolve`), or null when it would be let through: for a destination given now
 * and used later (a webhook), refused when it is given rather than when it is first used.
 */
export async function destinationRefusal(url: string, policy: Policy, resolve: Resolver = systemResolve): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'it is not a complete URL';
  }
  try {
    await checkDestination(parsed, policy, resolve);
    return null;
  } catch (err) {
    if (err instanceof GuardedFetchError) return err.message;
    throw err;
  }
}
const nullBodyStatus = (s: number) => s === 101 || s === 204 || s === 205 || s === 304;

/**
 * Every reason to stop one request (the caller's signal, the total, size and idle limits), read
 * like an AbortSignal (`aborted`, `reason`, `abort` listeners, each run once). A real AbortSignal
 * is made only when something takes one (a network transport's Request): an in-process call
 * never needs one, and each costs an AbortController and its listeners.
 */
export class Stop {
  aborted = false;
  reason: unknown = undefined;
  private listeners: Array<() => void> | null = null;
  private controller: AbortController | null = null;

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
    const listeners = this.listeners;
    this.listeners = null;
    if (listeners === null) return;
    for (const listener of listeners) {
      try {
        listener();
      } catch (err) {
        // As an EventTarget does: a listener's error does not keep the others from running.
        queueMicrotask(() => {
          throw err;
        });
      }
    }
  }

  /** `listener` runs once, when the request stops (not when it has already stopped, as with an AbortSignal). */
  addEventListener(_type: 'abort', listener: () => void, _options?: { once: true }): void {
    if (!this.aborted) (this.listeners ??= []).push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const at = this.listeners?.indexOf(listener) ?? -1;
    if (at !== -1) this.listeners?.splice(at, 1);
  }

  /** An AbortSignal that follows this stop. */
  get signal(): AbortSignal {
    if (this.controller === null) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }
}

/**
 * What a caller stops a request with: an AbortSignal, or a `Stop` (which costs no AbortController
 * and no EventTarget until something needs a real signal).
 */
export type StopSignal = Pick<AbortSignal, 'aborted' | 'reason'> & {
  addEventListener(type: 'abort', listener: () => void, options?: { once: true }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
};

/** One request over a socket to the checked address (TLS still checks the certificate against the name). */
function socketRequest(
  url: URL,
  target: { address: string; family: number },
  init: { method: string; headers: Headers; body: Buffer | null },
  connectMs: number,
  kind: RequestKind,
  signal: Stop,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const headers: Record<string, string> = {};
    init.headers.forEach((v, k) => (headers[k] = v));
    headers.host = url.host;
    if (init.body) headers['content-length'] = String(init.body.length);
    const req = (secure ? https : http).request({
      host: target.address,
      family: target.family,
      port: url.port ? Number(url.port) : secure ? 443 : 80,
      method: init.method,
      path: `${url.pathname}${url.search}`,
      headers,
      agent: false,
      ...(secure && !isIP(hostname) ? { servername: hostname } : {}),
    });
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      reject(signal.aborted ? asFailure(signal.reason) : asFailure(err));
    };
    const connectTimer = setTimeout(() => {
      const e = limitError('connect', kind, connectMs);
      fail(e);
      req.destroy(e);
    }, connectMs);
    req.on('socket', (socket) => socket.once(secure ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer)));
    req.on('error', fail);
    const onAbort = () => req.destroy(asFailure(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    req.on('response', (res) => {
      clearTimeout(connectTimer);
      settled = true;
      const out = new Headers();
      for (const [k, v] of Object.entries(res.headers)) {
        if (Array.isArray(v)) for (const x of v) out.append(k, x);
        else if (v !== undefined) out.set(k, v);
      }
      const status = res.statusCode ?? 502;
      res.on('close', () => signal.removeEventListener('abort', onAbort));
      if (nullBodyStatus(status)) {
        res.resume();
        resolve(new Response(null, { status, headers: out }));
      } else resolve(new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, { status, statusText: res.statusMessage ?? '', headers: out }));
    });
    req.end(init.body ?? undefined);
  });
}

/** The answer's body, ended by the size, idle and total limits (the latter through `signal`). */
function guardBody(
  source: ReadableStream<Uint8Array>,
  o: { maxBytes: number; idleMs: number | null; kind: RequestKind; signal: Stop; trip: (e: GuardedFetchError) => void; done: () => void },
) {
  const reader = source.getReader();
  let size = 0;
  let idle: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const finish = () => {
    clearTimeout(idle);
    if (onAbort) o.signal.removeEventListener('abort', onAbort);
    o.done();
  };
  const armIdle = () => {
    if (o.idleMs === null) return;
    clearTimeout(idle);
    idle = setTimeout(() => o.trip(limitError('idle', o.kind, o.idleMs as number)), o.idleMs);
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      onAbort = () => {
        finish();
        const reason = asFailure(o.signal.reason);
        try {
          controller.error(reason);
        } catch {
          // already closed
        }
        void reader.cancel(reason).catch(() => undefined);
      };
      if (o.signal.aborted) onAbort();
      else o.signal.addEventListener('abort', onAbort, { once: true });
      armIdle();
    },
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        finish();
        try {
          controller.error(o.signal.aborted ? asFailure(o.signal.reason) : asFailure(err));
        } catch {
          // already errored by the abort
        }
        return;
      }
      if (o.signal.aborted) return;
      if (chunk.done) {
        finish();
        controller.close();
        return;
      }
      size += chunk.value.byteLength;
      if (size > o.maxBytes) return o.trip(tooLarge(o.maxBytes));
      armIdle();
      controller.enqueue(chunk.value);
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason);
    },
  });
}

const MAX_REDIRECTS = 3;

/**
 * The only headers that follow a redirect to another origin (scheme, host or port): none can carry
 * a credential, whatever header a service's key travels in (`Authorization`, `x-api-key`, a
 * token, a cookie). A file host a service's API redirects to gets the request without its key.
 */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'accept-language', 'user-agent', 'range']);

function withoutCredentials(headers: HeadersInit | undefined): Headers {
  const kept = new Headers();
  new Headers(headers).forEach((value, name) => {
    if (CROSS_ORIGIN_HEADERS.has(name)) kept.set(name, value);
  });
  return kept;
}

/**
 * Sends a request under the policy and limits of its kind. Resolves with the answer (any status;
 * its body ends with a `GuardedFetchError` when a limit trips while it streams); rejects with a
 * `GuardedFetchError`. GET follows up to 3 redirects, each checked like the first URL; from the
 * first hop to another origin on, the request carries none of its credential headers.
 */
export async function guardedFetch(input: Request | string | URL | RequestParts, opts: GuardedFetchOptions): Promise<Response> {
  const parts: RequestParts | null = input instanceof Request ? null : typeof input === 'string' || input instanceof URL ? { url: input } : input;
  let first: URL;
  try {
    first = new URL(parts ? parts.url : (input as Request).url);
  } catch {
    throw new GuardedFetchError('refused', 'the console does not send requests to this address: it is not a URL');
  }
  // A Request cannot hold a URL with a user name: check the URL before building one.
  if (first.username || first.password) await checkDestination(first, opts.policy, null);
  const limits: Limits = opts.limits ? { ...DEFAULT_LIMITS[opts.kind], ...opts.limits } : DEFAULT_LIMITS[opts.kind];
  // One stop carries every reason to stop: the caller's signal, the total limit, the size and idle limits.
  const signal = new Stop();
  const trip = (e: unknown) => signal.abort(e);
  const outer = opts.signal;
  const follow = outer ? () => trip(outer.reason) : undefined;
  if (outer && follow) {
    if (outer.aborted) follow();
    else outer.addEventListener('abort', follow, { once: true });
  }
  const total = limits.totalMs !== null ? setTimeout(() => trip(limitError('total', opts.kind, limits.totalMs as number)), limits.totalMs) : undefined;
  const done = () => {
    clearTimeout(total);
    if (outer && follow) outer.removeEventListener('abort', follow);
  };
  const method = parts ? (parts.method ?? 'GET') : (input as Request).method;
  // Copied once, where it is sent: into the Request of a transport, or the socket's request.
  let headers = parts ? parts.headers : (input as Request).headers;
  let body: string | Buffer<ArrayBuffer> | null;
  try {
    body = parts ? (parts.body ?? null) : (input as Request).body ? Buffer.from(await (input as Request).arrayBuffer()) : null;
  } catch (err) {
    done();
    throw asFailure(err);
  }
  try {
    let url = first;
    for (let hop = 0; ; hop++) {
      if (signal.aborted) throw asFailure(signal.reason);
      const target = await checkDestination(url, opts.policy, opts.transport ? null : (opts.resolve ?? systemResolve));
      let res: Response;
      if (opts.transport) {
        const inProcess = bodyStopped.has(opts.transport);
        let req: Request;
        if (inProcess && body === null) req = new LightRequest(url.href, method, new Headers(headers)) as unknown as Request;
        else {
          const init: RequestInit = { method, headers, body, redirect: 'manual' };
          if (!inProcess) init.signal = signal.signal;
          req = new Request(url, init);
        }
        res = await viaTransport(opts.transport, req, signal);
      } else {
        res = await socketRequest(
          url,
          target as { address: string; family: number },
          { method, headers: new Headers(headers), body: typeof body === 'string' ? Buffer.from(body) : body },
          limits.connectMs,
          opts.kind,
          signal,
        );
      }
      const location = res.headers.get('location');
      if (method === 'GET' && res.status >= 300 && res.status < 400 && location && hop < MAX_REDIRECTS) {
        await res.body?.cancel().catch(() => undefined);
        const next = new URL(location, url);
        // Once the request has left its first origin, its credentials stay behind for good (a hop back does not restore them).
        if (next.origin !== first.origin) headers = withoutCredentials(headers);
        url = next;
        continue;
      }
      const declared = Number(res.headers.get('content-length') ?? NaN);
      if (declared > limits.maxBytes) {
        await res.body?.cancel().catch(() => undefined);
        throw tooLarge(limits.maxBytes);
      }
      const known = opts.whole && limits.idleMs === null ? (res as WithTexts)[IN_MEMORY] : undefined;
      if (known !== undefined) {
        // Already in memory (an in-process answer; its body is not even made): the same size rule, on its UTF-8 length.
        if (known.length * 3 > limits.maxBytes && Buffer.byteLength(known) > limits.maxBytes) throw tooLarge(limits.maxBytes);
        if (signal.aborted) throw asFailure(signal.reason);
        done();
        (res as WithTexts)[WHOLE_TEXT] = known;
        return res;
      }
      if (!res.body) {
        done();
        return res;
      }
      if (opts.whole && limits.idleMs === null) {
        const text = await readWhole(res.body, limits.maxBytes, signal);
        done();
        const answer: WithTexts = new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
        answer[WHOLE_TEXT] = text;
        return answer;
      }
      const guarded = guardBody(res.body, { maxBytes: limits.maxBytes, idleMs: limits.idleMs, kind: opts.kind, signal, trip, done });
      return new Response(guarded, { status: res.status, statusText: res.statusText, headers: res.headers });
    }
  } catch (err) {
    done();
    throw signal.aborted ? asFailure(signal.reason) : asFailure(err);
  }
}

/** The transport's answer, or the reason the request was stopped while it was awaited. */
function viaTransport(transport: Transport, req: Request, signal: Stop): Promise<Response> {
  if (signal.aborted) return Promise.reject(asFailure(signal.reason));
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => reject(asFailure(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    transport(req).then(
      (res) => {
        signal.removeEventListener('abort', onAbort);
        resolve(res);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(signal.aborted ? asFailure(signal.reason) : asFailure(err));
      },
    );
  });
}

/**
 * The text of an answer made in-process, kept on the Response under a symbol of this module (a
 * property, not a WeakMap entry: one per request would weigh on every garbage collection).
 */
const IN_MEMORY = Symbol('in-memory text');
/** The text of an answer read whole by `guardedFetch` (`whole`), on the Response handed out. */
const WHOLE_TEXT = Symbol('whole text');
type WithTexts = Response & { [IN_MEMORY]?: string; [WHOLE_TEXT]?: string };

/**
 * Marks an answer made in-process whose body is `text`: `guardedFetch` with `whole` checks the
 * text's size and hands it over as it is instead of reading the body. Returns the answer.
 */
export function inMemoryAnswer(res: Response, text: string): Response {
  (res as WithTexts)[IN_MEMORY] = text;
  return res;
}

/** An answer's text: the one read whole by `guardedFetch`, otherwise read now. */
export function answerText(res: Response): Promise<string> {
  const text = (res as WithTexts)[WHOLE_TEXT];
  if (text === undefined) return res.text();
  (res as WithTexts)[WHOLE_TEXT] = undefined;
  return Promise.resolve(text);
}

/** Reads a body whole as UTF-8 text, no further than `maxBytes`; a stop (abort, total limit) ends it with its reason. */
async function readWhole(source: ReadableStream<Uint8Array>, maxBytes: number, signal: Stop): Promise<string> {
  const reader = source.getReader();
  const onAbort = () => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', onAbort, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const chunk = await reader.read();
      if (signal.aborted) throw asFailure(signal.reason);
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      chunks.push(chunk.value);
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  const one = chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks);
  const text = Buffer.from(one.buffer, one.byteOffset, one.byteLength).toString('utf8');
  // As `Response.text()` reads it: a byte order mark is not part of the text.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Streams an answer's body into `file` (through `file.part`, mode 0600); returns its size. Nothing is left behind on failure. */
export async function saveBody(res: Response, file: string): Promise<number> {
  const part = `${file}.part`;
  let bytes = 0;
  try {
    if (!res.body) throw new GuardedFetchError('network', 'the answer has no body');
    await pipeline(
      Readable.fromWeb(res.body as unknown as NodeWebStream<Uint8Array>),
      async function* count(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          bytes += chunk.length;
          yield chunk;
        }
      },
      createWriteStream(part, { mode: 0o600 }),
    );
    renameSync(part, file);
    return bytes;
  } catch (err) {
    rmSync(part, { force: true });
    throw asFailure(err);
  }
}
