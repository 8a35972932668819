import { Hono } from 'hono';
import { gen3dOps } from '../../contracts/gen3d';
import { registerOperations } from '../shared/register';
import { RateLimiter } from '../../node-lib/rate-limit';
import { accountOf, bearerKey } from './accounts';
import { gen3dDialect, message } from './dialect';
import type { Gen3dDeps, Gen3dEnv } from './routes/context';
import { registerFiles } from './routes/files';
import { registerLibraryFiles } from './routes/library';
import { gen3dHandlers } from './routes/tasks';

export const GEN3D_ROOT = '/sandbox/gen3d';
export type { Gen3dDeps };

/** The 3D service's imitation: the route table's operations with the document's auth, answers and errors. */
export function createGen3dSandbox(deps: Gen3dDeps) {
  const app = new Hono<Gen3dEnv>();
  // live-service notes (docs/live-services.md#3d-generation--limits): 20 requests per second per account (Pro), on the sandbox clock.
  const limiter = new RateLimiter(20, 1000, deps.speed);

  app.use('*', deps.faults.middleware(GEN3D_ROOT, (status) => message(status === 429 ? 'RateLimitExceeded' : 'Internal server error.')));
  registerFiles(app, deps);
  registerLibraryFiles(app, deps);

  app.use('*', async (c, next) => {
    // The CLI's public animation catalog takes no key (docs/live-services.md#3d-generation--official-clients).
    if (c.req.method === 'GET' && c.req.path.endsWith(gen3dOps.animationCatalog.path)) return next();
    const key = bearerKey(c.req.header('authorization'));
    if (!key) return c.json(message('Invalid API key.'), 401);
    const account = accountOf(key);
    if (!limiter.take(account, deps.clock.now())) return c.json(message('RateLimitExceeded'), 429, { 'Retry-After': String(limiter.retryAfter(account, deps.clock.now())) });
    c.set('account', account);
    deps.engine.advance();
    await next();
  });

  registerOperations(app, gen3dOps, gen3dHandlers(deps), gen3dDialect);
  app.all('*', (c) => gen3dDialect.notFound(c));
  return app;
}
