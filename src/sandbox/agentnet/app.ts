import { Hono } from 'hono';
import type { SandboxClock } from '../shared/clock';
import type { Db } from '../shared/db';
import type { FaultBox } from '../shared/faults';
import type { Deliver } from '../../node-lib/deliver';
import { identify, type AcnEnv, type Services } from './context';
import { AcnError, faultBody, internalError, respond } from './errors';
import { AGENTNET_ROOT } from './root';
import { agentnetOps } from '../../contracts/agentnet';
import { registerOperations } from '../shared/register';
import { agentnetDialect } from './dialect';
import { Arrivals } from './engine/arrivals';
import { SubnetEvents } from './engine/events';
import { answerExample } from './engine/example-hosts';
import { makeOutbound } from './engine/outbound';
import { directoryHandlers } from './routes/directory';
import { inboxHandlers } from './routes/inbox';
import { joinHandlers, registerClaimPage } from './routes/join';
import { joinRequestHandlers } from './routes/join-requests';
import { lifecycleHandlers } from './routes/lifecycle';
import { membershipHandlers } from './routes/membership';
import { messageHandlers } from './routes/messages';
import { registerOauth } from './routes/oauth';
import { orgWorkHandlers } from './routes/org-work';
import { orgHandlers } from './routes/orgs';
import { ownershipHandlers, registerOwnerRoutes } from './routes/ownership';
import { paymentHandlers } from './routes/payments';
import { receptionHandlers } from './routes/reception';
import { settingsHandlers } from './routes/settings';
import { subnetAdminHandlers } from './routes/subnet-admin';
import { subnetHandlers } from './routes/subnets';
import { taskFlowHandlers } from './routes/task-flow';
import { taskHandlers } from './routes/tasks';
import { seedIfFresh } from './store/seed';
import { wipeService } from '../shared/db';
import { AdmissionStore } from './store/admissions';
import { AgentStore } from './store/agents';
import { MessageStore } from './store/messages';
import { SubnetStore } from './store/subnets';
import { WorkStore } from './store/work';

export type AgentnetDeps = {
  db: Db;
  clock: SandboxClock;
  faults: FaultBox;
  /** Time scale (SANDBOX_SPEED): webhook retry waits are divided by it. Default 1. */
  speed?: number;
  /** How the sandbox's own deliveries leave (webhooks, pushes, probes). Default: loopback only. */
  deliver?: Deliver;
};

/**
 * The agent network's imitation: the document's paths (and the live-service notes (docs/live-services.md#agent-network--live-paths) live ones), auth,
 * presence on the sandbox clock, subnets and admissions, orgs and work, the task pool, messaging,
 * sessions, payments, owner flows and subnet events, with the live error shapes (errors.ts).
 * Routes are relative to AGENTNET_ROOT; mount `app` with `app.route(AGENTNET_ROOT, ...)`, and
 * `close()` it before closing the database (it stops pending webhook deliveries).
 */
export function createAgentnetSandbox({ db, clock, faults, speed = 1, deliver }: AgentnetDeps) {
  const subnets = new SubnetStore(db);
  const out = makeOutbound(deliver);
  const events = new SubnetEvents(db, subnets, out, clock, speed);
  const s: Services = { agents: new AgentStore(db), subnets, admissions: new AdmissionStore(db), work: new WorkStore(db), msgs: new MessageStore(db), clock, out, events, arrivals: new Arrivals() };
  seedIfFresh(db, s);
  events.resume();

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
  registerOwnerRoutes(app, s);
  const handlers = {
    ...directoryHandlers(s),
    ...joinHandlers(s),
    ...settingsHandlers(s),
    ...lifecycleHandlers(s),
    ...subnetHandlers(s),
    ...membershipHandlers(s),
    ...joinRequestHandlers(s),
    ...orgHandlers(s),
    ...orgWorkHandlers(s),
    ...taskHandlers(s),
    ...taskFlowHandlers(s),
    ...messageHandlers(s),
    ...inboxHandlers(s),
    ...receptionHandlers(s),
    ...paymentHandlers(s),
    ...ownershipHandlers(s),
    ...subnetAdminHandlers(s),
  };
  registerOperations(app, agentnetOps, handlers, agentnetDialect);

  app.all('*', (c) => agentnetDialect.notFound(c));
  return {
    app: app as unknown as Hono,
    /** The example hosts' in-process answers, for the console's A2A check of seeded agents. */
    exampleHosts: answerExample,
    events,
    /** Agents that just got an inbox message, a notification or a session change: `onArrival(ids => ...)` returns the unsubscribe. */
    onArrival: (listener: (agentIds: string[]) => void) => s.arrivals.subscribe(listener),
    /** Sandbox controls: every agent network table emptied and the seed planted again. */
    reset() {
      wipeService(db, 'agentnet', ['agentnet_seeded']);
      seedIfFresh(db, s);
    },
    close: () => events.close(),
  };
}
export type AgentnetSandbox = ReturnType<typeof createAgentnetSandbox>;
