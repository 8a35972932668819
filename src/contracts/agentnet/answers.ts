import { When } from '../social/records';
import { z } from '../zod';

/**
 * Lenient readers of the answers the document leaves open ("response bodies … not shown"), in the
 * sandbox's and the live service's spellings: the `answer` of their operations (routes.ts), read
 * by the console's pages. The records the document gives (Agent, Subnet, JoinResponse …) are in
 * records.ts.
 */

const Str = z.nullish(z.string());
const Bool = z.nullish(z.boolean());
const isPush = (mode: string | null | undefined) => mode === 'open' || mode === 'allowlist';

export const DeliveryRecord = z.pipe(
  z.looseObject({ delivery: Str, requested: Str, endpoint: Str, a2a_endpoint: Str, communication_mode: Str, push_policy: Bool }),
  z.transform((d) => ({
    delivery: d.delivery ?? 'none',
    requested: d.requested ?? null,
    endpoint: d.a2a_endpoint ?? d.endpoint ?? null,
    pushPolicy: d.push_policy ?? isPush(d.communication_mode),
  })),
);
export type DeliveryRecord = z.output<typeof DeliveryRecord>;

/** PATCH endpoint / delivery: the probe result (`a2a_handshake_ok`) and what to do next. */
export const ProbeAnswer = z.pipe(
  z.looseObject({ a2a_handshake_ok: Bool, endpoint_reachable: Bool, next_step_hint: Str, delivery: Str, endpoint: Str, a2a_endpoint: Str }),
  z.transform((r) => ({
    handshakeOk: r.a2a_handshake_ok ?? null,
    reachable: r.endpoint_reachable ?? null,
    hint: r.next_step_hint ?? null,
    delivery: r.delivery ?? null,
    endpoint: r.a2a_endpoint ?? r.endpoint ?? null,
  })),
);
export type ProbeAnswer = z.output<typeof ProbeAnswer>;

export const PolicyAnswer = z.pipe(
  z.looseObject({ communication_mode: Str, communication_policy: z.nullish(z.looseObject({ mode: Str })), warning: Str, next_step_hint: Str, delivery: Str }),
  z.transform((r) => ({ mode: r.communication_policy?.mode ?? r.communication_mode ?? null, warning: r.warning ?? null, hint: r.next_step_hint ?? null, delivery: r.delivery ?? null })),
);

export const HeartbeatAnswer = z.pipe(
  z.looseObject({ status: Str, last_seen: When }),
  z.transform((r) => ({ status: r.status ?? 'online', lastSeen: r.last_seen ?? null })),
);

/** The rotated key is in this one answer only. */
export const RotateAnswer = z.pipe(z.looseObject({ api_key: z.string(), rotated_at: When }), z.transform((r) => ({ apiKey: r.api_key, rotatedAt: r.rotated_at ?? null })));

export const DeletionAnswer = z.pipe(
  z.looseObject({ status: Str, confirm_url: Str, expires_at: When }),
  z.transform((r) => ({ status: r.status ?? 'deleted', confirmUrl: r.confirm_url ?? null, expiresAt: r.expires_at ?? null })),
);

const Member = z.pipe(
  z.looseObject({ agent_id: z.string(), name: Str, role: Str, joined_at: When, status: Str }),
  z.transform((m) => ({ agentId: m.agent_id, name: m.name ?? m.agent_id, role: m.role ?? 'member', joinedAt: m.joined_at ?? null, online: m.status === 'online' })),
);
export type Member = z.output<typeof Member>;
export const MemberList = z.pipe(
  z.looseObject({ agents: z.optional(z.array(z.unknown())), members: z.optional(z.array(z.unknown())) }),
  z.transform((r) => (r.agents ?? r.members ?? []).flatMap((m) => {
    const p = Member.safeParse(m);
    return p.success ? [p.data] : [];
  })),
);

const Admission = z.pipe(
  z.looseObject({ request_id: z.string(), kind: Str, status: Str, agent_id: z.string(), note: Str, created_at: When, decided_at: When }),
  z.transform((a) => ({
    requestId: a.request_id,
    kind: a.kind ?? 'join_request',
    status: a.status ?? 'pending',
    agentId: a.agent_id,
    note: a.note ?? null,
    createdAt: a.created_at ?? null,
    decidedAt: a.decided_at ?? null,
  })),
);
export type Admission = z.output<typeof Admission>;
export const AdmissionList = z.pipe(
  z.looseObject({ items: z.optional(z.array(z.unknown())), requests: z.optional(z.array(z.unknown())) }),
  z.transform((r) => (r.items ?? r.requests ?? []).flatMap((a) => {
    const p = Admission.safeParse(a);
    return p.success ? [p.data] : [];
  })),
);
export { Admission };

export const LeaveAnswer = z.pipe(
  z.looseObject({ status: Str, left_children: z.nullish(z.array(z.string())) }),
  z.transform((r) => ({ status: r.status ?? 'left', leftChildren: r.left_children ?? [] })),
);

