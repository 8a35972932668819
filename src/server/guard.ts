import type { MiddlewareHandler } from 'hono';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses mutating requests sent from another origin (a page elsewhere posting to the console).
 * Requests without an Origin header (curl, tests) are not from a browser page and pass.
 */
export const sameOriginWrites: MiddlewareHandler = async (c, next) => {
  if (!safeMethods.has(c.req.method)) {
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const own = new URL(c.req.url);
    const host = c.req.header('host') ?? own.host;
    if ((origin && origin !== 'null' && new URL(origin).host !== host) || origin === 'null' || site === 'cross-site') {
      return c.json({ error: { status: 403, code: 'cross_origin', message: 'Requests that change something must come from the console itself.', retryAfter: null } }, 403);
    }
  }
  await next();
};

/** Security headers; the CSP also guarantees nothing is fetched from a CDN at run time. */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('x-content-type-options', 'nosniff');
  c.header('referrer-policy', 'no-referrer');
  c.header('x-frame-options', 'DENY');
  if (c.res.headers.get('content-type')?.includes('text/html')) {
    c.header(
      'content-security-policy',
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' blob: data:; worker-src 'self' blob:; font-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  }
};
