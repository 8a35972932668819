/**
 * Paths of the route tables (contracts/routes.ts for the services' operations, bff-routes for the
 * BFF's own): their `:name` parameters filled, their query strings written. A module of its own:
 * the browser's API client needs these on the first page, not the rest of routes.ts.
 */

/** Fills `:name` segments of a path. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** A query string from defined values (`?a=1&b=x`), empty when there are none. */
export function queryString(query: Readonly<Record<string, unknown>> = {}): string {
  const s = new URLSearchParams(Object.entries(query).flatMap(([k, v]): Array<[string, string]> => (v == null || v === '' ? [] : [[k, String(v)]]))).toString();
  return s && `?${s}`;
}

/** Names of the `:params` of a path, in order. */
export const paramNames = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
