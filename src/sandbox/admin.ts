import { services, type ServiceId } from '../contracts/services';
import type { SandboxClock } from './clock';
import type { Db } from './db';
import { seedIfFresh } from './agentnet/seed';
import { AdmissionStore } from './agentnet/store/admissions';
import { AgentStore } from './agentnet/store/agents';
import { SubnetStore } from './agentnet/store/subnets';
import type { Gen3dStore } from './gen3d/store';
import type { SocialCreditBook } from './social/credits';

export type CreditAction = { action: 'top-up'; amount: number } | { action: 'reset' };

/** Tables of the agent network sandbox, children before parents. */
const agentnetTables = ['agentnet_allowlist', 'agentnet_admissions', 'agentnet_members', 'agentnet_subnets', 'agentnet_agents'];

/**
 * What the console's sandbox controls do (the BFF's /api/sandbox routes call these): credits of
 * the account the console uses in sandbox mode (its sandbox key), and a service's state back to
 * a fresh start. The agent network has no credits; its reset wipes it and seeds it again.
 */
export class SandboxAdmin {
  constructor(private readonly deps: { db: Db; clock: SandboxClock; gen3d: Gen3dStore; socialCredits: SocialCreditBook }) {}

  /** Whether a service keeps credits in the sandbox. */
  hasCredits(service: ServiceId): boolean {
    return service === 'gen3d' || service === 'social';
  }

  /** Applies a credit action; answers the new balance, or null when the service keeps no credits. */
  credits(service: ServiceId, change: CreditAction): number | null {
    const key = services[service].sandboxKey;
    const now = this.deps.clock.now();
    if (service === 'gen3d') return change.action === 'reset' ? this.deps.gen3d.resetBalance(key, now) : this.deps.gen3d.topUp(key, change.amount, now);
    if (service === 'social') return change.action === 'reset' ? this.deps.socialCredits.reset(key) : this.deps.socialCredits.topUp(key, change.amount);
    return null;
  }

  /** A service's sandbox as new: 3D forgets its tasks and resets its credits, social resets its credits, agents are wiped and seeded again. */
  reset(service: ServiceId): { balance: number | null } {
    if (service === 'gen3d') {
      this.deps.gen3d.clearTasks(services.gen3d.sandboxKey);
      return { balance: this.credits('gen3d', { action: 'reset' }) };
    }
    if (service === 'social') return { balance: this.credits('social', { action: 'reset' }) };
    const { db, clock } = this.deps;
    db.transaction(() => {
      for (const table of agentnetTables) db.prepare(`DELETE FROM ${table}`).run();
      db.prepare(`DELETE FROM sandbox_meta WHERE key = 'agentnet_seeded'`).run();
    })();
    seedIfFresh(db, { agents: new AgentStore(db), subnets: new SubnetStore(db), admissions: new AdmissionStore(db), clock });
    return { balance: null };
  }
}
