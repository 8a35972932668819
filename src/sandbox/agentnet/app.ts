import { Hono } from 'hono';
import type { SandboxClock } from '../clock';
import type { Db } from '../db';
import type { FaultBox } from '../faults';
import { identify, type AcnEnv, type Services } from './context';
import { AcnError, detailError, faultBody, internalError, respond } from './errors';
import { AGENTNET_ROOT } from './root';
import { registerDirectory } from './routes/directory';
import { registerJoin } from './routes/join';
import { registerJoinRequests } from './routes/join-requests';
import { registerLifecycle } from './routes/lifecycle';
import { registerMembership } from './routes/membership';
import { registerOauth } from './routes/oauth';
import { registerSettings } from './routes/settings';
import { registerSubnets } from './routes/subnets';
import { seedIfFresh } from './seed';
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
  registerJoin(app, s);
  registerDirectory(app, s);
  registerSettings(app, s);
  registerLifecycle(app, s);
  registerSubnets(app, s);
  registerMembership(app, s);
  registerJoinRequests(app, s);

  app.all('*', () => {
    throw detailError(404, 'Not Found');
  });
  return app as unknown as Hono;
}
