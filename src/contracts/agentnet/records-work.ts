import { z } from '../zod';
import { Numeric } from '../common';
import { When } from '../social/records';

/**
 * Organizations, work items and pool tasks, read leniently: the document's names and the live ones
 * (docs/live-services.md#agent-network--official-clients, ACN's client models): `display_name` or `name`, `plugins` as an object or a list,
 * `assignee_agent_id` or `assignee`, money as numbers or strings, ISO or epoch times.
 */

const Str = z.nullish(z.string());
const Bool = z.nullish(z.boolean());
const Count = z.pipe(z.nullish(Numeric), z.transform((n) => n ?? 0));
const Amount = z.pipe(z.nullish(z.union([z.number(), z.string()])), z.transform((v) => (v === null || v === undefined || v === '' ? 0 : Number(v) || 0)));
const Party = z.nullish(z.union([z.string(), z.looseObject({ kind: Str, subject: Str })]));
const party = (p: z.output<typeof Party>) => (typeof p === 'string' ? { kind: p === 'none' ? 'none' : 'agent', subject: p === 'none' ? null : p } : p ? { kind: p.kind ?? 'none', subject: p.subject ?? null } : { kind: 'none', subject: null });
const list = <S extends z.ZodMiniType>(schema: S, items: unknown[]): Array<z.output<S>> =>
  items.flatMap((x) => {
    const p = schema.safeParse(x);
    return p.success ? [p.data as z.output<S>] : [];
  });

export const Org = z.pipe(
  z.looseObject({
    org_id: z.string(),
    display_name: Str,
    name: Str,
    subnet_id: Str,
    fencing: z.nullish(z.looseObject({ subnet_id: Str })),
    plugins: z.nullish(z.union([z.record(z.string(), z.string()), z.array(z.string())])),
    roles: z.nullish(z.array(z.string())),
    status: Str,
    charter: z.nullish(z.record(z.string(), z.unknown())),
    owner: Party,
    created_by: Party,
    steward_agent_id: Str,
    is_private: Bool,
    member_count: z.optional(Count),
    created_at: When,
    updated_at: When,
  }),
  z.transform((o) => ({
    id: o.org_id,
    name: o.display_name ?? o.name ?? o.org_id,
    subnetId: o.subnet_id ?? o.fencing?.subnet_id ?? null,
    plugins: Array.isArray(o.plugins) ? o.plugins : Object.values(o.plugins ?? {}),
    status: o.status ?? 'active',
    charter: o.charter ?? {},
    owner: party(o.owner),
    createdBy: party(o.created_by),
    claimed: party(o.owner).kind !== 'none',
    private: !!o.is_private,
    memberCount: o.member_count ?? 0,
    createdAt: o.created_at ?? null,
    updatedAt: o.updated_at ?? null,
  })),
);
export type Org = z.output<typeof Org>;
export const OrgList = z.pipe(z.looseObject({ orgs: z.array(z.unknown()) }), z.transform((r) => ({ orgs: list(Org, r.orgs) })));

export const OrgMember = z.pipe(
  z.looseObject({ agent_id: z.string(), role: Str, name: Str, added_at: When, joined_at: When }),
  z.transform((m) => ({ agentId: m.agent_id, role: m.role ?? 'worker', name: m.name ?? m.agent_id, addedAt: m.added_at ?? m.joined_at ?? null })),
);
export const OrgMembers = z.pipe(z.looseObject({ members: z.array(z.unknown()) }), z.transform((r) => ({ members: list(OrgMember, r.members) })));

export const WorkItem = z.pipe(
  z.looseObject({ work_id: z.string(), org_id: Str, title: Str, status: Str, assignee_agent_id: Str, assignee: Str, task_id: Str, created_at: When, updated_at: When }),
  z.transform((w) => ({
    id: w.work_id,
    orgId: w.org_id ?? null,
    title: w.title ?? '',
    status: (['todo', 'in_progress', 'done', 'cancelled'].includes(w.status ?? '') ? w.status : 'todo') as 'todo' | 'in_progress' | 'done' | 'cancelled',
    assignee: w.assignee_agent_id ?? w.assignee ?? null,
    taskId: w.task_id ?? null,
    createdAt: w.created_at ?? null,
    updatedAt: w.updated_at ?? null,
  })),
);
export type WorkItem = z.output<typeof WorkItem>;
export const WorkList = z.pipe(z.looseObject({ org_id: Str, work: z.array(z.unknown()), count: z.optional(Count) }), z.transform((r) => ({ orgId: r.org_id ?? null, work: list(WorkItem, r.work) })));

/** `POST /orgs/{id}/loop/tick`: `{org_id, open_count, work_ids, assignees}` (assignees by work id or a list). */
export const TickResult = z.pipe(
  z.looseObject({ org_id: Str, open_count: z.optional(Count), work_ids: z.nullish(z.array(z.string())), assignees: z.nullish(z.union([z.record(z.string(), z.nullable(z.string())), z.array(z.nullable(z.string()))])) }),
  z.transform((t) => ({ orgId: t.org_id ?? null, openCount: t.open_count ?? t.work_ids?.length ?? 0, workIds: t.work_ids ?? [], assignees: t.assignees ?? {} })),
);

export const OrgWallet = z.pipe(
  z.looseObject({ org_id: z.string(), exists: Bool, balance: Amount, escrow: Amount, held: Amount, currency: Str, owner_id: Str, status: Str }),
  z.transform((w) => ({ orgId: w.org_id, exists: !!w.exists, balance: w.balance, held: w.escrow || w.held, currency: w.currency ?? 'credits', ownerId: w.owner_id ?? null, status: w.status ?? (w.exists ? 'active' : 'none') })),
);

export const Task = z.pipe(
  z.looseObject({
    task_id: z.string(),
    title: Str,
    description: Str,
    status: Str,
    tags: z.nullish(z.array(z.string())),
    required_tags: z.nullish(z.array(z.string())),
    required_skills: z.nullish(z.array(z.string())),
    subnet_id: Str,
    subnet_slug: Str,
    reward: Amount,
    reward_amount: Amount,
    reward_currency: Str,
    creator_id: Str,
    creator_name: Str,
    creator_type: Str,
    assignee_id: Str,
    max_resubmit_attempts: z.nullish(Numeric),
    pay_from: Str,
    escrow: z.nullish(z.looseObject({ amount: Amount, status: Str })),
    metadata: z.nullish(z.record(z.string(), z.unknown())),
    human_only: Bool,
    active_participants_count: z.optional(Count),
    created_at: When,
    updated_at: When,
  }),
  z.transform((t) => ({
    id: t.task_id,
    title: t.title ?? t.task_id,
    description: t.description ?? '',
    status: t.status ?? 'open',
    tags: t.tags ?? t.required_tags ?? t.required_skills ?? [],
    subnetId: t.subnet_id ?? t.subnet_slug ?? null,
    reward: t.reward || t.reward_amount,
    currency: t.reward_currency ?? 'ap_points',
    creatorId: t.creator_id ?? null,
    creatorName: t.creator_name ?? null,
    assigneeId: t.assignee_id ?? null,
    maxResubmitAttempts: t.max_resubmit_attempts ?? null,
    payFrom: t.pay_from === 'org' ? ('org' as const) : ('agent' as const),
    escrow: t.escrow ? { amount: t.escrow.amount, status: t.escrow.status ?? 'none' } : null,
    orgId: typeof t.metadata?.org_id === 'string' ? t.metadata.org_id : null,
    orgWorkId: typeof t.metadata?.org_work_id === 'string' ? t.metadata.org_work_id : null,
    boardId: typeof t.metadata?.board_id === 'string' ? t.metadata.board_id : null,
    humanOnly: !!t.human_only,
    participants: t.active_participants_count ?? 0,
    createdAt: t.created_at ?? null,
    updatedAt: t.updated_at ?? null,
  })),
);
export type Task = z.output<typeof Task>;
export const TaskList = z.pipe(
  z.looseObject({ tasks: z.array(z.unknown()), total: z.optional(Count), has_more: Bool }),
  z.transform((r) => {
    const tasks = list(Task, r.tasks);
    return { tasks, total: r.total ?? tasks.length, hasMore: !!r.has_more };
  }),
);

export const Participation = z.pipe(
  z.looseObject({
    participation_id: z.string(),
    task_id: Str,
    participant_id: Str,
    agent_id: Str,
    participant_name: Str,
    status: Str,
    submission: Str,
    review_notes: Str,
    rejection_reason: Str,
    attempts: z.optional(Count),
    joined_at: When,
    submitted_at: When,
  }),
  z.transform((p) => ({
    id: p.participation_id,
    taskId: p.task_id ?? null,
    agentId: p.participant_id ?? p.agent_id ?? null,
    name: p.participant_name ?? p.participant_id ?? null,
    status: p.status ?? 'active',
    submission: p.submission ?? null,
    notes: p.review_notes ?? p.rejection_reason ?? null,
    attempts: p.attempts ?? 0,
    joinedAt: p.joined_at ?? null,
    submittedAt: p.submitted_at ?? null,
  })),
);
export const ParticipationList = z.pipe(z.looseObject({ participations: z.array(z.unknown()) }), z.transform((r) => ({ participations: list(Participation, r.participations) })));
/** Accept answers `{task, participation_id}` (client's TaskAcceptResponse). */
export const TaskAcceptResult = z.pipe(z.looseObject({ task: z.unknown(), participation_id: Str }), z.transform((r, ctx) => {
  const task = Task.safeParse(r.task);
  if (!task.success) {
    ctx.issues.push({ code: 'custom', message: 'accept answered no task', input: r });
    return z.NEVER;
  }
  return { task: task.data, participationId: r.participation_id ?? null };
}));
/** History: `{items}` (client) or `{tasks}`. */
export const TaskHistory = z.pipe(z.looseObject({ items: z.optional(z.array(z.unknown())), tasks: z.optional(z.array(z.unknown())) }), z.transform((r) => ({ items: list(Task, r.items ?? r.tasks ?? []) })));
