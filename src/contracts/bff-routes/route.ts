import type { ZodMiniType } from 'zod/mini';
import type { HttpMethod } from '../routes';

/*
 * The BFF's own API (everything under /api that is not a service's operation), one table split by
 * area: bff-routes/<area>.ts. Each exported constant of an area module is one route, declared with
 * `bffRoute`: its method, its full path (`:name` for parameters, Hono's syntax), what it answers
 * (`kind`), the schemas of its path parameters, query string and JSON body, the schema of its
 * answer, its success status, its body limit and the words of its refusal. The path is written
 * here and nowhere else.
 *
 * The server registers every route from the table (src/server/http/bff-route.ts, `serveTable`):
 * one handler per entry, which TypeScript requires for every export of the area, each handed the
 * checked params, query and body by the same reader the service operations use
 * (node-lib/operation-input.ts: same checks, body cap and error body). The browser calls them
 * through one client made from the same entries (src/web/lib/bff.ts: `bff(route, {params, query,
 * body})` answers the parsed answer; `bffUrl(route, …)` makes a link, a download or the event
 * stream's address). Area modules export routes only, and the browser imports them as a
 * namespace (`import * as spendRoutes`): a page carries only the entries (and schemas) it uses.
 *
 * To add a route: declare it in its area (or a new area listed in bff-routes/index.ts), give it a
 * handler in that area's server module, and call it with `bff(…)`; src/server/route-table.test.ts
 * checks that every entry is served.
 */

/** What a route answers: JSON (checked by `answer`), a file, an event stream, or (a webhook receiver) its own dialect to a service. */
export type BffKind = 'json' | 'file' | 'stream' | 'receiver';

export type BffRoute = {
  readonly method: HttpMethod;
  /** The full path under /api, `:name` for parameters. */
  readonly path: `/api/${string}`;
  readonly kind: BffKind;
  /** Path parameters; a value they refuse is answered 404 (the path names nothing). */
  readonly params?: ZodMiniType;
  /** Query string; parameters nobody knows are dropped. */
  readonly query?: ZodMiniType;
  /** JSON body (an empty body reads as `{}`), read no further than `maxBody`. */
  readonly body?: ZodMiniType;
  /** The JSON answer (kind `json`); none: 204 without a body. */
  readonly answer?: ZodMiniType;
  /** Status of a JSON answer when it is not 200 (201: something was made). */
  readonly status?: 201;
  /** Largest body in bytes (default `SETTINGS_MAX_BODY`); a receiver reads its deliveries to this. */
  readonly maxBody?: number;
  /** What did not happen when the input is refused (default: `Nothing was read` for GET, else `Nothing was sent`). */
  readonly refused?: string;
};

/** Declares a route of the BFF's own API (an identity that keeps the literal types). */
export const bffRoute = <const R extends BffRoute>(r: R): R => r;

/** The largest body of the BFF's own settings and forms (a key, a limit, a list of task ids). */
export const SETTINGS_MAX_BODY = 16 * 1024;
