import type { BffRoute } from '../../contracts/bff-routes/route';

/**
 * Everything in a route's path before its first parameter (`/api/files/gen3d/`): what URLs of that
 * route start with, to tell the console's own URLs (a file, a proxied picture, its webhook
 * receiver) from others. Beside the client (bff.ts), not in it: the pages that ask are not the first.
 */
export const bffPrefix = (route: BffRoute) => route.path.split(':')[0] ?? route.path;
