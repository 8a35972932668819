import { services, type ServiceId } from '../contracts/services';
import type { AgentnetSandbox } from './agentnet/app';
import { accountOf } from './gen3d/accounts';
import type { Gen3dStore } from './gen3d/store/store';
import type { SandboxClock } from './shared/clock';
import type { SocialSandbox } from './social/app';

export type CreditAction = { action: 'top-up'; amount: number } | { action: 'reset' };

/**
 * What the console's sandbox controls do (the BFF's /api/sandbox routes call these): credits of
 * the account the console uses in sandbox mode (its sandbox key), and a service's state back to
 * a fresh start. The agent network has no credits; its reset wipes it and seeds it again.
 */
export class SandboxAdmin {
  constructor(private readonly deps: { clock: SandboxClock; gen3d: Gen3dStore; social: SocialSandbox; agentnet: AgentnetSandbox }) {}

  /** Whether a service keeps credits in the sandbox. */
  hasCredits(service: ServiceId): boolean {
    return services[service].sandboxCredits;
  }

  /** Applies a credit action; answers the new balance, or null when the service keeps no credits. */
  credits(service: ServiceId, change: CreditAction): number | null {
    const key = services[service].sandboxKey;
    const now = this.deps.clock.now();
    if (service === 'gen3d') {
      const account = accountOf(key);
      return change.action === 'reset' ? this.deps.gen3d.resetBalance(account, now) : this.deps.gen3d.topUp(account, change.amount, now);
    }
    if (service === 'social') {
      const book = this.deps.social.services.credits;
      return change.action === 'reset' ? book.reset(key) : book.topUp(key, change.amount);
    }
    return null;
  }

  /** A service's sandbox as new: 3D forgets its tasks and resets its credits, social empties its jobs, monitors, hooks and credits, agents are wiped and seeded again. */
  reset(service: ServiceId): { balance: number | null } {
    if (service === 'gen3d') {
      this.deps.gen3d.clearTasks(accountOf(services.gen3d.sandboxKey));
      return { balance: this.credits('gen3d', { action: 'reset' }) };
    }
    if (service === 'social') {
      this.deps.social.reset();
      return { balance: this.credits('social', { action: 'reset' }) };
    }
    this.deps.agentnet.reset();
    return { balance: null };
  }
}
