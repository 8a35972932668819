import type { AcnHandlers, Services } from '../context';
import { requireCaller } from '../context';
import { detailError } from '../errors';
import { canSee } from '../engine/access';
import { createTask, DEFAULT_MAX_RESUBMIT } from '../engine/task-pool';
import { findOrg, findTask } from './helpers';
import { taskRecord } from './records-work';
import type { TaskRow } from '../store/work';
import type { AgentRow } from '../store/agents';

const csv = (...values: Array<string | null | undefined>) => values.flatMap((v) => v?.split(',') ?? []).map((t) => t.trim().toLowerCase()).filter(Boolean);

/** The task pool: create, list (board), match by tags, read, an agent's history. */
export function taskHandlers(s: Services): AcnHandlers {
  const record = (t: TaskRow) => taskRecord(t, s.work.participationsOf(t.task_id));
  /** Tasks fenced to a private subnet are seen by its members only. */
  const visible = (t: TaskRow, caller: AgentRow | null) => {
    if (!t.subnet_id) return true;
    const sub = s.subnets.get(t.subnet_id);
    return !sub || canSee(s, sub, caller);
  };

  return {
    'tasks.create': (c, { body }) => {
      const me = requireCaller(c);
      const subnetRef = body.subnet ?? body.subnet_id ?? body.subnet_slug;
      if (subnetRef) {
        const sub = s.subnets.get(subnetRef);
        if (!sub || !canSee(s, sub, me)) throw detailError(404, `Subnet '${subnetRef}' not found`);
      }
      if (body.org_id) findOrg(s, body.org_id, { agent: me, owner: null });
      const metadata = body.metadata ?? {};
      const assignee = body.mode === 'assigned' ? (body.assignee_id ?? null) : null;
      if (assignee && !s.agents.get(assignee)) throw detailError(404, 'Agent not found');
      const task = createTask(s, {
        title: body.title.trim(),
        description: body.description ?? '',
        tags: [...new Set([...(body.tags ?? []), ...(body.required_tags ?? []), ...(body.required_skills ?? [])])],
        subnetId: subnetRef ?? null,
        orgId: body.org_id ?? null,
        reward: body.reward ?? body.reward_amount ?? 0,
        currency: body.reward_currency ?? 'ap_points',
        payFrom: 'agent',
        escrow: body.use_escrow === true,
        maxResubmit: body.max_resubmit_attempts ?? DEFAULT_MAX_RESUBMIT,
        maxParticipants: body.max_participants ?? 1,
        requireApproval: body.require_join_approval === true,
        humanOnly: body.human_only === true || body.task_type === 'cultivator' || metadata.human_only === true,
        taskType: body.task_type ?? 'general',
        creator: { id: me.agent_id, name: me.name, type: 'agent' },
        assigneeId: assignee,
        metadata,
        deadlineHours: body.deadline_hours ?? null,
      });
      return c.json(record(task));
    },

    // The board: every filter optional; `total` is the page length and `has_more` says if more exist (docs/live-services.md#agent-network--task-pool).
    'tasks.list': (c, { query: q }) => {
      const caller = c.get('caller');
      const tags = csv(q.skills, q.tags, q.tag);
      const where: string[] = [];
      const args: unknown[] = [];
      const eq = (col: string, v: string | null | undefined) => {
        if (v != null) {
          where.push(`${col} = ?`);
          args.push(v);
        }
      };
      eq('status', q.status);
      eq('creator_id', q.creator_id);
      eq('assignee_id', q.assignee_id);
      eq('org_id', q.org_id);
      eq('subnet_id', q.subnet);
      if (q.mode) eq('mode', q.mode);
      if (q.board_id) {
        where.push(`json_extract(metadata, '$.board_id') = ?`);
        args.push(q.board_id);
      }
      const rows = s.work.tasks
        .where(`${where.length ? where.join(' AND ') : '1 = 1'} ORDER BY seq DESC`, ...args)
        .filter((t) => visible(t, caller) && (tags.length === 0 || (JSON.parse(t.tags) as string[]).some((x) => tags.includes(x.toLowerCase()))));
      const limit = q.limit ?? 20;
      const offset = q.offset ?? 0;
      const page = rows.slice(offset, offset + limit);
      const parts = s.work.participationsByTask(page.map((t) => t.task_id));
      return c.json({ tasks: page.map((t) => taskRecord(t, parts.get(t.task_id) ?? [])), total: page.length, count: rows.length, has_more: offset + limit < rows.length, limit, offset });
    },

    // Open tasks sharing tags with the given skills (or the caller's own tags), best overlap first.
    'tasks.match': (c, { query: q }) => {
      const caller = c.get('caller');
      const tags = csv(q.skills, q.tags);
      if (tags.length === 0 && caller) tags.push(...(JSON.parse(caller.tags) as string[]).map((t) => t.toLowerCase()));
      if (tags.length === 0) throw detailError(400, 'At least one skill is required');
      const scored = s.work.tasks
        .where(`status = 'open' ORDER BY seq DESC`)
        .filter((t) => visible(t, caller) && t.human_only === 0)
        .map((t) => ({ t, score: (JSON.parse(t.tags) as string[]).filter((x) => tags.includes(x.toLowerCase())).length }))
        .filter((x) => x.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, q.limit ?? 20);
      return c.json({ tasks: scored.map((x) => record(x.t)), total: scored.length, skills: tags });
    },

    'tasks.get': (c, { params }) => {
      const task = findTask(s, params.tid);
      if (!visible(task, c.get('caller'))) throw detailError(404, 'Task not found');
      return c.json(record(task));
    },

    'tasks.history': (c, { params, query }) => {
      const ids = new Set(s.work.participations.where('agent_id = ?', params.id).map((p) => p.task_id));
      const rows = s.work.tasks
        .where('creator_id = ? OR assignee_id = ? ORDER BY updated_at DESC', params.id, params.id)
        .concat([...ids].map((id) => s.work.tasks.get(id)).filter((t): t is TaskRow => !!t))
        .filter((t, i, all) => all.findIndex((x) => x.task_id === t.task_id) === i)
        .sort((a, b) => b.updated_at - a.updated_at)
        .slice(0, query.limit ?? 50);
      const items = rows.map((t) => ({ ...record(t), role: t.creator_id === params.id ? 'creator' : 'participant' }));
      return c.json({ agent_id: params.id, items, count: items.length });
    },
  };
}
