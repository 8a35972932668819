import { relative } from 'node:path';
import type { Config } from '@tanstack/router-plugin';
import type { Plugin } from 'vite';
import { ROUTE_RECORDS_FILE, type RouteRecord } from '../src/server/page-routes';

type GeneratorPlugin = NonNullable<Config['plugins']>[number];
type RouteNode = Parameters<NonNullable<GeneratorPlugin['onRouteTreeChanged']>>[0]['routeNodes'][number];

/**
 * The SPA's routes as the router generator knows them, for the server's preload hints
 * (src/server/page-routes.ts): each route's id and parent, the options the generated route tree
 * (src/web/route-tree.gen.ts) gives its `update()`, and its source files named as the build's
 * manifest names them (relative to `root`).
 */
export function routeRecordsOf(routeNodes: readonly RouteNode[], pieces: Record<string, Partial<Record<string, RouteNode>>>, root: string): RouteRecord[] {
  const source = (node: RouteNode) => relative(root, node.fullPath).split('\\').join('/');
  return routeNodes.flatMap((node) => {
    if (node.isVirtual || node.routePath === undefined || node.path === undefined) return [];
    // The generator's own rule for when a route has a path (a pathless layout has only an id).
    const hasPath = !node.isNonPath || (node._fsRouteType === 'pathless_layout' && node.cleanedPath);
    const split = Object.values(pieces[node.routePath] ?? {}).flatMap((piece) => (piece ? [source(piece)] : []));
    return [
      {
        id: node.routePath,
        parent: node.parent?.routePath ?? '__root__',
        options: hasPath && node.cleanedPath !== undefined ? { id: node.path, path: node.cleanedPath } : { id: node.path },
        files: [source(node), ...split],
      },
    ];
  });
}

/**
 * The two halves of the build step that writes dist/.vite/routes.json: `generator` goes in the
 * router plugin's `plugins` and keeps the route nodes each time the generator builds the tree;
 * `vite` writes them into the build.
 */
export function routeRecords(): { generator: GeneratorPlugin; vite: Plugin } {
  let root = process.cwd();
  let tree: { routeNodes: RouteNode[]; pieces: Record<string, Partial<Record<string, RouteNode>>> } | null = null;
  return {
    generator: {
      name: 'route-records',
      onRouteTreeChanged: ({ routeNodes, acc }) => {
        tree = { routeNodes, pieces: acc.routePiecesByPath };
      },
    },
    vite: {
      name: 'route-records',
      apply: 'build',
      configResolved(config) {
        root = config.root;
      },
      generateBundle() {
        if (!tree) this.error('The router generator gave no route tree: the build cannot name the pages for the server’s preload hints.');
        this.emitFile({ type: 'asset', fileName: ROUTE_RECORDS_FILE, source: JSON.stringify(routeRecordsOf(tree.routeNodes, tree.pieces, root)) });
      },
    },
  };
}
