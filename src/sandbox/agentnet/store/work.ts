import type { Db } from '../../shared/db';
import { Table } from './table';

/** Rows of organizations, their members and work items, and pool tasks with participations. */

export type OrgRow = {
  seq: number;
  org_id: string;
  display_name: string;
  subnet_id: string | null;
  /** JSON object: slot → plugin id. */
  plugins: string;
  charter: string;
  status: 'active' | 'dissolved' | 'frozen';
  owner_kind: 'none' | 'human' | 'agent';
  owner_subject: string | null;
  created_by: string;
  is_private: number;
  steward_agent_id: string | null;
  wallet_exists: number;
  wallet_balance: number;
  wallet_held: number;
  created_at: number;
  updated_at: number;
};
export type OrgMemberRow = { org_id: string; agent_id: string; role: string; added_at: number };
export type WorkRow = {
  seq: number;
  work_id: string;
  org_id: string;
  title: string;
  status: 'todo' | 'in_progress' | 'done' | 'cancelled';
  assignee: string | null;
  task_id: string | null;
  metadata: string;
  created_at: number;
  updated_at: number;
};
export type TaskRow = {
  seq: number;
  task_id: string;
  title: string;
  description: string;
  tags: string;
  subnet_id: string | null;
  org_id: string | null;
  org_work_id: string | null;
  reward: number;
  reward_currency: string;
  pay_from: 'agent' | 'org';
  escrow_amount: number;
  escrow_status: 'none' | 'held' | 'released' | 'refunded';
  max_resubmit: number;
  max_participants: number;
  require_approval: number;
  human_only: number;
  task_type: string;
  mode: string;
  status: 'open' | 'assigned' | 'in_progress' | 'submitted' | 'completed' | 'rejected' | 'cancelled';
  creator_id: string;
  creator_name: string;
  creator_type: string;
  assignee_id: string | null;
  metadata: string;
  deadline: number | null;
  created_at: number;
  updated_at: number;
};
export type ParticipationRow = {
  seq: number;
  participation_id: string;
  task_id: string;
  agent_id: string;
  status: 'applied' | 'active' | 'submitted' | 'rejected' | 'completed' | 'cancelled' | 'declined';
  submission: string | null;
  submissions: number;
  review_notes: string | null;
  joined_at: number;
  submitted_at: number | null;
  reviewed_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
};

export class WorkStore {
  readonly orgs: Table<OrgRow>;
  readonly members: Table<OrgMemberRow>;
  readonly work: Table<WorkRow>;
  readonly tasks: Table<TaskRow>;
  readonly participations: Table<ParticipationRow>;
  constructor(readonly db: Db) {
    this.orgs = new Table(db, 'agentnet_orgs', 'org_id');
    this.members = new Table(db, 'agentnet_org_members', 'org_id');
    this.work = new Table(db, 'agentnet_work', 'work_id');
    this.tasks = new Table(db, 'agentnet_tasks', 'task_id');
    this.participations = new Table(db, 'agentnet_participations', 'participation_id');
  }

  member(orgId: string, agentId: string): OrgMemberRow | undefined {
    return this.members.one('org_id = ? AND agent_id = ?', orgId, agentId);
  }

  orgMembers(orgId: string): OrgMemberRow[] {
    return this.members.where('org_id = ? ORDER BY added_at, agent_id', orgId);
  }

  /** Participations of a task, oldest first. */
  participationsOf(taskId: string): ParticipationRow[] {
    return this.participations.where('task_id = ? ORDER BY seq', taskId);
  }

  /** Participations of many tasks in one query, by task id (a board page). */
  participationsByTask(taskIds: string[]): Map<string, ParticipationRow[]> {
    const rows = this.db.prepare(`SELECT * FROM agentnet_participations WHERE task_id IN (SELECT value FROM json_each(?)) ORDER BY seq`).all(JSON.stringify(taskIds)) as ParticipationRow[];
    const out = new Map<string, ParticipationRow[]>();
    for (const r of rows) out.set(r.task_id, [...(out.get(r.task_id) ?? []), r]);
    return out;
  }

  /** The agent's latest participation in a task. */
  participationOf(taskId: string, agentId: string): ParticipationRow | undefined {
    return this.participations.one('task_id = ? AND agent_id = ? ORDER BY seq DESC', taskId, agentId);
  }
}
