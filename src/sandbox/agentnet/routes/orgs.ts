import type { AcnHandlers, Services } from '../context';
import { domainError, forbidden } from '../errors';
import { governs, requireActive, requireGovernance } from '../engine/governance';
import { actorOf, agentOr404, findOrg, newId, requireActor, slugLike } from './helpers';
import { memberRecord, orgRecord, orgWalletRecord } from './records-work';
import { requireCaller } from '../context';
import { canSee } from '../engine/access';
import type { OrgRow } from '../store/work';

/** Plugin slots for the list form of `plugins`. */
const slotOf: Record<string, string> = { builtin_work: 'work', heartbeat: 'loop', noop: 'noop' };
export const pluginsObject = (p: string[] | Record<string, string> | null | undefined): Record<string, string> =>
  p == null ? { work: 'builtin_work' } : Array.isArray(p) ? Object.fromEntries(p.map((id) => [slotOf[id] ?? id, id])) : p;

/** Organizations: create, read, change, members, ownership (claim, transfer, release), dissolve, wallet. */
export function orgHandlers(s: Services): AcnHandlers {
  const record = (org: OrgRow) => orgRecord(org, s.work.orgMembers(org.org_id));
  const reload = (orgId: string) => s.work.orgs.get(orgId) as OrgRow;
  const touch = (orgId: string, fields: Partial<OrgRow>) => s.work.orgs.update(orgId, { ...fields, updated_at: s.clock.now() });
  const ownerChanged = (org: OrgRow, previous: { kind: string; subject: string | null }) => {
    const next = reload(org.org_id);
    s.events.emit(org.subnet_id, 'org.owner_changed', org.org_id, { org_id: org.org_id, previous_owner: previous, owner: { kind: next.owner_kind, subject: next.owner_subject } });
    return next;
  };

  return {
    'orgs.list': (c) => {
      const actor = actorOf(c);
      const rows = s.work.orgs.where('1 = 1 ORDER BY seq').filter((o) => {
        try {
          return !!findOrg(s, o.org_id, actor);
        } catch {
          return false;
        }
      });
      return c.json({ orgs: rows.map(record), count: rows.length });
    },

    'orgs.create': (c, { body }) => {
      const me = requireCaller(c);
      const now = s.clock.now();
      const name = (body.display_name ?? body.name ?? '').trim();
      const subnetRef = body.subnet_id ?? body.subnet;
      let subnetId: string;
      const existing = subnetRef ? s.subnets.get(subnetRef) : undefined;
      if (existing) {
        if (!canSee(s, existing, me)) throw domainError(404, 'SUBNET_NOT_FOUND', `Subnet '${subnetRef}' not found`, { subnet_id: subnetRef });
        if (!s.subnets.member(existing.subnet_id, me.agent_id)) throw forbidden('not_subnet_member', `Join subnet '${existing.subnet_id}' before binding an organization to it`);
        subnetId = existing.subnet_id;
      } else {
        subnetId = subnetRef && /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/.test(subnetRef) ? subnetRef : s.subnets.freeSlug(`org-${slugLike(name)}`);
        s.subnets.create({ subnet_id: subnetId, name, description: `Subnet of the organization ${name}`, owner: me.agent_id, private: body.is_private ? 1 : 0, join_policy: body.join_policy ?? body['join-policy'] ?? 'open', parent_id: null, lifecycle: 'persistent', linked_task_id: null, created_at: now });
      }
      if (body.harness_url && s.subnets.get(subnetId)?.owner === me.agent_id) s.subnets.update(subnetId, { harness_url: body.harness_url, harness_secret: body.harness_secret ?? null });
      const orgId = newId('org_', 6);
      s.work.orgs.insert({ org_id: orgId, display_name: name, subnet_id: subnetId, plugins: JSON.stringify(pluginsObject(body.plugins)), charter: JSON.stringify(body.charter ?? {}), status: 'active', owner_kind: 'none', owner_subject: null, created_by: me.agent_id, is_private: body.is_private ? 1 : 0, steward_agent_id: body.steward_agent_id ?? null, created_at: now, updated_at: now });
      s.work.members.insert({ org_id: orgId, agent_id: me.agent_id, role: 'creator', added_at: now });
      const org = reload(orgId);
      s.events.emit(subnetId, 'org.created', orgId, { org_id: orgId, display_name: name, created_by: me.agent_id });
      return c.json(record(org));
    },

    'orgs.get': (c, { params }) => c.json(record(findOrg(s, params.oid, actorOf(c)))),

    'orgs.update': (c, { params, body }) => {
      const org = findOrg(s, params.oid, requireActor(c));
      requireGovernance(org, actorOf(c), 'change the organization');
      requireActive(org);
      const name = body.display_name ?? body.name;
      touch(org.org_id, {
        ...(name != null ? { display_name: name.trim() } : {}),
        ...(body.charter != null ? { charter: JSON.stringify(body.charter) } : {}),
        ...(body.plugins != null ? { plugins: JSON.stringify(pluginsObject(body.plugins)) } : {}),
      });
      return c.json(record(reload(org.org_id)));
    },

    'orgs.members': (c, { params }) => {
      const org = findOrg(s, params.oid, actorOf(c));
      const members = s.work.orgMembers(org.org_id).map((m) => memberRecord(m, s.agents.get(m.agent_id)?.name ?? null));
      return c.json({ org_id: org.org_id, members, count: members.length });
    },

    'orgs.members.add': (c, { params, body }) => {
      const actor = requireActor(c);
      const org = findOrg(s, params.oid, actor);
      requireGovernance(org, actor, 'add members');
      requireActive(org);
      const agent = agentOr404(s, body.agent_id);
      const now = s.clock.now();
      const role = body.role ?? 'worker';
      const had = s.work.member(org.org_id, agent.agent_id);
      if (had) s.work.db.prepare(`UPDATE agentnet_org_members SET role = ? WHERE org_id = ? AND agent_id = ?`).run(role, org.org_id, agent.agent_id);
      else s.work.members.insert({ org_id: org.org_id, agent_id: agent.agent_id, role, added_at: now });
      if (org.subnet_id && !s.subnets.member(org.subnet_id, agent.agent_id)) {
        s.subnets.addMember(org.subnet_id, agent.agent_id, 'member', now);
        s.events.emit(org.subnet_id, 'agent.joined_subnet', null, { agent_id: agent.agent_id, parent_subnet_id: s.subnets.get(org.subnet_id)?.parent_id ?? null, via: 'org' });
      }
      s.events.emit(org.subnet_id, 'org.member_added', org.org_id, { org_id: org.org_id, agent_id: agent.agent_id, role });
      return c.json({ ...memberRecord(s.work.member(org.org_id, agent.agent_id)!, agent.name), changed: !had || had.role !== role });
    },

    'orgs.members.remove': (c, { params }) => {
      const actor = requireActor(c);
      const org = findOrg(s, params.oid, actor);
      requireGovernance(org, actor, 'remove members');
      const member = s.work.member(org.org_id, params.agent);
      if (!member) throw domainError(404, 'MEMBER_NOT_FOUND', `Agent ${params.agent} is not a member of ${org.org_id}`, { org_id: org.org_id, agent_id: params.agent });
      if (member.agent_id === org.created_by) throw domainError(409, 'CREATOR_CANNOT_BE_REMOVED', `The creator of ${org.org_id} stays a member`, { org_id: org.org_id });
      s.work.members.delete('org_id = ? AND agent_id = ?', org.org_id, member.agent_id);
      s.events.emit(org.subnet_id, 'org.member_removed', org.org_id, { org_id: org.org_id, agent_id: member.agent_id });
      return c.json({ org_id: org.org_id, agent_id: member.agent_id, removed: true });
    },

    // An agent claims an unclaimed org it created; a human (owner token) one created by an agent it owns.
    'orgs.claim': (c, { params }) => {
      const actor = requireActor(c);
      const org = findOrg(s, params.oid, actor);
      requireActive(org);
      if (org.owner_kind !== 'none') throw domainError(409, 'ORG_ALREADY_CLAIMED', `${org.org_id} is already claimed by ${org.owner_kind} ${org.owner_subject}`, { org_id: org.org_id, owner: { kind: org.owner_kind, subject: org.owner_subject } });
      const creator = s.agents.get(org.created_by);
      if (actor.owner && creator?.owner_id === actor.owner.id) touch(org.org_id, { owner_kind: 'human', owner_subject: actor.owner.id });
      else if (actor.agent && actor.agent.agent_id === org.created_by) touch(org.org_id, { owner_kind: 'agent', owner_subject: actor.agent.agent_id });
      else requireGovernance(org, { agent: null, owner: null }, 'claim the organization (or the human who owns the creator agent)');
      return c.json(record(ownerChanged(org, { kind: 'none', subject: null })));
    },

    'orgs.transfer': (c, { params, body }) => {
      const actor = requireActor(c);
      const org = findOrg(s, params.oid, actor);
      requireGovernance(org, actor, 'transfer the organization');
      requireActive(org);
      if (body.kind === 'agent') agentOr404(s, body.subject);
      touch(org.org_id, { owner_kind: body.kind, owner_subject: body.subject });
      return c.json(record(ownerChanged(org, { kind: org.owner_kind, subject: org.owner_subject })));
    },

    'orgs.release': (c, { params }) => {
      const actor = requireActor(c);
      const org = findOrg(s, params.oid, actor);
      requireGovernance(org, actor, 'release the organization');
      if (org.owner_kind === 'none') throw domainError(409, 'ORG_NOT_CLAIMED', `${org.org_id} has no owner to release`, { org_id: org.org_id });
      touch(org.org_id, { owner_kind: 'none', owner_subject: null });
      return c.json(record(ownerChanged(org, { kind: org.owner_kind, subject: org.owner_subject })));
    },

    'orgs.dissolve': (c, { params }) => {
      const actor = requireActor(c);
      const org = findOrg(s, params.oid, actor);
      requireGovernance(org, actor, 'dissolve the organization');
      requireActive(org);
      touch(org.org_id, { status: 'dissolved' });
      s.events.emit(org.subnet_id, 'org.dissolved', org.org_id, { org_id: org.org_id });
      return c.json(record(reload(org.org_id)));
    },

    // Treasury or governance callers (document).
    'orgs.wallet': (c, { params }) => {
      const actor = requireActor(c);
      const org = findOrg(s, params.oid, actor);
      const role = actor.agent ? s.work.member(org.org_id, actor.agent.agent_id)?.role : undefined;
      if (!governs(org, actor) && role !== 'treasury' && role !== 'treasurer') requireGovernance(org, actor, 'read the wallet (or a member with the treasury role)');
      return c.json(orgWalletRecord(org));
    },
  };
}
