import type { Context, MiddlewareHandler } from 'hono';
import { codeForStatus } from '../../contracts/errors';
import { issuesSentence } from '../../contracts/issues';
import { notImitatedMessage, type Dialect } from '../shared/register';
import type { SandboxClock } from '../shared/clock';
import { RateLimiter } from '../../node-lib/rate-limit';

/** Errors, query checking, keys and rate limits of the social sandbox. */

export type Env = { Variables: { account: string } };
export type Ctx = Context<Env>;
type Status = 400 | 401 | 402 | 403 | 404 | 405 | 409 | 413 | 429 | 500;

/** The live-service notes (docs/live-services.md#social-data--errors) error body: `{error: "snake_code", message, retryAfter?}`. */
export const errorBody = (status: number, message?: string, retryAfter?: number) => ({
  error: codeForStatus(status) === 'upstream_error' ? 'internal_error' : codeForStatus(status),
  message: message ?? (status === 429 ? 'Too many requests: wait and try again.' : status >= 500 ? 'The service failed; try again.' : 'The request failed.'),
  ...(retryAfter !== undefined ? { retryAfter } : {}),
});

export const fail = (c: Ctx, status: Status, message: string) => c.json(errorBody(status, message), status);
export const invalid = (c: Ctx, message: string) => fail(c, 400, message);
/**
 * An error with its own code (`monitor_already_exists`, `insufficient_credits`, ...). Deterministic
 * refusals carry `x-should-retry: false`, which the official SDK obeys instead of retrying a 409.
 */
export const failCode = (c: Ctx, status: Status, code: string, message: string) =>
  c.json({ error: code, message }, status, status === 409 || status === 402 || status === 403 ? { 'x-should-retry': 'false' } : {});

/** The social service's answers to what the route table's checks refuse, and to what it does not imitate. */
export const socialDialect: Dialect = {
  refused: (c, refusal) => fail(c, refusal.status, issuesSentence(refusal.issues)),
  notImitated: (c, op) => fail(c, 404, notImitatedMessage(op)),
  notFound: (c) => fail(c, 404, `No operation ${c.req.method} ${c.req.path.replace(/^\/sandbox\/social/, '') || '/'}: see /openapi.json for what this service serves.`),
  methodNotAllowed: (c, _path, allow) =>
    c.json({ error: 'method_not_allowed', message: `${c.req.method} is not allowed here: this operation takes ${allow.join(', ')}.` }, 405, { Allow: allow.join(', ') }),
};


const KEY = /^xq_[A-Za-z0-9_-]{5,}$/;

/** Method classes of the document's limits: read 60/1 s, write 30/60 s, delete 15/60 s. */
export const RATE_LIMITS = {
  read: { limit: 60, windowMs: 1000 },
  write: { limit: 30, windowMs: 60_000 },
  delete: { limit: 15, windowMs: 60_000 },
} as const;

const classOf = (method: string): keyof typeof RATE_LIMITS => (method === 'GET' || method === 'HEAD' ? 'read' : method === 'DELETE' ? 'delete' : 'write');

/** `x-api-key` with the service prefix; each key is an account with its own limits. */
export function authAndLimits(clock: SandboxClock, speed = 1): MiddlewareHandler<Env> {
  const limiters = {
    read: new RateLimiter(RATE_LIMITS.read.limit, RATE_LIMITS.read.windowMs, speed),
    write: new RateLimiter(RATE_LIMITS.write.limit, RATE_LIMITS.write.windowMs, speed),
    delete: new RateLimiter(RATE_LIMITS.delete.limit, RATE_LIMITS.delete.windowMs, speed),
  };
  return async (c, next) => {
    const key = c.req.header('x-api-key') ?? '';
    if (!KEY.test(key)) {
      const why = key ? 'the x-api-key header is not a key of this service (keys start with xq_)' : 'the x-api-key header is missing: send your API key';
      return fail(c, 401, why);
    }
    const kind = classOf(c.req.method);
    const limiter = limiters[kind];
    const now = clock.now();
    if (!limiter.take(key, now)) {
      const wait = limiter.retryAfter(key, now);
      const { limit, windowMs } = RATE_LIMITS[kind];
      const body = errorBody(429, `Rate limit of ${limit} ${kind} requests per ${windowMs / 1000} s reached: retry after ${wait} s.`, wait);
      return c.json(body, 429, { 'Retry-After': String(wait) });
    }
    c.set('account', key);
    await next();
  };
}
