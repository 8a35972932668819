import type { OutboundSetting } from '../../contracts/agentnet/a2a-check';
import { operatorFetch, type Deliver } from '../../node-lib/deliver';
import type { AgentnetStore } from './store';

/**
 * Operator-named destinations (class b), here the A2A check of an agent endpoint, through the
 * guarded fetcher: https public hosts; loopback and private addresses only when the operator
 * allows them, by either of two switches: ALLOW_PRIVATE_DESTINATIONS=1 on the server, or the
 * setting saved on the A2A check page (which opens this check only); connect 3 s, total 10 s,
 * 256 KB. The seeded agents' example hosts are answered in-process by the sandbox and never
 * contacted.
 */
export const ALLOW_PRIVATE = 'outbound.allow_private';

/** The saved setting, and which switch allows private addresses now (the environment first: the setting cannot close it). */
export function outboundSetting(store: AgentnetStore, allowPrivateEnv: boolean): OutboundSetting {
  const saved = store.setting(ALLOW_PRIVATE) === '1';
  return { allowPrivate: saved, allowedBy: allowPrivateEnv ? 'environment' : saved ? 'setting' : null };
}

/** The seeded agents' example hosts, which the sandbox answers in-process (app.ts hands them over). */
export type ExampleHosts = { owns: (hostname: string) => boolean; deliver: Deliver };

export function operatorDeliver(store: AgentnetStore, exampleHosts: ExampleHosts, deliver?: Deliver, allowPrivateEnv = false): Deliver {
  const guarded = deliver ?? operatorFetch(() => outboundSetting(store, allowPrivateEnv).allowedBy !== null);
  return (req) => (exampleHosts.owns(new URL(req.url).hostname) ? exampleHosts.deliver(req) : guarded(req));
}
