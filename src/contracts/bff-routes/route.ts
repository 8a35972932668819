import type { ZodMiniType } from 'zod/mini';
import type { Role } from '../roles';
import type { HttpMethod } from '../routes';

/*
 * The BFF's own API (everything under /api that is not a service's operation), one table in areas:
 * bff-routes/<area>.ts, each export one route declared with `bffRoute`. An entry holds the method,
 * the full path (`:name` parameters, Hono's syntax) and nothing else writes it; the schemas of its
 * path parameters, query string, JSON body and answer (each defined once in the contracts); its
 * success status, body limit and the words of its refusal; and `kind` when it answers no JSON
 * (a file, an event stream, a webhook receiver's own answer).
 *
 * Server: each area is served from its entries (src/server/http/bff-route.ts, `serveTable`), one
 * handler per entry (a missing one does not compile). Handlers get the params, query and body
 * already checked by node-lib/operation-input.ts, the reader of the services' operations too (same
 * checks, body cap, error body) and answer the typed answer. Browser: one client from the same
 * entries (src/web/lib/bff.ts): `bff(route, {params, query, body})` answers the parsed answer,
 * `bffUrl(route, …)` makes links, downloads and the event stream's address. An area module holds
 * what one page calls (shell.ts: every page), imported as a namespace, so a page carries only its
 * areas; the first page's routes take their query and path schemas from bff-queries.ts, which the
 * browser's build leaves out (vite.config.ts): the browser never checks a query.
 *
 * To add a route: declare it in the area of the page that calls it (a new area: list it in
 * index.ts), give it a handler where that area is served, call it with `bff(…)`.
 * src/server/route-table.test.ts checks that every entry is served.
 */

/** What a route answers when it is not JSON: a file, an event stream, or (a webhook receiver) its own dialect to a service. */
export type BffKind = 'file' | 'stream' | 'receiver';

export type BffRoute = {
  readonly method: HttpMethod;
  /** The full path under /api, `:name` for parameters. */
  readonly path: `/api/${string}`;
  /** Left out: JSON, checked by `answer`. */
  readonly kind?: BffKind;
  /** Path parameters; a value they refuse is answered 404 (the path names nothing). */
  readonly params?: ZodMiniType;
  /** Query string; parameters nobody knows are dropped. */
  readonly query?: ZodMiniType;
  /** JSON body (an empty body reads as `{}`), read no further than `maxBody`. */
  readonly body?: ZodMiniType;
  /** The JSON answer; none: 204 without a body. */
  readonly answer?: ZodMiniType;
  /** Status of a JSON answer when it is not 200 (201: something was made). */
  readonly status?: 201;
  /** Largest body in bytes (default `SETTINGS_MAX_BODY`); a receiver reads its deliveries to this. */
  readonly maxBody?: number;
  /** What did not happen when the input is refused (default: `Nothing was read` for GET, else `Nothing was sent`). */
  readonly refused?: string;
  /** Who may call it (contracts/roles.ts); left out: viewers read (GET), operators write. */
  readonly role?: Role;
};

/** Declares a route of the BFF's own API (an identity that keeps the literal types). */
export const bffRoute = <const R extends BffRoute>(r: R): R => r;

/** The largest body of the BFF's own settings and forms (a key, a limit, a list of task ids). */
export const SETTINGS_MAX_BODY = 16 * 1024;
