import type { Context, MiddlewareHandler } from 'hono';
import { inMemoryAnswer, stoppedThroughBody, type Transport } from './guarded-fetch';

/** Hono's env of a call made in-process (the console's BFF to its embedded sandbox); never a network request's. */
const IN_PROCESS = Object.freeze({ inProcess: true });

type FetchApp = { fetch: (req: Request, env?: unknown) => Response | Promise<Response> };

/**
 * A transport for the guarded fetcher that calls `app` in-process (no port), marked as such for
 * `keepJsonText`. The app never reads a request's signal: a stop reaches it through its answer's body.
 */
export const inProcessTransport = (app: FetchApp): Transport => stoppedThroughBody((req) => Promise.resolve(app.fetch(req, IN_PROCESS)));

/**
 * Middleware of an app called in-process: a JSON answer keeps its text with it, so the guarded
 * fetcher checks its size and hands it over without encoding it into bytes and decoding it again.
 * The answer is the one `c.json` makes (same body, status and headers); network requests pass untouched.
 */
export const keepJsonText: MiddlewareHandler = async (c, next) => {
  if (c.env !== IN_PROCESS) return next();
  const body = c.body;
  const json = (object: unknown, arg?: Parameters<Context['body']>[1], headers?: Record<string, string>) => {
    const text = JSON.stringify(object);
    return inMemoryAnswer(body(text, arg as never, { 'Content-Type': 'application/json', ...headers }), text);
  };
  c.json = json as unknown as Context['json'];
  return next();
};
