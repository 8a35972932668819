import type { Services } from '../context';
import { domainError } from '../errors';
import type { TaskRow } from '../store/work';

/**
 * Rewards held in escrow: an org-paid reward above 0 is locked in the org wallet when the task is
 * published; an agent's `use_escrow` reward is locked from its sandbox credits. Completion
 * releases it to the participant's credits; cancellation refunds it to where it came from.
 */
export function lockOrgReward(s: Services, orgId: string, amount: number) {
  const org = s.work.orgs.get(orgId);
  if (!org) return;
  if (org.wallet_exists !== 1 || org.wallet_balance < amount) {
    throw domainError(402, 'INSUFFICIENT_ORG_BALANCE', `The wallet of ${orgId} holds ${org.wallet_exists ? org.wallet_balance : 0} credits; this reward needs ${amount} locked in escrow. Top up the org wallet (a backend credential) first.`, {
      org_id: orgId,
      balance: org.wallet_exists ? org.wallet_balance : 0,
      required: amount,
      wallet_exists: org.wallet_exists === 1,
    });
  }
  s.work.orgs.update(orgId, { wallet_balance: org.wallet_balance - amount, wallet_held: org.wallet_held + amount });
}

export function lockAgentReward(s: Services, agentId: string, amount: number) {
  if (!s.msgs.moveCredits(agentId, -amount)) {
    throw domainError(402, 'INSUFFICIENT_CREDITS', `The agent holds ${s.msgs.credits(agentId)} credits; this reward needs ${amount} in escrow`, { balance: s.msgs.credits(agentId), required: amount });
  }
}

/** Releases a held reward to the agent that completed the task. */
export function releaseEscrow(s: Services, task: TaskRow, to: string) {
  if (task.escrow_status !== 'held') return;
  if (task.pay_from === 'org' && task.org_id) {
    const org = s.work.orgs.get(task.org_id);
    if (org) s.work.orgs.update(org.org_id, { wallet_held: Math.max(0, org.wallet_held - task.escrow_amount) });
  }
  s.msgs.moveCredits(to, task.escrow_amount);
  s.work.tasks.update(task.task_id, { escrow_status: 'released' });
}

/** Refunds a held reward to the org wallet or the creator. */
export function refundEscrow(s: Services, task: TaskRow) {
  if (task.escrow_status !== 'held') return;
  if (task.pay_from === 'org' && task.org_id) {
    const org = s.work.orgs.get(task.org_id);
    if (org) s.work.orgs.update(org.org_id, { wallet_held: Math.max(0, org.wallet_held - task.escrow_amount), wallet_balance: org.wallet_balance + task.escrow_amount });
  } else s.msgs.moveCredits(task.creator_id, task.escrow_amount);
  s.work.tasks.update(task.task_id, { escrow_status: 'refunded' });
}

/** Backend top-up of an org wallet (the internal credential path; lazily creates the wallet). */
export function topUpOrg(s: Services, orgId: string, amount: number) {
  const org = s.work.orgs.get(orgId);
  if (!org) return null;
  s.work.orgs.update(orgId, { wallet_exists: 1, wallet_balance: org.wallet_balance + amount });
  return s.work.orgs.get(orgId);
}
