import { Hono } from 'hono';
import type { SandboxClock } from '../shared/clock';
import type { Db } from '../shared/db';
import type { FaultBox } from '../shared/faults';
import { identify, type AcnEnv, type Services } from './context';
import { AcnError, faultBody, internalError, respond } from './errors';
import { AGENTNET_ROOT } from './root';
import { agentnetOps } from '../../contracts/agentnet';
import { registerOperations } from '../shared/register';
import { agentnetDialect } from './dialect';
import { directoryHandlers } from './routes/directory';
import { joinHandlers, registerClaimPage } from './routes/join';
import { joinRequestHandlers } from './routes/join-requests';
import { lifecycleHandlers } from './routes/lifecycle';
import { membershipHandlers } from './routes/membership';
import { registerOauth } from './routes/oauth';
import { settingsHandlers } from './routes/settings';
import { subnetHandlers } from './routes/subnets';
import { seedIfFresh } from './store/seed';
import { AdmissionStore } from './store/admissions';
import { AgentStore } from './store/agents';
import { SubnetStore } from './store/subnets';

export type AgentnetDeps = { db: Db; clock: SandboxClock; faults: FaultBox };

/**
 * The agent network's imitation: the document's paths (and the field notes' live ones), auth,
 * presence on the sandbox clock, subnets and admissions, with the live error shapes (errors.ts).
 * Routes are relative to AGENTNET_ROOT; mount with `app.route(AGENTNET_ROOT, ...)`.
 */
export function createAgentnetSandbox({ db, clock, faults }: AgentnetDeps): Hono {
  const s: Services = { agents: new AgentStore(db), subnets: new SubnetStore(db), admissions: new AdmissionStore(db), clock };
  seedIfFresh(db, s);

  const app = new Hono<AcnEnv>();
  app.use('*', faults.middleware(AGENTNET_ROOT, faultBody));
  app.onError((err, c) => {
    if (err instanceof AcnError) return respond(c, err);
    console.error('agentnet sandbox:', err);
    return respond(c, internalError());
  });
  app.use('/api/v1/*', identify(s));

  registerOauth(app, s);
  registerClaimPage(app);
  const handlers = {
    ...directoryHandlers(s),
    ...joinHandlers(s),
    ...settingsHandlers(s),
    ...lifecycleHandlers(s),
    ...subnetHandlers(s),
    ...membershipHandlers(s),
    ...joinRequestHandlers(s),
  };
  registerOperations(app, agentnetOps, handlers, agentnetDialect);

  app.all('*', (c) => agentnetDialect.notFound(c));
  return app as unknown as Hono;
}
