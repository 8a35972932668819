import type { AcnContext, AcnHandlers, Services } from '../context';
import { requireCaller, requireSelf } from '../context';
import { domainError, forbidden } from '../errors';
import { requireOwner, visibleSubnet } from '../engine/access';
import { agentOr404, iso } from './helpers';
import { admissionRecord, subnetRecord } from './records';
import type { AdmissionRow } from '../store/admissions';
import type { SubnetRow } from '../store/subnets';

/** Subnet administration: harness (webhook), promote, transfer, allowlist, invitations. */
export function subnetAdminHandlers(s: Services): AcnHandlers {
  const owned = (c: AcnContext, sid: string) => {
    const me = requireCaller(c);
    const row = visibleSubnet(s, sid, me);
    requireOwner(row, me);
    return { me, row };
  };
  const record = (id: string) => subnetRecord(s.subnets.get(id) as SubnetRow, s.subnets.memberCount(id));
  const invitation = (sid: string, rid: string): AdmissionRow => {
    const r = s.admissions.get(sid, rid);
    if (!r || r.kind !== 'invitation') throw domainError(404, 'INVITATION_NOT_FOUND', `Invitation '${rid}' not found in '${sid}'`, { subnet_id: sid, request_id: rid });
    if (r.status !== 'pending') throw domainError(409, 'INVITATION_NOT_PENDING', `Invitation '${rid}' is already ${r.status}`, { request_id: rid, status: r.status });
    return r;
  };
  const admit = (row: SubnetRow, agentId: string, event: 'subnet.join_approved' | 'subnet.invitation_accepted', requestId: string) => {
    s.subnets.addMember(row.subnet_id, agentId, 'member', s.clock.now());
    s.events.emit(row.subnet_id, event, null, { agent_id: agentId, request_id: requestId });
    s.events.emit(row.subnet_id, 'agent.joined_subnet', null, { agent_id: agentId, parent_subnet_id: row.parent_id });
  };

  return {
    'subnets.harness': (c, { params, body }) => {
      const { row } = owned(c, params.sid);
      s.subnets.update(row.subnet_id, body.harness_url === null ? { harness_url: null, harness_secret: null } : { harness_url: body.harness_url, harness_secret: body.harness_secret ?? null });
      const next = s.subnets.get(row.subnet_id) as SubnetRow;
      return c.json({ status: 'updated', slug: next.subnet_id, subnet_id: next.subnet_id, harness_url: next.harness_url, harness_registered: !!next.harness_url, signed: !!next.harness_secret });
    },
    'subnets.promote': (c, { params }) => {
      const { row } = owned(c, params.sid);
      s.subnets.update(row.subnet_id, { lifecycle: 'persistent', linked_task_id: null });
      return c.json(record(row.subnet_id));
    },
    'subnets.transfer': (c, { params, body }) => {
      const { me, row } = owned(c, params.sid);
      const to = agentOr404(s, (body.new_owner ?? body.new_owner_agent_id ?? body.agent_id) as string);
      if (!s.subnets.member(row.subnet_id, to.agent_id)) throw domainError(409, 'NEW_OWNER_NOT_MEMBER', `${to.name} must be a member of '${row.subnet_id}' to own it`, { agent_id: to.agent_id });
      s.subnets.update(row.subnet_id, { owner: to.agent_id });
      s.subnets.setRole(row.subnet_id, to.agent_id, 'owner');
      s.subnets.setRole(row.subnet_id, me.agent_id, 'member');
      return c.json(record(row.subnet_id));
    },
    'subnets.allowlist': (c, { params }) => {
      const { row } = owned(c, params.sid);
      const entries = s.admissions.db.prepare(`SELECT agent_id, added_at FROM agentnet_allowlist WHERE subnet_id = ? ORDER BY added_at`).all(row.subnet_id) as Array<{ agent_id: string; added_at: number }>;
      return c.json({ slug: row.subnet_id, entries: entries.map((e) => ({ agent_id: e.agent_id, added_by: row.owner, added_at: iso(e.added_at) })) });
    },
    'subnets.allowlist.add': (c, { params, body }) => {
      const { row } = owned(c, params.sid);
      agentOr404(s, body.agent_id);
      s.admissions.allowlist(row.subnet_id, body.agent_id, s.clock.now());
      return c.json({ slug: row.subnet_id, agent_id: body.agent_id, allowlisted: true });
    },
    // 204 even when the agent was not on the list (document).
    'subnets.allowlist.remove': (c, { params }) => {
      const { row } = owned(c, params.sid);
      s.admissions.db.prepare(`DELETE FROM agentnet_allowlist WHERE subnet_id = ? AND agent_id = ?`).run(row.subnet_id, params.agent);
      return c.body(null, 204);
    },
    'subnets.invitations': (c, { params, query }) => {
      const { row } = owned(c, params.sid);
      const items = s.admissions.list(row.subnet_id).filter((r) => r.kind === 'invitation' && (!query.status || r.status === query.status));
      return c.json({ slug: row.subnet_id, items: items.map(admissionRecord) });
    },
    // An invitation to an agent with a pending join request resolves it at once (auto_resolved).
    'subnets.invitations.send': (c, { params, body }) => {
      const { row } = owned(c, params.sid);
      const to = agentOr404(s, body.agent_id);
      if (s.subnets.member(row.subnet_id, to.agent_id)) throw domainError(409, 'ALREADY_MEMBER', `${to.name} is already a member of '${row.subnet_id}'`, { agent_id: to.agent_id });
      const now = s.clock.now();
      const request = s.admissions.pending(row.subnet_id, to.agent_id, 'join_request');
      if (request) {
        s.admissions.decide(request.request_id, 'approved', now, body.note ?? null);
        admit(row, to.agent_id, 'subnet.join_approved', request.request_id);
        return c.json({ auto_resolved: true, resolved_kind: 'join_request', request_id: request.request_id, status: 'approved' });
      }
      const inv = s.admissions.pending(row.subnet_id, to.agent_id, 'invitation') ?? s.admissions.insert({ subnet_id: row.subnet_id, agent_id: to.agent_id, kind: 'invitation', status: 'pending', note: body.note ?? null, created_at: now });
      return c.json({ invitation_id: inv.request_id, ...admissionRecord(inv), auto_resolved: false }, 202);
    },
    'subnets.invitations.accept': (c, { params }) => {
      const me = requireCaller(c);
      const row = visibleSubnet(s, params.sid, me);
      const inv = invitation(row.subnet_id, params.rid);
      if (inv.agent_id !== me.agent_id) throw forbidden('not_invitee', 'Only the invited agent can accept the invitation');
      if (row.parent_id && !s.subnets.member(row.parent_id, me.agent_id)) throw forbidden('parent_membership_required', `Join the parent subnet '${row.parent_id}' first`);
      s.admissions.decide(inv.request_id, 'approved', s.clock.now());
      admit(row, me.agent_id, 'subnet.invitation_accepted', inv.request_id);
      return c.json(admissionRecord(s.admissions.get(row.subnet_id, inv.request_id) as AdmissionRow));
    },
    'subnets.invitations.reject': (c, { params }) => {
      const me = requireCaller(c);
      const row = visibleSubnet(s, params.sid, me);
      const inv = invitation(row.subnet_id, params.rid);
      if (inv.agent_id !== me.agent_id) throw forbidden('not_invitee', 'Only the invited agent can reject the invitation');
      s.admissions.decide(inv.request_id, 'rejected', s.clock.now());
      return c.json(admissionRecord(s.admissions.get(row.subnet_id, inv.request_id) as AdmissionRow));
    },
    'subnets.invitations.cancel': (c, { params }) => {
      const { row } = owned(c, params.sid);
      const inv = invitation(row.subnet_id, params.rid);
      s.admissions.decide(inv.request_id, 'withdrawn', s.clock.now());
      return c.json(admissionRecord(s.admissions.get(row.subnet_id, inv.request_id) as AdmissionRow));
    },
    'agents.subnetInvitations': (c, { params }) => {
      const me = requireSelf(c, s, params.id);
      const rows = s.admissions.db.prepare(`SELECT * FROM agentnet_admissions WHERE agent_id = ? AND kind = 'invitation' AND status = 'pending' ORDER BY seq DESC`).all(me.agent_id) as AdmissionRow[];
      return c.json({ agent_id: me.agent_id, items: rows.map(admissionRecord) });
    },
  };
}
