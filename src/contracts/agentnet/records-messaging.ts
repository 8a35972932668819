import { z } from '../zod';
import { Numeric } from '../common';
import { When } from '../social/records';

/** Messages, the manifest queue, the inbox, sessions, reception and follows, read leniently. */

const Str = z.nullish(z.string());
const Bool = z.nullish(z.boolean());
const Count = z.pipe(z.nullish(Numeric), z.transform((n) => n ?? 0));
const list = <S extends z.ZodMiniType>(schema: S, items: unknown[]): Array<z.output<S>> =>
  items.flatMap((x) => {
    const p = schema.safeParse(x);
    return p.success ? [p.data as z.output<S>] : [];
  });
const Fee = z.nullish(z.looseObject({ amount: z.nullish(Numeric), currency: Str, escrow_id: Str, receipt_id: Str, status: Str }));

/** Send: `{status: delivered|queued|notified|rejected|failed, delivery_mode: inbox|manifest|relay|direct, route_id?, mid?}`. */
export const SendResult = z.pipe(
  z.looseObject({ status: Str, delivery_mode: Str, route_id: Str, mid: Str, error: Str, reason: Str, message_id: Str }),
  z.transform((r) => ({
    status: r.status ?? 'delivered',
    deliveryMode: r.delivery_mode ?? null,
    routeId: r.route_id ?? r.message_id ?? null,
    mid: r.mid ?? null,
    error: r.error ?? r.reason ?? null,
    failed: r.status === 'failed' || r.status === 'rejected',
  })),
);

export const BroadcastResult = z.pipe(
  z.looseObject({ status: Str, broadcast_id: Str, total: z.optional(Count), successful: z.optional(Count), responses: z.nullish(z.array(z.unknown())) }),
  z.transform((r) => ({ broadcastId: r.broadcast_id ?? null, total: r.total ?? 0, successful: r.successful ?? 0, results: list(z.looseObject({ agent_id: z.string(), status: Str, error: Str }), r.responses ?? []) })),
);

export const ManifestEntry = z.pipe(
  z.looseObject({
    mid: z.string(),
    sender_id: Str,
    from_agent: Str,
    summary: Str,
    ts: When,
    message_type: Str,
    type: Str,
    content_url: Str,
    content_size: z.optional(Count),
    attention_fee: Fee,
    acked_at: When,
  }),
  z.transform((e) => ({
    mid: e.mid,
    senderId: e.sender_id ?? e.from_agent ?? null,
    summary: e.summary ?? '',
    at: e.ts ?? null,
    type: e.message_type ?? e.type ?? null,
    contentUrl: e.content_url ?? null,
    contentSize: e.content_size ?? 0,
    fee: e.attention_fee && e.attention_fee.amount ? { amount: e.attention_fee.amount, currency: e.attention_fee.currency ?? 'credits' } : null,
    ackedAt: e.acked_at ?? null,
  })),
);
export type ManifestEntry = z.output<typeof ManifestEntry>;
export const ManifestList = z.pipe(z.looseObject({ entries: z.array(z.unknown()) }), z.transform((r) => ({ entries: list(ManifestEntry, r.entries) })));

export const ManifestContent = z.pipe(
  z.looseObject({ mid: z.string(), owner_id: Str, content_url: Str, content_hash: Str, content_chunk: Str, has_more: Bool, next_cursor: Str, self_hosted: Bool }),
  z.transform((c) => ({ mid: c.mid, ownerId: c.owner_id ?? null, url: c.content_url ?? null, hash: c.content_hash ?? null, chunk: c.content_chunk ?? null, hasMore: !!c.has_more, nextCursor: c.next_cursor ?? null })),
);

export const ManifestAck = z.pipe(
  z.looseObject({ acked: Bool, acked_at: When, attention_fee: Fee }),
  z.transform((a) => ({ acked: a.acked ?? true, ackedAt: a.acked_at ?? null, fee: a.attention_fee?.amount ? { amount: a.attention_fee.amount, currency: a.attention_fee.currency ?? 'credits', receiptId: a.attention_fee.receipt_id ?? null } : null })),
);

export const InboxMessage = z.pipe(
  z.looseObject({
    route_id: z.string(),
    from_agent: Str,
    sender_id: Str,
    to_agent: Str,
    text: Str,
    message: z.nullish(z.unknown()),
    status: Str,
    message_type: Str,
    delivery_mode: Str,
    push_error: Str,
    created_at: When,
    timestamp: When,
  }),
  z.transform((m) => {
    const nested = m.message && typeof m.message === 'object' ? (m.message as { text?: unknown; parts?: Array<{ text?: unknown }> }) : null;
    const text = m.text ?? (typeof m.message === 'string' ? m.message : typeof nested?.text === 'string' ? nested.text : (nested?.parts ?? []).map((p) => (typeof p.text === 'string' ? p.text : '')).join('\n'));
    return {
      routeId: m.route_id,
      from: m.from_agent ?? m.sender_id ?? null,
      to: m.to_agent ?? null,
      text,
      status: (['unread', 'read', 'processed'].includes(m.status ?? '') ? m.status : 'unread') as 'unread' | 'read' | 'processed',
      type: m.message_type ?? null,
      deliveryMode: m.delivery_mode ?? null,
      pushError: m.push_error ?? null,
      at: m.created_at ?? m.timestamp ?? null,
    };
  }),
);
export type InboxMessage = z.output<typeof InboxMessage>;
export const InboxList = z.pipe(z.looseObject({ messages: z.array(z.unknown()), total: z.optional(Count) }), z.transform((r) => {
  const messages = list(InboxMessage, r.messages);
  return { messages, total: r.total ?? messages.length };
}));

/** Session `{session_id, inviter_id, invitee_id, status, created_at, expires_at}` (TTL 60..1800 s). */
export const Session = z.pipe(
  z.looseObject({ session_id: z.string(), inviter_id: Str, invitee_id: Str, status: Str, created_at: When, expires_at: When, ttl_seconds: z.nullish(Numeric), seconds_left: z.nullish(Numeric) }),
  z.transform((s) => ({
    id: s.session_id,
    inviterId: s.inviter_id ?? null,
    inviteeId: s.invitee_id ?? null,
    status: s.status ?? 'pending',
    createdAt: s.created_at ?? null,
    expiresAt: s.expires_at ?? null,
    secondsLeft: s.seconds_left ?? null,
  })),
);
export type Session = z.output<typeof Session>;
export const SessionList = z.pipe(z.looseObject({ sessions: z.array(z.unknown()) }), z.transform((r) => ({ sessions: list(Session, r.sessions) })));

export const AllowlistEntries = z.pipe(
  z.looseObject({ entries: z.array(z.unknown()), total: z.optional(Count) }),
  z.transform((r) => ({ entries: list(z.pipe(z.looseObject({ agent_id: z.optional(z.string()), target_id: z.optional(z.string()), reason: Str, added_at: When }), z.transform((e) => ({ agentId: e.target_id ?? e.agent_id ?? '', reason: e.reason ?? null, addedAt: e.added_at ?? null }))), r.entries) })),
);

export const FollowState = z.pipe(
  z.looseObject({ follower_id: Str, followee_id: Str, following: Bool, changed: Bool }),
  z.transform((f) => ({ followerId: f.follower_id ?? null, followeeId: f.followee_id ?? null, following: !!f.following, changed: f.changed ?? null })),
);

export const ReceptionPolicy = z.pipe(
  z.looseObject({ agent_id: Str, communication_mode: Str, communication_policy: z.nullish(z.looseObject({ mode: Str, reject_reason: Str })), attention_fee_required: Bool }),
  z.transform((p) => ({ agentId: p.agent_id ?? null, mode: p.communication_policy?.mode ?? p.communication_mode ?? null, rejectReason: p.communication_policy?.reject_reason ?? null, attentionFeeRequired: !!p.attention_fee_required })),
);
