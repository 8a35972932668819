import type { Services } from '../context';
import { lockAgentReward, lockOrgReward, refundEscrow } from './escrow';
import { newId } from '../routes/helpers';
import type { TaskRow, WorkRow } from '../store/work';

/**
 * The task pool's state machine (docs/live-services.md#agent-network--task-pool statuses):
 *   open ──accept──▶ in_progress (or, with join approval: applicant waits, approve ▶ assigned)
 *   open ──invite──▶ assigned ──accept by the invitee──▶ in_progress
 *   in_progress ──submit──▶ submitted ──review approve──▶ completed
 *                                      └─review reject──▶ rejected ──resubmit──▶ submitted
 *   (resubmissions capped by max_resubmit_attempts: past it, submit is 400)
 *   any non-terminal ──cancel (creator)──▶ cancelled
 * Terminal: completed, cancelled. A terminal task dissolves its task-scoped subnets (best effort).
 */
export const DEFAULT_MAX_RESUBMIT = 2;
export const TERMINAL = new Set(['completed', 'cancelled']);

export type NewTask = {
  title: string;
  description: string;
  tags: string[];
  subnetId: string | null;
  orgId: string | null;
  reward: number;
  currency: string;
  payFrom: 'agent' | 'org';
  escrow: boolean;
  maxResubmit: number;
  maxParticipants: number;
  requireApproval: boolean;
  humanOnly: boolean;
  taskType: string;
  creator: { id: string; name: string; type: 'agent' | 'human' };
  assigneeId: string | null;
  metadata: Record<string, unknown>;
  deadlineHours: number | null;
};

export function createTask(s: Services, t: NewTask): TaskRow {
  const now = s.clock.now();
  const taskId = newId('task_', 8);
  // Escrow first: a refused lock creates nothing.
  if (t.escrow && t.reward > 0) {
    if (t.payFrom === 'org' && t.orgId) lockOrgReward(s, t.orgId, t.reward);
    else lockAgentReward(s, t.creator.id, t.reward);
  }
  s.work.tasks.insert({
    task_id: taskId,
    title: t.title,
    description: t.description,
    tags: JSON.stringify(t.tags),
    subnet_id: t.subnetId,
    org_id: t.orgId,
    org_work_id: null,
    reward: t.reward,
    reward_currency: t.currency,
    pay_from: t.payFrom,
    escrow_amount: t.escrow && t.reward > 0 ? t.reward : 0,
    escrow_status: t.escrow && t.reward > 0 ? 'held' : 'none',
    max_resubmit: t.maxResubmit,
    max_participants: t.maxParticipants,
    require_approval: t.requireApproval ? 1 : 0,
    human_only: t.humanOnly ? 1 : 0,
    task_type: t.taskType,
    mode: t.assigneeId ? 'assigned' : 'open',
    status: t.assigneeId ? 'assigned' : 'open',
    creator_id: t.creator.id,
    creator_name: t.creator.name,
    creator_type: t.creator.type,
    assignee_id: t.assigneeId,
    metadata: JSON.stringify(t.metadata),
    deadline: t.deadlineHours ? now + t.deadlineHours * 3_600_000 : null,
    created_at: now,
    updated_at: now,
  });
  const row = s.work.tasks.get(taskId) as TaskRow;
  s.events.emit(row.subnet_id, 'task.created', taskId, { task_id: taskId, title: row.title, creator_id: row.creator_id, org_id: row.org_id });
  return row;
}

export function setTaskStatus(s: Services, task: TaskRow, status: TaskRow['status'], extra: Partial<TaskRow> = {}) {
  s.work.tasks.update(task.task_id, { status, updated_at: s.clock.now(), ...extra });
  if (TERMINAL.has(status)) onTerminal(s, { ...task, status });
  return s.work.tasks.get(task.task_id) as TaskRow;
}

/** A task's terminal state: refund what is still held (cancel), move linked org work, dissolve task-scoped subnets. */
function onTerminal(s: Services, task: TaskRow) {
  if (task.status === 'cancelled') refundEscrow(s, task);
  if (task.org_work_id) {
    const work = s.work.work.get(task.org_work_id);
    const next: WorkRow['status'] = task.status === 'completed' ? 'done' : 'cancelled';
    if (work && work.status !== next) {
      s.work.work.update(work.work_id, { status: next, updated_at: s.clock.now() });
      const org = s.work.orgs.get(work.org_id);
      s.events.emit(org?.subnet_id ?? null, 'org.work_updated', work.org_id, { work_id: work.work_id, status: next, previous_status: work.status, task_id: task.task_id });
    }
  }
  for (const sub of s.subnets.all().filter((r) => r.lifecycle === 'task_scoped' && r.linked_task_id === task.task_id)) {
    if (s.subnets.children(sub.subnet_id).length === 0) s.subnets.remove(sub.subnet_id);
  }
}

/** The work status a task's status maps to (import-task). */
export const workStatusOf = (status: TaskRow['status']): WorkRow['status'] =>
  status === 'open' ? 'todo' : status === 'completed' ? 'done' : status === 'cancelled' ? 'cancelled' : 'in_progress';
