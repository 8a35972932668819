import { Hono } from 'hono';
import { socialOps } from '../../contracts/social';
import type { SandboxClock } from '../shared/clock';
import type { FaultBox } from '../shared/faults';
import { registerOperations } from '../shared/register';
import { DEFAULT_SEED } from './engine/corpus';
import { authAndLimits, errorBody, socialDialect, type Env } from './http';
import { SOCIAL_ROOT } from './paths';
import { accountHandlers } from './routes/account';
import { mediaRoutes } from './routes/media';
import { openApiDocument } from './routes/openapi';
import { originOf } from './routes/shared';
import { tweetHandlers } from './routes/tweets';
import { userHandlers } from './routes/users';
import { lazyData } from './store/state';

export type SocialSandboxDeps = { clock: SandboxClock; faults: FaultBox; seed?: number; speed?: number };

/**
 * The social data service's imitation: the route table's operations over a generated corpus (built
 * on first use), `x-api-key` auth, the document's rate limits, field-notes shapes and errors.
 */
export function createSocialSandbox({ clock, faults, seed = DEFAULT_SEED, speed = 1 }: SocialSandboxDeps): Hono {
  const app = new Hono<Env>();
  const data = lazyData(seed);

  app.use('*', faults.middleware(SOCIAL_ROOT, (status) => errorBody(status)));
  mediaRoutes(app, data);
  app.use('/api/*', authAndLimits(clock, speed));

  registerOperations(
    app,
    socialOps,
    {
      openapi: (c) => c.json(openApiDocument(originOf(c))),
      ...accountHandlers(data),
      ...tweetHandlers(data),
      ...userHandlers(data),
    },
    socialDialect,
  );
  app.all('*', (c) => socialDialect.notFound(c));
  return app as unknown as Hono;
}
