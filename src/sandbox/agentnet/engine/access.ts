import type { Services } from '../context';
import { forbidden, subnetNotFound } from '../errors';
import type { AgentRow } from '../store/agents';
import type { SubnetRow } from '../store/subnets';

/**
 * Who sees a subnet (document, rule 5): public subnets, everyone; private ones, their members
 * and agents with a pending admission (invitation, join request) or an allowlist entry. For
 * anyone else a private subnet answers exactly what a missing one does: 404 SUBNET_NOT_FOUND.
 * (The sandbox has no administrators, so the admin scope of rule 4 never applies.)
 */
export function canSee(s: Services, row: SubnetRow, caller: AgentRow | null): boolean {
  if (row.private === 0) return true;
  if (!caller) return false;
  return !!s.subnets.member(row.subnet_id, caller.agent_id) || s.admissions.admittableSubnets(caller.agent_id).has(row.subnet_id);
}

/** The subnet if the caller may see it, else 404 SUBNET_NOT_FOUND (identical for missing and hidden). */
export function visibleSubnet(s: Services, subnetId: string, caller: AgentRow | null): SubnetRow {
  const row = s.subnets.get(subnetId);
  if (!row || !canSee(s, row, caller)) throw subnetNotFound(subnetId);
  return row;
}

export function requireOwner(row: SubnetRow, caller: AgentRow) {
  if (row.owner !== caller.agent_id) throw forbidden('not_owner', `Only the owner of subnet '${row.subnet_id}' can do this`);
}
