import { Hono } from 'hono';
import type { SandboxClock } from '../clock';
import type { FaultBox } from '../faults';
import { DEFAULT_SEED } from './corpus';
import { SocialCreditBook } from './credits';
import { authAndLimits, errorBody, fail, readQuery, type Env } from './http';
import { mediaRoutes } from './media';
import { openApiDocument } from './openapi';
import { SOCIAL_ROOT } from './paths';
import { accountRoutes } from './routes/account';
import { originOf, routeQuery } from './routes/shared';
import { tweetRoutes } from './routes/tweets';
import { userRoutes } from './routes/users';
import { lazyData } from './state';

export type SocialSandboxDeps = { clock: SandboxClock; faults: FaultBox; seed?: number; credits?: SocialCreditBook };

/**
 * The social data service's imitation: its read routes over a generated corpus (built on first
 * use), `x-api-key` auth, the document's rate limits, field-notes shapes and errors.
 */
export function createSocialSandbox({ clock, faults, seed = DEFAULT_SEED, credits = new SocialCreditBook() }: SocialSandboxDeps): Hono {
  const app = new Hono<Env>();
  const data = lazyData(seed);

  app.use('*', faults.middleware(SOCIAL_ROOT, (status) => errorBody(status)));

  app.get('/openapi.json', (c) => {
    const q = readQuery(c, routeQuery('/openapi.json'));
    return q.ok ? c.json(openApiDocument(originOf(c))) : q.res;
  });
  mediaRoutes(app, data);

  app.use('/api/*', authAndLimits(clock));
  const deps = { app, data, credits };
  accountRoutes(deps);
  tweetRoutes(deps);
  userRoutes(deps);

  app.all('*', (c) => {
    const path = c.req.path.slice(SOCIAL_ROOT.length) || '/';
    const known = app.routes.some((r) => r.method === 'GET' && r.path !== '*' && r.path !== '/api/*' && new RegExp(`^${r.path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`).test(path));
    if (known && c.req.method !== 'GET') return c.json({ error: 'method_not_allowed', message: `${c.req.method} is not allowed here: this operation is GET only.` }, 405, { Allow: 'GET' });
    return fail(c, 404, `No operation ${c.req.method} ${path}: see /openapi.json for what this service serves.`);
  });

  return app as unknown as Hono;
}
