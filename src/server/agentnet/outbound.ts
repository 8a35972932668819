import { isExampleHost } from '../../sandbox/agentnet';
import { isLoopback, isPrivate, makeDeliver, type Deliver } from '../../node-lib/deliver';
import type { AgentnetStore } from './store';

/**
 * Operator-named destinations (DESIGN.md, convention 10, class b), here the A2A check of an agent
 * endpoint: https public hosts; loopback and private addresses only when the operator allows them
 * (`allowPrivate`); connect 3 s, total 10 s, 256 KB. The seeded agents' example hosts are answered
 * in-process by the sandbox and never contacted. The lead swaps `deliver` for the guarded fetcher.
 */
export const CHECK_LIMITS = { connectMs: 3_000, totalMs: 10_000, maxBytes: 256 * 1024 };
export const ALLOW_PRIVATE = 'outbound.allow_private';

export function operatorDeliver(store: AgentnetStore, exampleHosts: Deliver, deliver?: Deliver): Deliver {
  const guarded =
    deliver ??
    makeDeliver((address, url) => {
      if (isLoopback(address) || isPrivate(address)) {
        return store.setting(ALLOW_PRIVATE) === '1' ? null : `${url.hostname} is a loopback or private address (${address}): allow private destinations in the agent settings to check it`;
      }
      return url.protocol === 'https:' ? null : `${url.hostname} is a public host: the console contacts public hosts only over https`;
    }, CHECK_LIMITS);
  return (req) => (isExampleHost(new URL(req.url).hostname) ? exampleHosts(req) : guarded(req));
}
