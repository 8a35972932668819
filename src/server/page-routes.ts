import { BaseRootRoute, BaseRoute, createNonReactiveMutableStore, createNonReactiveReadonlyStore, RouterCore, rootRouteId, type AnyRoute, type GetStoreConfig } from '@tanstack/router-core';
import { z } from 'zod';

/*
 * The SPA's pages as its router knows them. The build writes, beside Vite's manifest, the routes of
 * the tree the router generator made (scripts/route-records.ts); here they become a route tree again
 * and a URL path is matched with the router's own matcher, so the server names the same routes for a
 * path as the browser will draw.
 */

/** Where the build writes the route records, beside Vite's own manifest (dist/.vite/manifest.json). */
export const ROUTE_RECORDS_FILE = '.vite/routes.json';

export const RouteRecord = z.object({
  /** The route's id as the router names it (`/3d/tasks/$taskId`, `/social/`). */
  id: z.string().min(1),
  /** Its parent route's id (`__root__` for the top level). */
  parent: z.string().min(1),
  /** What the generated route tree (src/web/route-tree.gen.ts) gives the route's `update()`. */
  options: z.object({ id: z.string(), path: z.string().optional() }),
  /** Its source files, as the build's manifest names them. */
  files: z.array(z.string()),
});
export type RouteRecord = z.infer<typeof RouteRecord>;
export const RouteRecords = z.array(RouteRecord);

/** The router's stores as on a server (as @tanstack/react-router makes them there): plain values. */
const serverStores: GetStoreConfig = () => ({ createMutableStore: createNonReactiveMutableStore, createReadonlyStore: createNonReactiveReadonlyStore, batch: (fn) => fn() });

/** A route that draws a page: its id and its source files. */
export type PageRoute = { id: string; files: string[] };
/** The routes that draw a page, outermost first (the root, which the app's entry holds, left out), and the path's params, decoded. */
export type PageMatch = { routes: PageRoute[]; params: Record<string, string> };

/**
 * Matches a URL path to the routes that draw it; null when no page matches (or the path does not
 * decode). Throws when a record names a parent that is not among them.
 */
export function pageMatcher(records: readonly RouteRecord[]): (path: string) => PageMatch | null {
  const root = new BaseRootRoute({});
  const byId = new Map<string, AnyRoute>([[rootRouteId, root as AnyRoute]]);
  const parentOf = (record: RouteRecord): AnyRoute => {
    const parent = byId.get(record.parent);
    if (!parent) throw new Error(`The route records name ${record.parent} as the parent of ${record.id}, but no such route is among them: rebuild (npm run build).`);
    return parent;
  };
  // As the generated route tree does: each route made, then given its id and path (untyped there
  // too: `as any`; this tree's types are never read).
  for (const record of records) byId.set(record.id, (new BaseRoute({ getParentRoute: () => parentOf(record) } as never) as AnyRoute).update(record.options as never));
  const children = new Map<AnyRoute, AnyRoute[]>();
  for (const record of records) {
    const parent = parentOf(record);
    children.set(parent, [...(children.get(parent) ?? []), byId.get(record.id) as AnyRoute]);
  }
  for (const [parent, list] of children) parent.addChildren(list);
  const router = new RouterCore({ routeTree: root }, serverStores);
  const files = new Map(records.map((record) => [record.id, record.files]));
  return (path) => {
    let matched: ReturnType<typeof router.getMatchedRoutes>;
    try {
      matched = router.getMatchedRoutes(path);
    } catch {
      // A param that is not valid percent-encoding.
      return null;
    }
    const [branch, params, found] = matched;
    // What the router itself takes for a page not found: no route, or a layout matched only in part.
    if (!found || (found.path !== '/' && params['**'])) return null;
    const routes = branch.flatMap((route) => (route.id === rootRouteId ? [] : [{ id: route.id, files: files.get(route.id) ?? [] }]));
    return { routes, params: { ...params } };
  };
}
