import type { ZodMiniType } from 'zod/mini';

/** A documented operation of a service: what the BFF lets through, and how to check its body. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteKind = 'create' | 'task' | 'stream' | 'list' | 'delete' | 'read' | 'write';

export type RouteDef = {
  method: HttpMethod;
  /** Path with `:name` segments, relative to the service's base URL. */
  path: string;
  kind: RouteKind;
  /** Strict body schema; present on every route that takes a body. */
  body?: ZodMiniType;
  /** Query parameters the document (or field notes) give the route; others are refused. */
  query?: ZodMiniType;
  /** Allowed values (a list or a pattern) of path parameters, when the document restricts them. */
  params?: Record<string, readonly string[] | RegExp>;
};

export type RouteMatch = { route: RouteDef; params: Record<string, string> };

const split = (p: string) => p.split('/').filter(Boolean);

/** Finds the documented route for a method and path; null when the document has none. */
export function matchRoute(routes: readonly RouteDef[], method: string, path: string): RouteMatch | null {
  const parts = split(path);
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = split(route.path);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const seg = pattern[i] as string;
      const got = decodeURIComponent(parts[i] as string);
      if (seg.startsWith(':')) {
        const name = seg.slice(1);
        const allowed = route.params?.[name];
        const refused = allowed && (allowed instanceof RegExp ? !allowed.test(got) : !allowed.includes(got));
        if (got === '' || got.includes('/') || refused) ok = false;
        else params[name] = got;
      } else if (seg !== got) ok = false;
    }
    if (ok) return { route, params };
  }
  return null;
}

/** Fills `:name` segments of a path. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
