import { randomBytes } from 'node:crypto';
import { agentNotFound, detailError, domainError, unauthorized } from '../errors';
import type { AcnContext, Services } from '../context';
import type { Actor } from '../engine/governance';
import type { OrgRow, TaskRow } from '../store/work';
import type { AgentRow } from '../store/agents';

/** Small pieces the issue-13 handlers share. */

export const newId = (prefix: string, bytes = 8) => `${prefix}${randomBytes(bytes).toString('hex')}`;
export const iso = (ms: number) => new Date(ms).toISOString();

/** The agent key's agent and/or the owner token's human; 401 when there is neither. */
export function requireActor(c: AcnContext): Actor {
  const agent = c.get('caller');
  const owner = c.get('owner');
  if (!agent && !owner) throw unauthorized(c.get('keyProblem') ?? 'Missing credential: send Authorization: Bearer <API key> (or an owner identity token)');
  return { agent, owner };
}

export const actorOf = (c: AcnContext): Actor => ({ agent: c.get('caller'), owner: c.get('owner') });

/** An org the caller may see (private orgs: members and governance only), else 404 ORG_NOT_FOUND. */
export function findOrg(s: Services, orgId: string, actor: Actor): OrgRow {
  const org = s.work.orgs.get(orgId);
  const hidden = org && org.is_private === 1 && !(actor.agent && (s.work.member(orgId, actor.agent.agent_id) || org.created_by === actor.agent.agent_id)) && !(actor.owner && org.owner_subject === actor.owner.id);
  if (!org || hidden) throw domainError(404, 'ORG_NOT_FOUND', `Organization '${orgId}' not found`, { org_id: orgId });
  return org;
}

/** Pool task errors answer FastAPI's `{detail}` live (the task routes raise HTTPException). */
export function findTask(s: Services, taskId: string): TaskRow {
  const task = s.work.tasks.get(taskId);
  if (!task) throw detailError(404, 'Task not found');
  return task;
}

export function agentOr404(s: Services, agentId: string): AgentRow {
  const agent = s.agents.get(agentId);
  if (!agent) throw agentNotFound();
  return agent;
}

/** Non-reserved subnets both agents belong to (implicit trust: bypasses the manifest queue). */
export function sharedSubnets(s: Services, a: string, b: string): string[] {
  const mine = s.subnets.subnetIdsOf(a);
  return [...s.subnets.subnetIdsOf(b)].filter((id) => mine.has(id) && id !== 'public' && id !== 'system');
}

/** Emits an agent's membership-type event to every subnet it belongs to. */
export function emitToAgentSubnets(s: Services, agentId: string, event: 'agent.owner_changed', data: Record<string, unknown>) {
  for (const sid of s.subnets.subnetIdsOf(agentId)) s.events.emit(sid, event, null, { agent_id: agentId, ...data });
}

/** A lowercase slug of a name (letters, digits, -). */
export const slugLike = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30) || 'org';
