import { z } from '../zod';
import { Numeric } from '../common';
import { When } from '../social/records';

/**
 * Agent network records, lenient: the document's field names and the live ones of the live-service notes (docs/live-services.md#agent-network--joining) (`a2a_endpoint` for `endpoint`, `communication_mode` or `communication_policy.mode`,
 * `parent_id` or `parent_subnet_id`, subnet `id` or `subnet_id`) normalize to one model.
 */

export const receptionModes = ['open', 'manifest', 'allowlist', 'closed'] as const;
export type ReceptionMode = (typeof receptionModes)[number];
export const deliveries = ['direct', 'relay', 'none'] as const;

const Str = z.nullish(z.string());
const Bool = z.nullish(z.boolean());
const Count = z.pipe(z.nullish(Numeric), z.transform((n) => n ?? 0));

export const Agent = z.pipe(
  z.looseObject({
    agent_id: z.optional(z.string()),
    id: z.optional(z.string()),
    name: Str,
    description: Str,
    tags: z.nullish(z.array(z.string())),
    endpoint: Str,
    a2a_endpoint: Str,
    communication_mode: Str,
    communication_policy: z.nullish(z.looseObject({ mode: Str })),
    delivery: Str,
    status: Str,
    claim_status: Str,
    pending_deletion: z.nullish(z.union([z.boolean(), z.looseObject({})])),
    last_seen: When,
    last_seen_at: When,
    last_heartbeat: When,
    created_at: When,
    joined_at: When,
    agent_card_url: Str,
    agent_card: z.nullish(z.unknown()),
    inbound_reachable: Bool,
    last_inbound_ok_at: When,
    consec_push_failures: z.optional(Count),
    unread_manifest_count: z.optional(Count),
    attention_fee_required: Bool,
  }),
  z.transform((a, ctx) => {
    const id = a.agent_id ?? a.id;
    if (!id) {
      ctx.issues.push({ code: 'custom', message: 'an agent record needs agent_id', input: a });
      return z.NEVER;
    }
    const mode = a.communication_policy?.mode ?? a.communication_mode ?? null;
    return {
      id,
      name: a.name ?? id,
      description: a.description ?? '',
      tags: a.tags ?? [],
      endpoint: a.a2a_endpoint ?? a.endpoint ?? null,
      mode: (receptionModes as readonly string[]).includes(mode ?? '') ? (mode as ReceptionMode) : null,
      delivery: a.delivery ?? null,
      online: a.status === 'online',
      status: a.status ?? 'unknown',
      claimStatus: a.claim_status ?? 'unclaimed',
      pendingDeletion: !!a.pending_deletion,
      lastSeen: a.last_seen ?? a.last_seen_at ?? a.last_heartbeat ?? null,
      createdAt: a.created_at ?? a.joined_at ?? null,
      agentCardUrl: a.agent_card_url ?? null,
      inboundReachable: a.inbound_reachable ?? null,
      lastInboundOkAt: a.last_inbound_ok_at ?? null,
      pushFailures: a.consec_push_failures ?? 0,
    };
  }),
);
export type Agent = z.output<typeof Agent>;

export const AgentList = z.pipe(
  z.looseObject({ agents: z.array(z.unknown()), total: z.optional(Count), limit: z.optional(Count), offset: z.optional(Count) }),
  z.transform((r) => {
    const agents = r.agents.flatMap((a) => {
      const p = Agent.safeParse(a);
      return p.success ? [p.data] : [];
    });
    return { agents, total: r.total ?? agents.length, limit: r.limit ?? agents.length, offset: r.offset ?? 0 };
  }),
);
export type AgentList = z.output<typeof AgentList>;

export const CommunicationProfile = z.pipe(
  z.looseObject({ mode: Str, communication_mode: Str, attention_fee_required: Bool, unread_manifest_count: z.optional(Count) }),
  z.transform((p) => ({ mode: p.mode ?? p.communication_mode ?? null, attentionFeeRequired: !!p.attention_fee_required, unreadManifestCount: p.unread_manifest_count ?? 0 })),
);

/** Join answers the key once; newer servers add the handshake fields (docs/live-services.md#agent-network--joining). */
export const JoinResponse = z.pipe(
  z.looseObject({
    agent_id: z.string(),
    api_key: z.string(),
    status: Str,
    claim_status: Str,
    claim_url: Str,
    verification_code: Str,
    communication_mode: Str,
    next_step_hint: Str,
    a2a_handshake_ok: z.nullish(z.boolean()),
    endpoint_reachable: Bool,
  }),
  z.transform((j) => ({
    agentId: j.agent_id,
    apiKey: j.api_key,
    status: j.status ?? 'online',
    claimStatus: j.claim_status ?? 'unclaimed',
    claimUrl: j.claim_url ?? null,
    verificationCode: j.verification_code ?? null,
    mode: j.communication_mode ?? null,
    nextStepHint: j.next_step_hint ?? null,
    handshakeOk: j.a2a_handshake_ok ?? null,
    endpointReachable: j.endpoint_reachable ?? null,
  })),
);
export type JoinResponse = z.output<typeof JoinResponse>;

export const Subnet = z.pipe(
  z.looseObject({
    id: Str,
    subnet_id: Str,
    slug: Str,
    name: Str,
    description: Str,
    owner: z.nullish(z.union([z.string(), z.looseObject({})])),
    owner_id: Str,
    created_at: When,
    agent_count: z.optional(Count),
    member_count: z.optional(Count),
    parent_id: Str,
    parent_subnet_id: Str,
    lifecycle: Str,
    linked_task_id: Str,
    private: Bool,
    is_private: Bool,
    join_policy: Str,
    harness_url: Str,
    harness_registered: Bool,
    gateway_a2a_url: Str,
    gateway_ws_url: Str,
  }),
  z.transform((s, ctx) => {
    const id = s.subnet_id ?? s.id ?? s.slug;
    if (!id) {
      ctx.issues.push({ code: 'custom', message: 'a subnet record needs an id', input: s });
      return z.NEVER;
    }
    const owner = typeof s.owner === 'string' ? s.owner : (s.owner_id ?? null);
    return {
      id,
      name: s.name ?? id,
      description: s.description ?? '',
      owner,
      createdAt: s.created_at ?? null,
      agentCount: s.agent_count ?? s.member_count ?? 0,
      parentId: s.parent_subnet_id ?? s.parent_id ?? null,
      lifecycle: s.lifecycle === 'task_scoped' ? ('task_scoped' as const) : ('persistent' as const),
      linkedTaskId: s.linked_task_id ?? null,
      private: !!(s.private ?? s.is_private),
      joinPolicy: s.join_policy === 'approval' ? ('approval' as const) : ('open' as const),
      harnessUrl: s.harness_url ?? null,
      harnessRegistered: !!s.harness_registered,
      gatewayA2aUrl: s.gateway_a2a_url ?? null,
      gatewayWsUrl: s.gateway_ws_url ?? null,
    };
  }),
);
export type Subnet = z.output<typeof Subnet>;

export const SubnetList = z.pipe(
  z.looseObject({ subnets: z.array(z.unknown()), count: z.optional(Count) }),
  z.transform((r) => {
    const subnets = r.subnets.flatMap((s) => {
      const p = Subnet.safeParse(s);
      return p.success ? [p.data] : [];
    });
    return { subnets, count: r.count ?? subnets.length };
  }),
);

/** Join on an approval subnet answers 202 with a queued request (document). */
export const SubnetJoinResult = z.pipe(
  z.looseObject({ status: Str, request_id: Str, subnet_id: Str, auto_resolved: Bool }),
  z.transform((r) => ({ status: r.status ?? 'joined', requestId: r.request_id ?? null, autoResolved: !!r.auto_resolved })),
);

/**
 * `GET /agents/{id}/subnets`: live answers `subnets` as ids; the sandbox adds `subnet_details`
 * (records with the agent's role). Either form reads as subnet records.
 */
export const AgentSubnetList = z.pipe(
  z.looseObject({ subnets: z.optional(z.array(z.unknown())), subnet_details: z.optional(z.array(z.unknown())) }),
  z.transform((r) => {
    const source = r.subnet_details ?? r.subnets ?? [];
    const subnets = source.flatMap((s) => {
      const p = Subnet.safeParse(typeof s === 'string' ? { subnet_id: s } : s);
      return p.success ? [p.data] : [];
    });
    return { subnets, count: subnets.length };
  }),
);
