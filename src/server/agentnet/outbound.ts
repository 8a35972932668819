import { isExampleHost } from '../../sandbox/agentnet';
import { operatorFetch, type Deliver } from '../../node-lib/deliver';
import type { AgentnetStore } from './store';

/**
 * Operator-named destinations (DESIGN.md, convention 10, class b), here the A2A check of an agent
 * endpoint, through the guarded fetcher: https public hosts; loopback and private addresses only
 * when the operator allows them (the agents setting, or ALLOW_PRIVATE_DESTINATIONS); connect 3 s,
 * total 10 s, 256 KB. The seeded agents' example hosts are answered in-process by the sandbox and
 * never contacted.
 */
export const ALLOW_PRIVATE = 'outbound.allow_private';

export function operatorDeliver(store: AgentnetStore, exampleHosts: Deliver, deliver?: Deliver, allowPrivateEnv = false): Deliver {
  const guarded = deliver ?? operatorFetch(() => allowPrivateEnv || store.setting(ALLOW_PRIVATE) === '1');
  return (req) => (isExampleHost(new URL(req.url).hostname) ? exampleHosts(req) : guarded(req));
}
