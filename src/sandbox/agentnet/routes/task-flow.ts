import type { AcnContext, AcnHandlers, Services } from '../context';
import { requireCaller } from '../context';
import { detailError } from '../errors';
import { releaseEscrow } from '../engine/escrow';
import { setTaskStatus, TERMINAL } from '../engine/task-pool';
import { findTask, newId } from './helpers';
import { participationRecord, taskRecord } from './records-work';
import { deliverMessage } from './deliver';
import type { ParticipationRow, TaskRow } from '../store/work';

/**
 * Moves of a pool task (engine/task-pool.ts has the state machine). Errors answer `{detail}`,
 * as the live task routes do; review and applicant decisions are the creator's only.
 */
export function taskFlowHandlers(s: Services): AcnHandlers {
  const now = () => s.clock.now();
  const record = (t: TaskRow) => taskRecord(s.work.tasks.get(t.task_id) as TaskRow, s.work.participationsOf(t.task_id));
  const nameOf = (id: string) => s.agents.get(id)?.name ?? null;
  const requireCreator = (c: AcnContext, task: TaskRow, what: string) => {
    const me = requireCaller(c);
    if (me.agent_id !== task.creator_id) throw detailError(403, `Only the task creator (${task.creator_id}) can ${what}`);
    return me;
  };
  const requireLive = (task: TaskRow) => {
    if (TERMINAL.has(task.status)) throw detailError(400, `The task is ${task.status}: it takes no more changes`);
  };
  const activeOf = (taskId: string) => s.work.participationsOf(taskId).filter((p) => p.status === 'active' || p.status === 'submitted' || p.status === 'rejected');
  const participation = (task: TaskRow, pid: string): ParticipationRow => {
    const p = s.work.participations.get(pid);
    if (!p || p.task_id !== task.task_id) throw detailError(404, 'Participation not found');
    return p;
  };
  const start = (task: TaskRow, agentId: string) => setTaskStatus(s, task, 'in_progress', task.max_participants === 1 ? { assignee_id: agentId } : {});

  return {
    'tasks.accept': (c, { params }) => {
      const me = requireCaller(c);
      const task = findTask(s, params.tid);
      requireLive(task);
      if (task.human_only === 1) throw detailError(403, 'This is a human-only (cultivator) task: agents cannot accept it. A person must take it from the task board.');
      if (task.creator_id === me.agent_id) throw detailError(400, 'The creator cannot accept its own task');
      if (task.status === 'assigned' && task.assignee_id && task.assignee_id !== me.agent_id) throw detailError(400, `The task is assigned to ${task.assignee_id}`);
      if (task.status !== 'open' && task.status !== 'assigned' && !(task.max_participants > 1 && task.status === 'in_progress')) throw detailError(400, `The task is ${task.status}: only open tasks can be accepted`);
      const mine = s.work.participationOf(task.task_id, me.agent_id);
      if (mine && ['applied', 'active', 'submitted', 'rejected'].includes(mine.status)) throw detailError(400, `You already participate in this task (${mine.status})`);
      if (activeOf(task.task_id).length >= task.max_participants) throw detailError(400, 'The task has no free place');
      const pid = newId('part_', 6);
      const waits = task.require_approval === 1 && task.status !== 'assigned';
      s.work.participations.insert({ participation_id: pid, task_id: task.task_id, agent_id: me.agent_id, status: waits ? 'applied' : 'active', submissions: 0, joined_at: now() });
      if (!waits) start(task, me.agent_id);
      s.events.emit(task.subnet_id, 'task.accepted', task.task_id, { task_id: task.task_id, agent_id: me.agent_id, participation_id: pid, awaiting_approval: waits });
      return c.json({ task: record(task), participation_id: pid, status: waits ? 'applied' : 'active' });
    },

    // Best effort: the task_request push may fail; the invitation stands.
    'tasks.invite': async (c, { params, body }) => {
      const task = findTask(s, params.tid);
      const me = requireCreator(c, task, 'invite agents');
      requireLive(task);
      const invitee = s.agents.get(body.agent_id);
      if (!invitee) throw detailError(404, 'Agent not found');
      if (task.status === 'open' && !task.assignee_id) setTaskStatus(s, task, 'assigned', { assignee_id: invitee.agent_id, mode: 'assigned' });
      const text = body.message ?? `You are invited to the task "${task.title}" (${task.task_id}). Accept it with POST /api/v1/tasks/${task.task_id}/accept.`;
      const push = await deliverMessage(s, me, invitee, { text, message: { text, type: 'task_request' }, type: 'task_request', priority: 'normal', sessionId: null });
      return c.json({ task_id: task.task_id, agent_id: invitee.agent_id, invited: true, task: record(task), push: { status: push.status, delivery_mode: push.delivery_mode, error: push.error ?? null } });
    },

    'tasks.submit': (c, { params, body }) => {
      const me = requireCaller(c);
      const task = findTask(s, params.tid);
      requireLive(task);
      const p = body.participation_id ? participation(task, body.participation_id) : s.work.participationOf(task.task_id, me.agent_id);
      if (!p || p.agent_id !== me.agent_id) throw detailError(403, 'Only a participant of the task can submit a result');
      if (p.status === 'submitted') throw detailError(400, 'The result is already submitted and waits for review');
      if (p.status !== 'active' && p.status !== 'rejected') throw detailError(400, `Your participation is ${p.status}: nothing to submit`);
      if (p.status === 'rejected' && p.submissions - 1 >= task.max_resubmit) {
        throw detailError(400, `max_resubmit_attempts reached: this task allows ${task.max_resubmit} resubmission(s) after a rejection and all were used`);
      }
      s.work.participations.update(p.participation_id, { status: 'submitted', submission: (body.submission ?? body.result ?? '').trim(), submissions: p.submissions + 1, submitted_at: now() });
      setTaskStatus(s, task, 'submitted');
      s.events.emit(task.subnet_id, 'task.submitted', task.task_id, { task_id: task.task_id, agent_id: me.agent_id, participation_id: p.participation_id, attempt: p.submissions + 1 });
      return c.json(record(task));
    },

    'tasks.review': (c, { params, body }) => {
      const task = findTask(s, params.tid);
      requireCreator(c, task, 'review results');
      requireLive(task);
      const submitted = s.work.participationsOf(task.task_id).filter((p) => p.status === 'submitted');
      const p = body.participation_id ? participation(task, body.participation_id) : body.agent_id ? submitted.find((x) => x.agent_id === body.agent_id) : submitted[0];
      if (!p || p.status !== 'submitted') throw detailError(400, 'There is no submitted result to review');
      const approved = body.approved ?? body.decision === 'approve';
      const notes = body.notes ?? null;
      if (approved) {
        s.work.participations.update(p.participation_id, { status: 'completed', review_notes: notes, reviewed_at: now(), completed_at: now() });
        releaseEscrow(s, task, p.agent_id);
        setTaskStatus(s, task, 'completed', { assignee_id: p.agent_id });
        s.events.emit(task.subnet_id, 'task.completed', task.task_id, { task_id: task.task_id, agent_id: p.agent_id, participation_id: p.participation_id });
      } else {
        s.work.participations.update(p.participation_id, { status: 'rejected', review_notes: notes, reviewed_at: now() });
        setTaskStatus(s, task, 'rejected');
        s.events.emit(task.subnet_id, 'participation.rejected', task.task_id, { task_id: task.task_id, agent_id: p.agent_id, participation_id: p.participation_id, notes, resubmissions_left: Math.max(0, task.max_resubmit + 1 - p.submissions) });
      }
      return c.json(record(task));
    },

    'tasks.cancel': (c, { params }) => {
      const task = findTask(s, params.tid);
      requireCreator(c, task, 'cancel the task');
      requireLive(task);
      for (const p of s.work.participationsOf(task.task_id)) if (!['completed', 'cancelled', 'declined'].includes(p.status)) s.work.participations.update(p.participation_id, { status: 'cancelled', cancelled_at: now() });
      setTaskStatus(s, task, 'cancelled');
      s.events.emit(task.subnet_id, 'task.cancelled', task.task_id, { task_id: task.task_id });
      return c.json(record(task));
    },

    'tasks.participations': (c, { params }) => {
      const task = findTask(s, params.tid);
      const list = s.work.participationsOf(task.task_id).map((p) => participationRecord(p, nameOf(p.agent_id), task.max_resubmit));
      return c.json({ task_id: task.task_id, participations: list, total: list.length });
    },

    'tasks.participations.me': (c, { params }) => {
      const me = requireCaller(c);
      const task = findTask(s, params.tid);
      const p = s.work.participationOf(task.task_id, me.agent_id);
      if (!p) throw detailError(404, 'No participation in this task');
      return c.json(participationRecord(p, me.name, task.max_resubmit));
    },

    'tasks.participations.approve': (c, { params }) => {
      const task = findTask(s, params.tid);
      requireCreator(c, task, 'approve applicants');
      requireLive(task);
      const p = participation(task, params.pid);
      if (p.status !== 'applied') throw detailError(400, `The participation is ${p.status}, not waiting for approval`);
      if (activeOf(task.task_id).length >= task.max_participants) throw detailError(400, 'The task has no free place');
      s.work.participations.update(p.participation_id, { status: 'active' });
      setTaskStatus(s, task, task.max_participants === 1 ? 'assigned' : 'in_progress', task.max_participants === 1 ? { assignee_id: p.agent_id } : {});
      return c.json(record(task));
    },

    'tasks.participations.reject': (c, { params }) => {
      const task = findTask(s, params.tid);
      requireCreator(c, task, 'reject applicants');
      const p = participation(task, params.pid);
      if (p.status !== 'applied') throw detailError(400, `The participation is ${p.status}, not waiting for approval`);
      s.work.participations.update(p.participation_id, { status: 'declined', reviewed_at: now() });
      return c.json(record(task));
    },

    // Withdraw: the participant leaves; with nobody left the task is open again.
    'tasks.participations.cancel': (c, { params }) => {
      const me = requireCaller(c);
      const task = findTask(s, params.tid);
      requireLive(task);
      const p = participation(task, params.pid);
      if (p.agent_id !== me.agent_id) throw detailError(403, 'Only the participant can withdraw');
      if (!['applied', 'active', 'rejected'].includes(p.status)) throw detailError(400, `The participation is ${p.status}: nothing to withdraw`);
      s.work.participations.update(p.participation_id, { status: 'cancelled', cancelled_at: now() });
      if (activeOf(task.task_id).length === 0 && task.status !== 'open') setTaskStatus(s, task, 'open', { assignee_id: null, mode: 'open' });
      return c.json(record(task));
    },
  };
}
