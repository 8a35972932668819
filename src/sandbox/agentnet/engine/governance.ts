import type { AgentRow } from '../store/agents';
import type { OrgRow } from '../store/work';
import type { Owner } from '../context';
import { domainError } from '../errors';

/**
 * Governance of an organization (document): for an unclaimed org its creator (`created_by`); for
 * a claimed org its owner (an agent, or a human through the owner identity token). Membership
 * alone is not enough. A non-governance write is 403 `ownership_mismatch` with `details.reason`.
 */
export type Actor = { agent: AgentRow | null; owner: Owner | null };

export function governs(org: OrgRow, actor: Actor): boolean {
  if (org.owner_kind === 'none') return actor.agent?.agent_id === org.created_by;
  if (org.owner_kind === 'agent') return actor.agent?.agent_id === org.owner_subject;
  return actor.owner?.id === org.owner_subject;
}

/** Who governs, in words, for the refusal. */
export function governor(org: OrgRow): string {
  if (org.owner_kind === 'none') return `its creator, agent ${org.created_by} (the org is unclaimed)`;
  return org.owner_kind === 'agent' ? `its owner, agent ${org.owner_subject}` : `its owner, the human ${org.owner_subject} (with an owner identity token)`;
}

export function requireGovernance(org: OrgRow, actor: Actor, action: string) {
  if (governs(org, actor)) return;
  const reason = org.owner_kind === 'none' ? 'not_creator' : 'not_owner';
  throw domainError(403, 'ownership_mismatch', `Only ${governor(org)} may ${action} in ${org.org_id}; membership alone is not enough.`, {
    reason,
    org_id: org.org_id,
    bound_org_id: org.org_id,
    governance: org.owner_kind === 'none' ? { kind: 'creator', subject: org.created_by } : { kind: org.owner_kind, subject: org.owner_subject },
  });
}

export function requireActive(org: OrgRow) {
  if (org.status !== 'active') throw domainError(409, 'ORG_DISSOLVED', `${org.org_id} is ${org.status}: it takes no more changes`, { org_id: org.org_id, status: org.status });
}
