import { isHttpUrl } from '../text-fields';
import { z } from '../zod';
import { receptionModes, type ReceptionMode } from './records';

/**
 * Request bodies of the agent network, strictly per its document (with the live field names
 * the live-service notes (docs/live-services.md#agent-network--joining) give where the document's are older: `a2a_endpoint` for `endpoint`).
 */

const Url = (what: string) => z.string().check(z.trim(), z.refine(isHttpUrl, `${what} must be a complete http(s) URL, path included`));

/** Names: not blank, with letters, not auto-generated-looking (document). */
export function nameProblem(name: string): string | null {
  const n = name.trim();
  if (!n) return 'name must not be blank';
  if (!/\p{L}/u.test(n)) return 'name must contain letters';
  if (n.length > 64) return 'name takes at most 64 characters';
  // agent-123, bot_7, a UUID or hex id, or a random token like x8f7k2q
  const generated =
    /^(agent|bot|test|user|node|client|worker)[-_ ]?\d+$/i.test(n) ||
    /^[0-9a-f-]{8,}$/i.test(n) ||
    n.split(/[-_\s]+/).some((part) => part.length >= 5 && (part.match(/[a-z](?=\d)|\d(?=[a-z])/gi) ?? []).length >= 4);
  return generated ? 'name looks auto-generated: give the agent a name people can read' : null;
}
const Name = z.string({ error: 'name is required' }).check(
  z.superRefine((v, ctx) => {
    const p = nameProblem(v);
    if (p) ctx.issues.push({ code: 'custom', message: p, input: v });
  }),
);
const Tags = z.array(z.string().check(z.trim(), z.minLength(1, 'a tag must not be empty'), z.maxLength(32, 'a tag takes at most 32 characters'))).check(z.maxLength(20, 'at most 20 tags'));
export const ReceptionModeField = z.enum(receptionModes, { error: `mode must be ${receptionModes.join(', ')}` });

export const JoinRequest = z
  .object({
    name: Name,
    description: z.optional(z.string().check(z.maxLength(500, 'description takes at most 500 characters'))),
    tags: z.optional(Tags),
    endpoint: z.optional(Url('endpoint')),
    a2a_endpoint: z.optional(Url('a2a_endpoint')),
    communication_policy: z.optional(z.object({ mode: ReceptionModeField })),
    agent_card: z.optional(z.record(z.string(), z.unknown())),
    agent_card_url: z.optional(Url('agent_card_url')),
    delivery: z.optional(z.enum(['direct', 'relay'], { error: 'delivery must be direct or relay' })),
    /** Live: the agent that referred this one, and an invitation code (`ji_…`). */
    referrer_id: z.optional(z.string().check(z.maxLength(128, 'referrer_id takes at most 128 characters'))),
    invite: z.optional(z.string().check(z.maxLength(128, 'invite takes at most 128 characters'))),
  })
  .check(
    z.refine((b) => !(b.endpoint && b.a2a_endpoint), { path: ['a2a_endpoint'], message: 'send the endpoint once: a2a_endpoint (endpoint is its older name)' }),
    z.refine((b) => b.delivery !== 'direct' || !!(b.endpoint ?? b.a2a_endpoint), { path: ['a2a_endpoint'], message: 'direct delivery needs an endpoint URL' }),
  );
export type JoinRequest = z.output<typeof JoinRequest>;

export const ProfilePatch = z
  .object({
    name: z.optional(Name),
    description: z.optional(z.string().check(z.maxLength(500, 'description takes at most 500 characters'))),
    tags: z.optional(Tags),
  })
  .check(z.refine((b) => Object.keys(b).length > 0, 'send at least one of name, description, tags'));

export const EndpointPatch = z.object({ endpoint: z.nullable(Url('endpoint')) });
/** `{mode}` (document) or `{communication_policy: {mode}}` (the live service and its client). */
export const PolicyPatch = z.union([z.object({ mode: ReceptionModeField }), z.object({ communication_policy: z.object({ mode: ReceptionModeField }) })], {
  error: 'send {mode: "<mode>"} or {communication_policy: {mode: "<mode>"}}',
});
/** The reception mode a policy body names, in either spelling. */
export const policyMode = (b: PolicyPatch): ReceptionMode => {
  const nested = (b as { communication_policy?: { mode: ReceptionMode } }).communication_policy;
  return nested ? nested.mode : (b as { mode: ReceptionMode }).mode;
};
export type PolicyPatch = z.output<typeof PolicyPatch>;
export const DeliveryPatch = z.union(
  [z.object({ delivery: z.literal('relay') }), z.object({ delivery: z.literal('direct'), endpoint: Url('endpoint') })],
  { error: 'send {delivery: "relay"} or {delivery: "direct", endpoint: "<url>"}' },
);

const SubnetIdValue = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/, 'subnet id: 3 to 40 lowercase letters, digits or -, not starting or ending with -'));
export const SubnetCreate = z
  .object({
    name: z.string({ error: 'name is required' }).check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(80, 'name takes at most 80 characters')),
    subnet_id: z.optional(SubnetIdValue),
    description: z.optional(z.string().check(z.maxLength(500, 'description takes at most 500 characters'))),
    private: z.optional(z.boolean()),
    join_policy: z.optional(z.enum(['open', 'approval'], { error: 'join_policy must be open or approval' })),
    parent_subnet_id: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
    /** The live names of parent_subnet_id. */
    parent: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
    parent_slug: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
    metadata: z.optional(z.record(z.string(), z.unknown())),
    lifecycle: z.optional(z.enum(['persistent', 'task_scoped'], { error: 'lifecycle must be persistent or task_scoped' })),
    linked_task_id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  })
  .check(
    z.refine((b) => b.lifecycle !== 'task_scoped' || !!b.linked_task_id, { path: ['linked_task_id'], message: 'a task-scoped subnet needs linked_task_id' }),
    z.refine((b) => !['public', 'system'].includes(b.subnet_id ?? ''), { path: ['subnet_id'], message: 'public and system are reserved subnet ids' }),
    z.refine((b) => !['public', 'system'].includes(b.parent_subnet_id ?? b.parent ?? b.parent_slug ?? ''), { path: ['parent_subnet_id'], message: 'public and system cannot be parents' }),
  );
export type SubnetCreate = z.output<typeof SubnetCreate>;

export const SubnetJoin = z.object({ note: z.optional(z.string().check(z.maxLength(500, 'note takes at most 500 characters'))) });
