import type { BffRoute } from '../../contracts/bff-routes/route';
import type { ServiceId } from '../../contracts/service-ids';
import { fillPath, queryString } from '../../contracts/paths';
import { z } from '../../contracts/zod';
import { api } from './api';
import type { Answer } from './operation';

/*
 * The browser's one client of the BFF's own API, made from its table (contracts/bff-routes): a page
 * names a route (`bff(spendTotalsRoutes.totals, {query: {service}})`), never its path. Each area is
 * imported as a namespace (`import * as spendRoutes from '…/contracts/bff-routes/spend'`); an
 * area's module holds what one page needs, so a page carries only the areas it calls. The client
 * reads an entry's method, path and answer schema: the query and path parameters are typed by the
 * entry's schemas but checked by the BFF alone (the browser's build leaves those schemas out,
 * vite.config.ts), and a body is checked by the form that makes it, then by the BFF. The services'
 * operations go through `callOperation` (operation.ts) from their own tables; both send with `api`.
 */

/** Query values as a page has them (numbers, flags), each named by the route's query schema. */
type QueryValues<T> = { [K in keyof T]: T[K] | (string extends T[K] ? number | boolean : never) | null };
type Params<R extends BffRoute> = R['params'] extends z.ZodMiniType ? { params: z.input<R['params']> } : { params?: undefined };
type QueryOf<R extends BffRoute> = R['query'] extends z.ZodMiniType
  ? Record<never, never> extends z.input<R['query']>
    ? { query?: QueryValues<z.input<R['query']>> }
    : { query: QueryValues<z.input<R['query']>> }
  : { query?: undefined };
type Body<R extends BffRoute> = R['body'] extends z.ZodMiniType ? { body: z.input<R['body']> } : { body?: undefined };

/** Where a route is: its path parameters and query. */
export type BffPlace<R extends BffRoute> = Params<R> & QueryOf<R>;
/** A call of a route: where, its body, and a signal to stop waiting. */
export type BffCall<R extends BffRoute> = BffPlace<R> & Body<R> & { signal?: AbortSignal };
/** The call's argument, optional when the route needs nothing. */
type Arg<T> = Record<never, never> extends T ? [T?] : [T];

/**
 * Where the BFF serves a service's operation: `/api/{service}{path}` (the proxy registers each
 * service's route table there). Pages call operations with `callOperation` (operation.ts); the
 * first page reads its few by the table's path constants alone, so the tables stay off it.
 */
export const servicePath = (service: ServiceId, path: string, query?: Readonly<Record<string, unknown>>) => `/api/${service}${path}${queryString(query)}`;

/** A call as the client reads it, whatever its route. */
type AnyCall = { params?: Readonly<Record<string, string | number>>; query?: Readonly<Record<string, unknown>>; body?: unknown; signal?: AbortSignal };
const urlOf = (route: BffRoute, call: AnyCall = {}) => fillPath(route.path, call.params ?? {}) + queryString(call.query);

/** A route's same-origin URL, for a link, a download or an event stream. */
export function bffUrl<R extends BffRoute>(route: R, ...place: Arg<BffPlace<R>>): string;
export function bffUrl(route: BffRoute, place?: AnyCall): string {
  return urlOf(route, place);
}

/** Calls a route of the BFF's own API and answers its parsed answer; a refusal is an ApiRequestError in words. */
export function bff<R extends BffRoute>(route: R, ...call: Arg<BffCall<R>>): Promise<Answer<R>>;
export function bff(route: BffRoute, call: AnyCall = {}): Promise<unknown> {
  return api(urlOf(route, call), route.answer ?? z.unknown(), { method: route.method, signal: call.signal, json: route.body && (call.body ?? {}) });
}
