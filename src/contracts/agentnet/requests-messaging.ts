import { isHttpUrl, Text } from '../text-fields';
import { BoolParam, IntParam, Query } from '../query';
import { z } from '../zod';

/** Request bodies and queries of messaging, the manifest, the inbox, sessions and reception. */

const Id = (what: string) => z.string({ error: `${what} is required` }).check(z.trim(), z.minLength(1, `${what} is required`), z.maxLength(120, `${what} takes at most 120 characters`));
const Url = (what: string) => z.string().check(z.refine(isHttpUrl, `${what} must be a complete http(s) URL`));

/** A message: plain text, the legacy `{text, type}` or the A2A form `{role, parts: [{kind, text}]}`. */
export const MessageContent = z.union(
  [
    z.string().check(z.minLength(1, 'message must not be empty'), z.maxLength(20_000, 'message takes at most 20,000 characters')),
    z.looseObject({ text: Text('message.text', 20_000), type: z.nullish(z.string()) }),
    z.looseObject({ role: z.nullish(z.string()), parts: z.array(z.looseObject({ kind: z.nullish(z.string()), text: z.nullish(z.string()) })).check(z.minLength(1, 'message.parts needs at least one part'), z.maxLength(50)) }),
  ],
  { error: 'message must be text, {text} or {role, parts: [{kind: "text", text}]}' },
);
export type MessageContent = z.output<typeof MessageContent>;

/** The text of a message in any of its forms. */
export function messageText(m: MessageContent): string {
  if (typeof m === 'string') return m;
  if ('text' in m && typeof m.text === 'string') return m.text;
  const parts = (m as { parts?: Array<{ text?: string }> }).parts ?? [];
  return parts.map((p) => p.text ?? '').filter(Boolean).join('\n');
}

export const AttentionFee = z.object({
  amount: z.number({ error: 'attention_fee.amount must be a number' }).check(z.gte(1, 'attention_fee.amount must be 1 to 1000'), z.lte(1000, 'attention_fee.amount must be 1 to 1000')),
  currency: z.nullish(z.enum(['credits'], { error: 'attention_fee.currency must be credits' })),
});
export const messageTypes = ['broadcast', 'collaboration', 'inquiry', 'session_invite', 'task_request', 'text', 'notification'] as const;
const MessageType = z.enum(messageTypes, { error: `message_type must be ${messageTypes.join(', ')}` });

const target = <T extends { to_agent?: string | null | undefined; target_agent?: string | null | undefined }>(b: T) => !!(b.to_agent ?? b.target_agent);
export const SendMessage = z
  .object({
    from_agent: z.nullish(Id('from_agent')),
    to_agent: z.nullish(Id('to_agent')),
    /** The live (client) name of to_agent. */
    target_agent: z.nullish(Id('target_agent')),
    message: MessageContent,
    priority: z.nullish(z.enum(['low', 'normal', 'high', 'urgent'], { error: 'priority must be low, normal, high or urgent' })),
    attention_fee: z.nullish(AttentionFee),
    content_url: z.nullish(Url('content_url')),
    content_hash: z.nullish(Text('content_hash', 200)),
    message_type: z.nullish(MessageType),
    session_id: z.nullish(Id('session_id')),
  })
  .check(z.refine(target, { path: ['target_agent'], message: 'name the recipient: target_agent (or to_agent)' }));
export type SendMessage = z.output<typeof SendMessage>;

export const NotifyMessage = z
  .object({
    from_agent: z.nullish(Id('from_agent')),
    target_agent: z.nullish(Id('target_agent')),
    to_agent: z.nullish(Id('to_agent')),
    summary: z.string({ error: 'summary is required' }).check(z.trim(), z.minLength(1, 'summary is required'), z.maxLength(500, 'summary takes at most 500 characters')),
    message_type: z.nullish(Text('message_type', 40)),
    /** The document's name of message_type. */
    type: z.nullish(Text('type', 40)),
    content_url: z.nullish(Url('content_url')),
    content_hash: z.nullish(Text('content_hash', 200)),
    /** Content kept by the service (pulled with GET /communication/content/{mid}). */
    content: z.nullish(Text('content', 100_000)),
    ttl_hours: z.nullish(z.int().check(z.gte(1, 'ttl_hours must be 1 to 720'), z.lte(720, 'ttl_hours must be 1 to 720'))),
    attention_fee: z.nullish(AttentionFee),
  })
  .check(z.refine(target, { path: ['target_agent'], message: 'name the recipient: target_agent (or to_agent)' }));
export type NotifyMessage = z.output<typeof NotifyMessage>;

export const Broadcast = z.object({
  from_agent: z.nullish(Id('from_agent')),
  message: MessageContent,
  strategy: z.nullish(z.enum(['parallel', 'sequential', 'best_effort'], { error: 'strategy must be parallel, sequential or best_effort' })),
  target_subnet: z.nullish(Id('target_subnet')),
  target_tags: z.nullish(z.array(Text('a tag', 32)).check(z.maxLength(20))),
  /** The document's optional tag. */
  tag: z.nullish(Text('tag', 32)),
});
export const BroadcastByTag = z.object({
  from_agent: z.nullish(Id('from_agent')),
  tags: z.array(Text('a tag', 32)).check(z.minLength(1, 'name at least one tag'), z.maxLength(20)),
  message: MessageContent,
  limit: z.nullish(z.int().check(z.gte(1, 'limit must be 1 to 500'), z.lte(500, 'limit must be 1 to 500'))),
});

export const ManifestQuery = Query({ limit: IntParam(1, 500, 'limit'), since_ms: IntParam(0, 9e15, 'since_ms'), type: z.nullish(z.string().check(z.maxLength(40))) });
export const ContentQuery = Query({ cursor: z.nullish(z.string().check(z.maxLength(40))) });
export const inboxStatuses = ['unread', 'read', 'processed'] as const;
export const InboxQuery = Query({
  limit: IntParam(1, 500, 'limit'),
  offset: IntParam(0, 1_000_000, 'offset'),
  ack: BoolParam('ack'),
  status: z.nullish(z.enum(inboxStatuses, { error: 'status must be unread, read or processed' })),
});
export const InboxAck = z.object({ route_ids: z.array(Id('a route id')).check(z.minLength(1, 'route_ids needs at least one id'), z.maxLength(500, 'at most 500 route ids')) });
export const InboxMark = z.object({ status: z.enum(inboxStatuses, { error: 'status must be unread, read or processed' }) });

export const AllowlistAdd = z.object({ reason: z.nullish(Text('reason', 500)) });
export const PageQuery = Query({ limit: IntParam(1, 500, 'limit'), offset: IntParam(0, 1_000_000, 'offset') });

export const SESSION_TTL = { min: 60, max: 1800, default: 300 } as const;
export const SessionInvite = z.object({
  ttl_seconds: z.nullish(z.int({ error: 'ttl_seconds must be a whole number' }).check(z.gte(SESSION_TTL.min, 'ttl_seconds must be 60 to 1800'), z.lte(SESSION_TTL.max, 'ttl_seconds must be 60 to 1800'))),
  metadata: z.nullish(z.record(z.string(), z.unknown())),
});
