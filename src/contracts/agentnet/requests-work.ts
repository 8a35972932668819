import { isHttpUrl, Text } from '../text-fields';
import { BoolParam, IntParam, Query } from '../query';
import { z } from '../zod';

/**
 * Request bodies and queries of organizations, their work and the task pool: the document's
 * fields, the live-service notes (docs/live-services.md#agent-network--official-clients) live names and what ACN's Python client sends (`display_name`,
 * `assignee_agent_id`, `subnet_slug`, string rewards, `submission`, `approved`). Known fields are
 * typed strictly; unknown ones are dropped (the BFF forwards them).
 */

/** Amounts: a number or a numeric string (the client sends rewards as strings), never negative. */
export const Money = z.pipe(
  z.union([z.number({ error: 'must be a number' }), z.string().check(z.regex(/^\s*\d+(\.\d+)?\s*$/, 'must be a number such as 10 or 2.5'))]),
  z.transform((v) => Number(v)),
).check(z.refine((n) => Number.isFinite(n) && n >= 0 && n <= 1e12, 'must be 0 or more'));

export const pluginIds = ['builtin_work', 'heartbeat', 'noop'] as const;
const pluginWords = pluginIds.join(', ');
/**
 * Plugins: the client's object (slot → plugin id, `{"work": "builtin_work"}`) or a list of ids.
 * Only the three builtins are plugins; any other id is refused.
 */
const PluginId = z.string().check(z.trim(), z.minLength(1, 'a plugin id must not be empty'), z.maxLength(40, 'a plugin id takes at most 40 characters'));
const unknownPlugins = (p: unknown) => (Array.isArray(p) ? p : p && typeof p === 'object' ? Object.values(p) : []).filter((id) => !(pluginIds as readonly unknown[]).includes(id));
export const Plugins = z
  .union([z.array(PluginId).check(z.maxLength(10, 'at most 10 plugins')), z.record(z.string().check(z.minLength(1), z.maxLength(40)), PluginId)], {
    error: `plugins must be an object of slot → plugin id or a list of plugin ids (${pluginWords})`,
  })
  .check(
    z.refine((p) => unknownPlugins(p).length === 0, {
      error: (iss) => {
        const bad = unknownPlugins(iss.input).map(String);
        return `unknown plugin${bad.length === 1 ? '' : 's'} ${bad.join(', ')}: only ${pluginWords} are allowed`;
      },
    }),
  );
const Charter = z.record(z.string(), z.unknown(), { error: 'charter must be a JSON object' });
const Id = (what: string) => z.string({ error: `${what} is required` }).check(z.trim(), z.minLength(1, `${what} is required`), z.maxLength(120, `${what} takes at most 120 characters`));
const Tags = z.array(z.string().check(z.trim(), z.minLength(1, 'a tag must not be empty'), z.maxLength(32, 'a tag takes at most 32 characters'))).check(z.maxLength(20, 'at most 20 tags'));
const JoinPolicy = z.enum(['open', 'approval'], { error: 'join policy must be open or approval' });
const Url = (what: string) => z.string().check(z.refine(isHttpUrl, `${what} must be a complete http(s) URL`));

export const OrgCreate = z
  .object({
    display_name: z.nullish(Text('display_name', 120)),
    /** The document's name of display_name. */
    name: z.nullish(Text('name', 120)),
    subnet_id: z.nullish(Id('subnet_id')),
    subnet: z.nullish(Id('subnet')),
    join_policy: z.nullish(JoinPolicy),
    'join-policy': z.nullish(JoinPolicy),
    is_private: z.nullish(z.boolean()),
    steward_agent_id: z.nullish(Id('steward_agent_id')),
    charter: z.nullish(Charter),
    plugins: z.nullish(Plugins),
    harness_url: z.nullish(Url('harness_url')),
    harness_secret: z.nullish(Text('harness_secret', 256)),
  })
  .check(z.refine((b) => !!(b.display_name ?? b.name)?.trim(), { path: ['display_name'], message: 'display_name (or name) is required' }));
export type OrgCreate = z.output<typeof OrgCreate>;

export const OrgUpdate = z
  .object({ display_name: z.nullish(Text('display_name', 120)), name: z.nullish(Text('name', 120)), charter: z.nullish(Charter), plugins: z.nullish(Plugins) })
  .check(z.refine((b) => Object.keys(b).length > 0, 'send at least one of display_name, charter, plugins'));

/** The console's top-up of an org wallet (the sandbox's backend credential; the first top-up creates the wallet). */
export const OrgTopUp = z.object({
  amount: z.number({ error: 'Say how many credits to add' }).check(z.refine(Number.isFinite, 'Say how many credits to add'), z.gt(0, 'Add more than 0 credits'), z.lte(1_000_000, 'Add at most 1,000,000 credits at a time')),
});

export const OrgMemberAdd = z.object({ agent_id: Id('agent_id'), role: z.nullish(z.string().check(z.trim(), z.minLength(1), z.maxLength(40, 'role takes at most 40 characters'))) });
export const OrgTransfer = z.object({ kind: z.enum(['human', 'agent'], { error: 'kind must be human or agent' }), subject: Id('subject') });

export const workStatuses = ['todo', 'in_progress', 'done', 'cancelled'] as const;
export const WorkStatus = z.enum(workStatuses, { error: `status must be ${workStatuses.join(', ')}` });
export const WorkCreate = z.object({
  title: z.string({ error: 'title is required' }).check(z.trim(), z.minLength(1, 'title is required'), z.maxLength(200, 'title takes at most 200 characters')),
  assignee: z.nullish(Id('assignee')),
  assignee_agent_id: z.nullish(Id('assignee_agent_id')),
  status: z.nullish(WorkStatus),
  metadata: z.nullish(z.record(z.string(), z.unknown())),
});
export const WorkUpdate = z
  .object({ status: z.nullish(WorkStatus), assignee_agent_id: z.nullish(z.nullable(Id('assignee_agent_id'))), assignee: z.nullish(z.nullable(Id('assignee'))), title: z.nullish(Text('title', 200)) })
  .check(z.refine((b) => Object.keys(b).length > 0, 'send status, assignee_agent_id or title'));
export const WorkQuery = Query({ open_only: BoolParam('open_only') });
export const ImportTask = z.object({ task_id: Id('task_id') });

const PayFrom = z.enum(['agent', 'org'], { error: 'pay-from must be agent or org' });
export const PublishTask = z.object({
  title: z.string({ error: 'title is required' }).check(z.trim(), z.minLength(1, 'title is required'), z.maxLength(200, 'title takes at most 200 characters')),
  description: z.nullish(Text('description', 5000)),
  tags: z.nullish(Tags),
  /** Fence the task to the org's subnet (default: no subnet). */
  fence: z.nullish(z.boolean()),
  fence_to_subnet: z.nullish(z.boolean()),
  pay_from: z.nullish(PayFrom),
  'pay-from': z.nullish(PayFrom),
  reward: z.nullish(Money),
  reward_currency: z.nullish(Text('reward_currency', 16)),
  max_resubmit_attempts: z.nullish(z.int().check(z.gte(0, 'max_resubmit_attempts must be 0 to 20'), z.lte(20, 'max_resubmit_attempts must be 0 to 20'))),
  /** Also create an org work item linked to the task (default: none). */
  create_work: z.nullish(z.boolean()),
});
export type PublishTask = z.output<typeof PublishTask>;

export const taskStatuses = ['open', 'assigned', 'in_progress', 'submitted', 'completed', 'rejected', 'cancelled'] as const;
export const TaskCreate = z.object({
  title: z.string({ error: 'title is required' }).check(z.trim(), z.minLength(1, 'title is required'), z.maxLength(200, 'title takes at most 200 characters')),
  description: z.nullish(Text('description', 5000)),
  tags: z.nullish(Tags),
  required_tags: z.nullish(Tags),
  required_skills: z.nullish(Tags),
  subnet: z.nullish(Id('subnet')),
  subnet_id: z.nullish(Id('subnet_id')),
  subnet_slug: z.nullish(Id('subnet_slug')),
  org_id: z.nullish(Id('org_id')),
  reward: z.nullish(Money),
  reward_amount: z.nullish(Money),
  reward_currency: z.nullish(Text('reward_currency', 16)),
  max_resubmit_attempts: z.nullish(z.int().check(z.gte(0, 'max_resubmit_attempts must be 0 to 20'), z.lte(20, 'max_resubmit_attempts must be 0 to 20'))),
  deadline_hours: z.nullish(z.int().check(z.gte(1, 'deadline_hours must be 1 to 2160'), z.lte(2160, 'deadline_hours must be 1 to 2160'))),
  max_participants: z.nullish(z.int().check(z.gte(1, 'max_participants must be 1 to 1000'), z.lte(1000, 'max_participants must be 1 to 1000'))),
  completion_mode: z.nullish(z.enum(['independent', 'competitive', 'collaborative'], { error: 'completion_mode must be independent, competitive or collaborative' })),
  auto_approve: z.nullish(z.boolean()),
  task_type: z.nullish(Text('task_type', 40)),
  require_join_approval: z.nullish(z.boolean()),
  allow_repeat_by_same: z.nullish(z.boolean()),
  max_total_budget: z.nullish(Money),
  use_escrow: z.nullish(z.boolean()),
  group_id: z.nullish(Id('group_id')),
  mode: z.nullish(z.enum(['open', 'assigned'], { error: 'mode must be open or assigned' })),
  assignee_id: z.nullish(Id('assignee_id')),
  /** Human-only (cultivator) tasks: agents cannot accept them. */
  human_only: z.nullish(z.boolean()),
  metadata: z.nullish(z.record(z.string(), z.unknown())),
});
export type TaskCreate = z.output<typeof TaskCreate>;

const csv = (what: string) => z.nullish(z.string().check(z.maxLength(512, `${what} takes at most 512 characters`)));
export const TaskListQuery = Query({
  status: z.nullish(z.enum(taskStatuses, { error: `status must be ${taskStatuses.join(', ')}` })),
  mode: z.nullish(z.string().check(z.maxLength(20))),
  skills: csv('skills'),
  tags: csv('tags'),
  tag: csv('tag'),
  creator_id: csv('creator_id'),
  assignee_id: csv('assignee_id'),
  org_id: csv('org_id'),
  board_id: csv('board_id'),
  subnet: csv('subnet'),
  limit: IntParam(1, 1000, 'limit'),
  offset: IntParam(0, 1_000_000, 'offset'),
});
export const TaskMatchQuery = Query({ skills: csv('skills'), tags: csv('tags'), limit: IntParam(1, 200, 'limit') });
export const HistoryQuery = Query({ limit: IntParam(1, 500, 'limit') });

export const TaskAccept = z.object({ message: z.nullish(Text('message', 2000)), agent_id: z.nullish(Id('agent_id')) });
export const TaskInvite = z.object({ agent_id: Id('agent_id'), message: z.nullish(Text('message', 2000)) });
export const TaskSubmit = z
  .object({
    submission: z.nullish(Text('submission', 20_000)),
    /** The document's name of submission. */
    result: z.nullish(Text('result', 20_000)),
    artifacts: z.nullish(z.array(z.record(z.string(), z.unknown())).check(z.maxLength(50))),
    participation_id: z.nullish(Id('participation_id')),
  })
  .check(z.refine((b) => !!(b.submission ?? b.result)?.trim(), { path: ['submission'], message: 'submission (the result text) is required' }));
export const TaskReview = z
  .object({
    approved: z.nullish(z.boolean()),
    decision: z.nullish(z.enum(['approve', 'reject'], { error: 'decision must be approve or reject' })),
    notes: z.nullish(Text('notes', 5000)),
    participation_id: z.nullish(Id('participation_id')),
    agent_id: z.nullish(Id('agent_id')),
  })
  .check(z.refine((b) => b.approved !== undefined || b.decision !== undefined, { path: ['approved'], message: 'say approved true or false (or decision approve or reject)' }));
