import type { AcnHandlers, Services } from '../context';
import { domainError } from '../errors';
import { requireActive, requireGovernance } from '../engine/governance';
import { createTask, DEFAULT_MAX_RESUBMIT, workStatusOf } from '../engine/task-pool';
import { actorOf, agentOr404, findOrg, findTask, newId, requireActor } from './helpers';
import { taskRecord, workRecord } from './records-work';
import type { OrgRow, WorkRow } from '../store/work';

/** An org's work items, its loop tick, publish-task and import-task (governance writes). */
export function orgWorkHandlers(s: Services): AcnHandlers {
  const findWork = (org: OrgRow, workId: string): WorkRow => {
    const w = s.work.work.get(workId);
    if (!w || w.org_id !== org.org_id) throw domainError(404, 'WORK_NOT_FOUND', `Work item '${workId}' not found in ${org.org_id}`, { org_id: org.org_id, work_id: workId });
    return w;
  };
  const newWork = (org: OrgRow, title: string, status: WorkRow['status'], assignee: string | null, taskId: string | null, metadata: Record<string, unknown> = {}) => {
    const now = s.clock.now();
    const workId = newId('work_', 6);
    s.work.work.insert({ work_id: workId, org_id: org.org_id, title, status, assignee, task_id: taskId, metadata: JSON.stringify(metadata), created_at: now, updated_at: now });
    const w = s.work.work.get(workId) as WorkRow;
    s.events.emit(org.subnet_id, 'org.work_created', org.org_id, { work_id: workId, title, status, assignee_agent_id: assignee, task_id: taskId });
    return w;
  };

  return {
    'orgs.work.list': (c, { params, query }) => {
      const org = findOrg(s, params.oid, actorOf(c));
      const work = s.work.work.where(query.open_only ? `org_id = ? AND status IN ('todo', 'in_progress') ORDER BY seq` : 'org_id = ? ORDER BY seq', org.org_id);
      return c.json({ org_id: org.org_id, count: work.length, work: work.map(workRecord) });
    },

    'orgs.work.create': (c, { params, body }) => {
      const actor = requireActor(c);
      const org = findOrg(s, params.oid, actor);
      requireGovernance(org, actor, 'create work');
      requireActive(org);
      const assignee = body.assignee_agent_id ?? body.assignee ?? null;
      if (assignee) agentOr404(s, assignee);
      return c.json(workRecord(newWork(org, body.title.trim(), body.status ?? 'todo', assignee, null, body.metadata ?? {})));
    },

    // Any of the four statuses can be set by governance actors (document).
    'orgs.work.update': (c, { params, body }) => {
      const actor = requireActor(c);
      const org = findOrg(s, params.oid, actor);
      requireGovernance(org, actor, 'change work');
      requireActive(org);
      const work = findWork(org, params.wid);
      const assignee = body.assignee_agent_id !== undefined ? body.assignee_agent_id : body.assignee;
      if (assignee) agentOr404(s, assignee);
      s.work.work.update(work.work_id, {
        ...(body.status ? { status: body.status } : {}),
        ...(assignee !== undefined ? { assignee } : {}),
        ...(body.title ? { title: body.title.trim() } : {}),
        updated_at: s.clock.now(),
      });
      const next = s.work.work.get(work.work_id) as WorkRow;
      s.events.emit(org.subnet_id, 'org.work_updated', org.org_id, { work_id: next.work_id, status: next.status, previous_status: work.status, assignee_agent_id: next.assignee });
      return c.json(workRecord(next));
    },

    // Idempotent: a task already imported answers its work item.
    'orgs.work.import': (c, { params, body }) => {
      const actor = requireActor(c);
      const org = findOrg(s, params.oid, actor);
      requireGovernance(org, actor, 'import tasks');
      requireActive(org);
      const task = findTask(s, body.task_id);
      const linked = task.org_work_id ? s.work.work.get(task.org_work_id) : undefined;
      if (linked && linked.org_id === org.org_id) return c.json({ ...workRecord(linked), imported: false });
      const work = newWork(org, task.title, workStatusOf(task.status), task.assignee_id, task.task_id, { imported_from: task.task_id });
      const metadata = { ...(JSON.parse(task.metadata) as Record<string, unknown>), org_id: org.org_id, org_work_id: work.work_id };
      s.work.tasks.update(task.task_id, { org_work_id: work.work_id, org_id: task.org_id ?? org.org_id, metadata: JSON.stringify(metadata), updated_at: s.clock.now() });
      return c.json({ ...workRecord(work), imported: true });
    },

    'orgs.tick': (c, { params }) => {
      const actor = requireActor(c);
      const org = findOrg(s, params.oid, actor);
      requireGovernance(org, actor, 'tick the loop');
      requireActive(org);
      const open = s.work.work.where(`org_id = ? AND status IN ('todo', 'in_progress') ORDER BY seq`, org.org_id);
      const answer = { org_id: org.org_id, open_count: open.length, work_ids: open.map((w) => w.work_id), assignees: Object.fromEntries(open.map((w) => [w.work_id, w.assignee])), ticked_at: new Date(s.clock.now()).toISOString() };
      s.events.emit(org.subnet_id, 'org.loop_tick', org.org_id, answer);
      return c.json(answer);
    },

    // Default: no subnet fence and no org work; org-paid rewards above 0 lock credits in escrow.
    'orgs.publishTask': (c, { params, body }) => {
      const actor = requireActor(c);
      const org = findOrg(s, params.oid, actor);
      requireGovernance(org, actor, 'publish tasks');
      requireActive(org);
      const payFrom = body.pay_from ?? body['pay-from'] ?? 'agent';
      const reward = body.reward ?? 0;
      const creator = actor.agent ? { id: actor.agent.agent_id, name: actor.agent.name, type: 'agent' as const } : { id: actor.owner!.id, name: actor.owner!.name, type: 'human' as const };
      const task = createTask(s, {
        title: body.title.trim(),
        description: body.description ?? '',
        tags: body.tags ?? [],
        subnetId: body.fence || body.fence_to_subnet ? org.subnet_id : null,
        orgId: org.org_id,
        reward,
        currency: body.reward_currency ?? 'credits',
        payFrom,
        escrow: payFrom === 'org' && reward > 0,
        maxResubmit: body.max_resubmit_attempts ?? DEFAULT_MAX_RESUBMIT,
        maxParticipants: 1,
        requireApproval: false,
        humanOnly: false,
        taskType: 'general',
        creator,
        assigneeId: null,
        metadata: { org_id: org.org_id, published_by_org: true },
        deadlineHours: null,
      });
      if (body.create_work) {
        const work = newWork(org, task.title, 'todo', null, task.task_id);
        s.work.tasks.update(task.task_id, { org_work_id: work.work_id, metadata: JSON.stringify({ org_id: org.org_id, org_work_id: work.work_id, published_by_org: true }) });
      }
      return c.json(taskRecord(findTask(s, task.task_id)));
    },
  };
}
