import type { OrgMemberRow, OrgRow, ParticipationRow, TaskRow, WorkRow } from '../store/work';

/**
 * Org, work and task rows → answered records: the document's fields plus the live ones ACN's
 * client requires (`display_name`, `plugins` as an object, ISO times, money as strings,
 * `creator_type`/`creator_name`/`task_type`, `required_tags`).
 */

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const money = (n: number) => String(Math.round(n * 1e6) / 1e6);
const parse = <T>(s: string, fallback: T): T => {
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};

export function orgRecord(row: OrgRow, members: OrgMemberRow[] = []) {
  return {
    org_id: row.org_id,
    display_name: row.display_name,
    name: row.display_name,
    subnet_id: row.subnet_id,
    fencing: row.subnet_id ? { subnet_id: row.subnet_id } : null,
    plugins: parse<Record<string, string>>(row.plugins, {}),
    roles: [...new Set(['creator', 'worker', ...members.map((m) => m.role)])],
    status: row.status,
    charter: parse<Record<string, unknown>>(row.charter, {}),
    owner: { kind: row.owner_kind, subject: row.owner_subject },
    created_by: { kind: 'agent', subject: row.created_by },
    claimed: row.owner_kind !== 'none',
    steward_agent_id: row.steward_agent_id,
    is_private: row.is_private === 1,
    member_count: members.length,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export const memberRecord = (m: OrgMemberRow, name: string | null) => ({ org_id: m.org_id, agent_id: m.agent_id, name: name ?? m.agent_id, role: m.role, added_at: iso(m.added_at) });

export function orgWalletRecord(row: OrgRow) {
  return {
    org_id: row.org_id,
    exists: row.wallet_exists === 1,
    balance: row.wallet_exists === 1 ? money(row.wallet_balance) : '0',
    escrow: money(row.wallet_held),
    currency: 'credits',
    owner_id: row.owner_kind === 'none' ? null : row.owner_subject,
    status: row.wallet_exists === 1 ? (row.status === 'active' ? 'active' : 'frozen') : 'none',
  };
}

export function workRecord(w: WorkRow) {
  return {
    work_id: w.work_id,
    org_id: w.org_id,
    title: w.title,
    status: w.status,
    assignee_agent_id: w.assignee,
    assignee: w.assignee,
    task_id: w.task_id,
    metadata: parse<Record<string, unknown>>(w.metadata, {}),
    created_at: iso(w.created_at),
    updated_at: iso(w.updated_at),
  };
}

export function taskRecord(t: TaskRow, participations: ParticipationRow[] = []) {
  const tags = parse<string[]>(t.tags, []);
  const metadata = { ...parse<Record<string, unknown>>(t.metadata, {}), ...(t.org_id ? { org_id: t.org_id } : {}), ...(t.org_work_id ? { org_work_id: t.org_work_id } : {}) };
  const active = participations.filter((p) => p.status === 'active' || p.status === 'submitted' || p.status === 'rejected');
  return {
    task_id: t.task_id,
    title: t.title,
    description: t.description,
    status: t.status,
    mode: t.mode,
    task_type: t.task_type,
    tags,
    required_tags: tags,
    required_skills: tags,
    subnet_id: t.subnet_id,
    subnet_slug: t.subnet_id,
    reward: money(t.reward),
    reward_amount: money(t.reward),
    reward_currency: t.reward_currency,
    reward_unit: 'completion',
    pay_from: t.pay_from,
    use_escrow: t.escrow_status !== 'none',
    escrow: { amount: money(t.escrow_amount), status: t.escrow_status },
    total_budget: money(t.reward * t.max_participants),
    released_amount: money(t.escrow_status === 'released' ? t.escrow_amount : t.status === 'completed' ? t.reward : 0),
    max_resubmit_attempts: t.max_resubmit,
    max_participants: t.max_participants,
    completion_mode: 'independent',
    require_join_approval: t.require_approval === 1,
    auto_approve: false,
    allow_repeat_by_same: false,
    human_only: t.human_only === 1,
    creator_id: t.creator_id,
    creator_name: t.creator_name,
    creator_type: t.creator_type,
    assignee_id: t.assignee_id,
    active_participants_count: active.length,
    completed_count: participations.filter((p) => p.status === 'completed').length,
    metadata,
    deadline: iso(t.deadline),
    created_at: iso(t.created_at),
    updated_at: iso(t.updated_at),
  };
}

export function participationRecord(p: ParticipationRow, name: string | null, maxResubmit: number) {
  return {
    participation_id: p.participation_id,
    task_id: p.task_id,
    participant_id: p.agent_id,
    participant_name: name ?? p.agent_id,
    participant_type: 'agent',
    status: p.status,
    submission: p.submission,
    attempts: p.submissions,
    resubmissions_left: Math.max(0, maxResubmit + 1 - p.submissions),
    review_notes: p.review_notes,
    rejection_reason: p.status === 'rejected' ? p.review_notes : null,
    joined_at: iso(p.joined_at) as string,
    submitted_at: iso(p.submitted_at),
    reviewed_at: iso(p.reviewed_at),
    completed_at: iso(p.completed_at),
    cancelled_at: iso(p.cancelled_at),
  };
}
