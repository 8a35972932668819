import { Hono, type Context } from 'hono';
import type { input, ZodMiniType } from 'zod/mini';
import { SETTINGS_MAX_BODY, type BffRoute } from '../../contracts/bff-routes/route';
import { readOperationInput, type CheckedInput } from '../../node-lib/operation-input';
import { neededFor } from '../../contracts/roles';
import { fail, refusedError } from './errors';
import { roleRefusal } from './roles';

/**
 * The BFF's own routes, registered from their table (contracts/bff-routes/route.ts says what an
 * entry holds). Every route reads its input through `readOperationInput`, as the proxy reads a
 * service's operation: the same checks, body cap and error body, with the route's own words for
 * what was not done. A handler gets the checked params, query and body; it answers the route's
 * answer (sent as JSON with the route's status), nothing (204), or a Response of its own (an error
 * through `fail`, a file, a stream).
 */

type Answer<R extends BffRoute> = R['answer'] extends ZodMiniType ? input<R['answer']> : void;
export type BffHandler<R extends BffRoute> = (input: CheckedInput<R>, c: Context) => Answer<R> | Response | Promise<Answer<R> | Response>;
/** One handler for every route of an area: a route without one does not compile. */
export type AreaHandlers<A extends Record<string, BffRoute>> = { [K in keyof A]: BffHandler<A[K]> };

/** What a refused input says was not done: the route's words, else by its method. */
const refusedWords = (route: BffRoute) => route.refused ?? (route.method === 'GET' ? 'Nothing was read' : 'Nothing was sent');

/** Serves one route: its input checked (a path parameter refused is a 404: the path names nothing), then its handler. */
export function serveRoute<R extends BffRoute>(app: Hono, route: R, handler: BffHandler<R>) {
  const spec = { ...route, maxBody: route.maxBody ?? SETTINGS_MAX_BODY, body: route.kind === 'receiver' ? undefined : route.body };
  app.on(route.method, route.path, async (c) => {
    const refused = roleRefusal(c, neededFor(route.method, route.role));
    if (refused) return refused;
    const read = await readOperationInput(c, spec, 'this');
    if (!read.ok) {
      const error = refusedError(read.refusal.issues, refusedWords(route), read.refusal.status);
      return fail(c, read.refusal.where === 'params' ? { ...error, status: 404, code: 'not_found' } : error);
    }
    const out = await handler(read.input as CheckedInput<R>, c);
    if (out instanceof Response) return out;
    if (out === undefined) return c.body(null, 204);
    return c.json(out as object, route.status ?? 200);
  });
}

/** Serves every route of an area (a module of contracts/bff-routes) with its handler, on a router of its own. */
export function serveTable<A extends Record<string, BffRoute>>(area: A, handlers: AreaHandlers<A>): Hono {
  const app = new Hono();
  for (const name of Object.keys(area) as Array<keyof A & string>) serveRoute(app, area[name] as A[typeof name], handlers[name] as BffHandler<A[typeof name]>);
  return app;
}
