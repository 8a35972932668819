/**
 * How every route file is split into chunks (read by the router plugin in vite.config.ts): the
 * loader in a chunk of its own, so it starts fetching the page's data while the component's chunk
 * loads, and neither the loader nor what it imports (query options, contracts) weighs on the first
 * page. Error and not-found pages are the router's defaults (components/shell), not per route.
 */
export const routeSplitGroupings: Array<Array<'loader' | 'component' | 'pendingComponent' | 'errorComponent' | 'notFoundComponent'>> = [
  ['loader'],
  ['component'],
  ['pendingComponent', 'errorComponent', 'notFoundComponent'],
];
