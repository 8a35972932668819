import { canSee, visibleSubnet } from '../engine/access';
import { requireAgent, requireSelf, type AcnHandlers, type Services } from '../context';
import { domainError, forbidden } from '../errors';
import { admissionRecord, subnetRecord } from './records';
import type { SubnetRow } from '../store/subnets';

/** Child subnet members must already belong to the parent (document). */
export function requireParentMembership(s: Services, row: SubnetRow, agentId: string) {
  if (row.parent_id && !s.subnets.member(row.parent_id, agentId)) {
    throw forbidden('parent_membership_required', `Join the parent subnet '${row.parent_id}' before joining '${row.subnet_id}'`);
  }
}

/** An agent joins and leaves subnets; lists its own. */
export function membershipHandlers(s: Services): AcnHandlers {
  return {
    'agents.subnets': (c, { params }) => {
      const agent = requireAgent(s, params.id);
      const caller = c.get('caller');
      const rows = s.subnets
        .all()
        .filter((row) => s.subnets.member(row.subnet_id, agent.agent_id) && canSee(s, row, caller))
        .map((row) => ({
          ...subnetRecord(row, s.subnets.memberCount(row.subnet_id)),
          role: s.subnets.member(row.subnet_id, agent.agent_id)?.role ?? 'member',
        }));
      // Live answers the ids (the official client reads `subnets` as strings); the records come beside them.
      return c.json({
        agent_id: agent.agent_id,
        subnets: rows.map((r) => r.subnet_id),
        subnet_details: rows,
        count: rows.length,
      });
    },

    // Open: member at once (200). Approval: the owner, allowlisted agents and invited agents are
    // admitted (200); anyone else queues a join request (202) for the owner to decide.
    'subnets.join': (c, { params, body }) => {
      const me = requireSelf(c, s, params.id);
      const row = visibleSubnet(s, params.sid, me);
      const now = s.clock.now();
      const joined = (extra: Record<string, unknown> = {}) =>
        c.json({
          status: 'joined',
          subnet_id: row.subnet_id,
          agent_id: me.agent_id,
          role: 'member',
          ...extra,
        });
      if (row.subnet_id === 'system') throw forbidden('reserved_subnet', "The reserved subnet 'system' cannot be joined");
      const existing = s.subnets.member(row.subnet_id, me.agent_id);
      if (existing)
        return c.json({
          status: 'already_member',
          subnet_id: row.subnet_id,
          agent_id: me.agent_id,
          role: existing.role,
        });
      requireParentMembership(s, row, me.agent_id);
      // (The owner is always a member: it never gets this far.)
      const announce = () => s.events.emit(row.subnet_id, 'agent.joined_subnet', null, { agent_id: me.agent_id, parent_subnet_id: row.parent_id });
      if (row.join_policy === 'open') {
        s.subnets.addMember(row.subnet_id, me.agent_id, 'member', now);
        announce();
        return joined();
      }
      const invitation = s.admissions.pending(row.subnet_id, me.agent_id, 'invitation');
      if (invitation) {
        s.subnets.addMember(row.subnet_id, me.agent_id, 'member', now);
        s.admissions.decide(invitation.request_id, 'approved', now);
        s.events.emit(row.subnet_id, 'subnet.invitation_accepted', null, { agent_id: me.agent_id, request_id: invitation.request_id });
        announce();
        return joined({
          via: 'invitation',
          request_id: invitation.request_id,
          auto_resolved: true,
        });
      }
      if (s.admissions.isAllowlisted(row.subnet_id, me.agent_id)) {
        s.subnets.addMember(row.subnet_id, me.agent_id, 'member', now);
        const admission = s.admissions.insert({
          subnet_id: row.subnet_id,
          agent_id: me.agent_id,
          kind: 'allowlist_auto',
          status: 'approved',
          note: body.note ?? null,
          created_at: now,
          decided_at: now,
        });
        announce();
        return joined({ via: 'allowlist', request_id: admission.request_id });
      }
      const queued =
        s.admissions.pending(row.subnet_id, me.agent_id, 'join_request') ??
        s.admissions.insert({
          subnet_id: row.subnet_id,
          agent_id: me.agent_id,
          kind: 'join_request',
          status: 'pending',
          note: body.note ?? null,
          created_at: now,
        });
      return c.json(admissionRecord(queued), 202);
    },

    'subnets.leave': (c, { params }) => {
      const me = requireSelf(c, s, params.id);
      const row = visibleSubnet(s, params.sid, me);
      const membership = s.subnets.member(row.subnet_id, me.agent_id);
      if (!membership) throw domainError(404, 'MEMBERSHIP_NOT_FOUND', `The agent is not a member of '${row.subnet_id}'`, { subnet_id: row.subnet_id });
      if (membership.role === 'owner') {
        throw domainError(409, 'OWNER_CANNOT_LEAVE', `The owner cannot leave '${row.subnet_id}': delete the subnet instead`, { subnet_id: row.subnet_id });
      }
      // Leaving a parent also leaves its children (their members must belong to the parent).
      const children = s.subnets.children(row.subnet_id).filter((child) => s.subnets.member(child.subnet_id, me.agent_id));
      const ownedChild = children.find((child) => child.owner === me.agent_id);
      if (ownedChild) {
        throw domainError(409, 'OWNS_CHILD_SUBNET', `The agent owns '${ownedChild.subnet_id}' under '${row.subnet_id}': delete it before leaving`, {
          subnet_id: ownedChild.subnet_id,
        });
      }
      for (const child of children) {
        s.subnets.removeMember(child.subnet_id, me.agent_id);
        s.events.emit(child.subnet_id, 'agent.left_subnet', null, { agent_id: me.agent_id, parent_subnet_id: child.parent_id });
      }
      s.subnets.removeMember(row.subnet_id, me.agent_id);
      s.events.emit(row.subnet_id, 'agent.left_subnet', null, { agent_id: me.agent_id, parent_subnet_id: row.parent_id });
      return c.json({
        status: 'left',
        subnet_id: row.subnet_id,
        agent_id: me.agent_id,
        left_children: children.map((child) => child.subnet_id),
      });
    },
  };
}
