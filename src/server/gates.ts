import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { requestScheme } from './http/client';
import { FILE_CSP } from './http/file-headers';
import { parseHost, type HostPolicy } from '../node-lib/hosts';

/**
 * The console's gatekeepers, in the order app.ts mounts them: security headers, the Host
 * allowlist, well-formed paths, same-origin writes. Each refusal is a sentence: a JSON error body
 * for the API and the sandbox (their callers are programs), plain text for pages.
 */

const machinePath = (path: string) => path === '/api' || path.startsWith('/api/') || path === '/sandbox' || path.startsWith('/sandbox/');

export function refuse(c: Context, status: 400 | 403 | 421, code: string, message: string, json = machinePath(rawPath(c.req.url))) {
  if (json) return c.json({ error: { status, code, message, retryAfter: null } }, status);
  return c.text(message, status);
}

/** The request path as sent, still percent-encoded (Hono's `c.req.path` is already decoded). */
function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start === -1) return '/';
  const end = url.search(/[?#]/);
  return url.slice(start, end === -1 || end < start ? undefined : end);
}

/** Security headers; the CSP also guarantees nothing is fetched from a CDN at run time. */
const pageHeaders: MiddlewareHandler = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    // 'wasm-unsafe-eval' lets the page compile WebAssembly (the viewer's Draco, KTX2 and meshopt
    // decoders, served from this origin); it allows no eval of script text.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", 'blob:', 'data:'],
    workerSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  },
  xFrameOptions: 'DENY',
  // Nothing to other sites; within the console, forms (sign-in, sign-out) need their Origin,
  // which a browser replaces with "null" under no-referrer.
  referrerPolicy: 'same-origin',
  // HTTPS and its pinning belong to the reverse proxy in front, when there is one.
  strictTransportSecurity: false,
});

/**
 * The security headers of every answer. An answer that carries the file routes' policy
 * (`FILE_CSP`, set by `sandboxedFiles`) keeps it in place of the pages' one: it is stricter (no
 * script at all, a sandbox). No other policy a route sets survives.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  let sandboxed = false;
  await pageHeaders(c, async () => {
    await next();
    sandboxed = c.res.headers.get('content-security-policy') === FILE_CSP;
  });
  if (sandboxed) c.res.headers.set('content-security-policy', FILE_CSP);
  else if (KTX2_WORKER.test(c.req.path)) c.res.headers.set('content-security-policy', KTX2_WORKER_CSP);
};

/**
 * The KTX2 transcoder's worker, a file of the build (scripts/ktx2-worker.ts): Basis Universal's
 * bindings are made with `new Function`, so the worker's own policy allows eval, in the worker
 * only (a worker has no page to reach), and lets it load and reach nothing.
 */
const KTX2_WORKER = /^\/assets\/ktx2-worker-[\w-]+\.js$/;
export const KTX2_WORKER_CSP = "default-src 'none'; script-src 'unsafe-eval' 'wasm-unsafe-eval'";

/** Files a service made (`/api/files`, `/api/media`): whatever a browser makes of one runs in a sandbox, with nothing to load. */
export const sandboxedFiles: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('content-security-policy', FILE_CSP);
};

/** Answers only the Host names the console is reachable under (DNS rebinding). */
export function allowedHostsOnly(policy: HostPolicy): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header('host') ?? safeUrlHost(c.req.url);
    if (!policy.allows(header)) {
      const named = parseHost(header) ? `the host name "${header}"` : 'a request without a valid Host header';
      return refuse(c, 421, 'unknown_host', `This console does not answer ${named}. Open it at one of: ${policy.describe()}; or add the name to ALLOWED_HOSTS.`);
    }
    await next();
  };
}

function safeUrlHost(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/** A path whose percent-encoding does not decode is a 400 here, before any route tries to decode it. */
export const wellFormedPaths: MiddlewareHandler = async (c, next) => {
  try {
    decodeURIComponent(rawPath(c.req.url));
  } catch {
    return refuse(c, 400, 'invalid_path', 'The address has a malformed percent-encoding (a % must be followed by two hexadecimal digits of valid UTF-8). Correct the address and try again.');
  }
  await next();
};

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses requests that change something when a browser says they come from another page: an
 * `Origin` other than the console's own — scheme, name and port (or one that does not parse) — or
 * a `Sec-Fetch-Site` other than same-origin. Requests with neither header (curl, the services'
 * clients, webhook deliveries, tests) are not from a browser page and pass.
 *
 * Hono's `hono/csrf` checks only form-like content types and refuses a body-less POST without an
 * Origin, so it would pass a cross-origin JSON write and refuse curl; hence this guard.
 */
export function sameOriginWrites(opts: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    if (safeMethods.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const siteOk = site === undefined || site === 'same-origin' || site === 'none';
    const scheme = requestScheme(c.req.url, c.req.header('x-forwarded-proto'), opts.trustProxy);
    const host = c.req.header('host') ?? safeUrlHost(c.req.url);
    const from = origin === undefined ? null : originOf(origin);
    if (siteOk && (origin === undefined || (from !== null && from.protocol === scheme && sameHost(from.host, host, scheme)))) return next();
    // The console's own name and port over the other scheme: say so, and the usual cause.
    const otherScheme = siteOk && from !== null && from.protocol !== scheme && sameHost(from.host, host, from.protocol);
    const hint = scheme === 'http:' && !opts.trustProxy ? ' Behind an https reverse proxy, set TRUST_PROXY=1 so the console reads X-Forwarded-Proto.' : '';
    const message = otherScheme
      ? `Requests that change something must come from the console itself: this one came from a page over ${from.protocol.slice(0, -1)}, and the console is reached over ${scheme.slice(0, -1)}.${hint}`
      : 'Requests that change something must come from the console itself.';
    return refuse(c, 403, 'cross_origin', message, true);
  };
}

type Origin = { protocol: 'http:' | 'https:'; host: string };

function originOf(origin: string): Origin | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? { protocol: url.protocol, host: url.host } : null;
  } catch {
    return null;
  }
}

/** Whether an Origin's `host` names the console's Host, the port defaulting to the scheme's. */
function sameHost(originHost: string, hostHeader: string | undefined, scheme: 'http:' | 'https:'): boolean {
  const host = parseHost(hostHeader);
  const named = parseHost(originHost);
  if (!host || !named) return false;
  const fallback = scheme === 'https:' ? 443 : 80;
  return host.name === named.name && (host.port ?? fallback) === (named.port ?? fallback);
}
