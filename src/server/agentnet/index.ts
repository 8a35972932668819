import type { Deliver } from '../../node-lib/deliver';
import type { ConnectionSettings } from '../connections/settings';
import type { Upstreams } from '../connections/upstream';
import type { EventHub } from '../watch/hub';
import { agentnetReceiver } from '../hooks/agentnet';
import { OwnerTokens } from './owner-token';
import { createAgentnetTools } from './routes';
import { AgentnetStore } from './store';
import type { TaskPayments } from './task-payments';

/**
 * What the BFF adds for the agent network (contracts/bff-routes/agentnet.ts): its own routes (A2A
 * check, owner token, webhook receivers and their log, outbound setting) and the public receiver
 * of subnet events. `deliver`: how the A2A check reaches operator-named endpoints (default: https
 * public hosts, private ones when allowed, example hosts in-process).
 */
export function createAgentnetBff(deps: { dataDir: string; settings: ConnectionSettings; upstreams: Upstreams; hub: EventHub; now: () => number; exampleHosts: Deliver; deliver?: Deliver; allowPrivate?: boolean; trustProxy?: boolean; taskPayments: TaskPayments }) {
  const store = new AgentnetStore(deps.dataDir);
  const owners = new OwnerTokens(deps.dataDir);
  const receiver = agentnetReceiver({ store, hub: deps.hub, now: deps.now, trustProxy: deps.trustProxy });
  return {
    routes: createAgentnetTools({ ...deps, store, owners }, receiver),
    owners,
    close: () => store.close(),
  };
}
