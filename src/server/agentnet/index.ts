import type { Deliver } from '../../node-lib/deliver';
import type { ExampleHosts } from './outbound';
import type { ConnectionSettings } from '../connections/settings';
import type { Upstreams } from '../connections/upstream';
import type { EventHub } from '../events/hub';
import { agentnetReceiver } from './receiver';
import { OwnerTokens } from './owner-token';
import { agentnetTools } from './handlers';
import { AgentnetStore } from './store';
import type { TaskPayments } from './task-payments';

/**
 * What the BFF adds for the agent network: the handlers of its own routes (contracts/bff-routes/
 * agentnet.ts: A2A check, owner token, webhook receivers and their log, outbound setting) and the
 * public receiver of subnet events; app.ts serves them with the one forgetting an agent. `deliver`: how the A2A check reaches operator-named endpoints (default: https
 * public hosts, private ones when allowed, example hosts in-process).
 */
export async function createAgentnetBff(deps: { dataDir: string; databaseUrl?: string; settings: ConnectionSettings; upstreams: Upstreams; hub: EventHub; now: () => number; exampleHosts: ExampleHosts; deliver?: Deliver; allowPrivate?: boolean; trustProxy?: boolean; taskPayments: TaskPayments }) {
  const store = await AgentnetStore.open(deps.dataDir, deps.databaseUrl);
  // Refused deliveries past their retention go at start-up, then with each refused delivery.
  await store.pruneRefused(deps.now());
  const owners = new OwnerTokens(deps.dataDir);
  return {
    handlers: { ...agentnetTools({ ...deps, store, owners }), receiver: agentnetReceiver({ store, hub: deps.hub, now: deps.now, trustProxy: deps.trustProxy }) },
    owners,
    close: () => store.close(),
  };
}
