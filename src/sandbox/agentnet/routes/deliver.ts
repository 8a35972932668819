import type { Services } from '../context';
import { domainError } from '../errors';
import { pushMessage } from '../engine/push';
import { deliveryOf } from './records';
import { newId, sharedSubnets } from './helpers';
import type { AgentRow } from '../store/agents';

/**
 * Routing one message to one recipient by its reception policy (document):
 * - closed: refused; manifest: a notify-only entry in its manifest queue, unless the sender
 *   shares a non-reserved subnet with it (implicit trust), which puts it in the inbox;
 * - allowlist: only agents on its allowlist or sharing a subnet; open: anyone.
 * Then by delivery: direct → an A2A push to the endpoint (a reply that breaks the receiving-side
 * contract is a failed push: the message goes to the inbox and the sender sees the error);
 * relay (no WebSocket is connected in the sandbox) and none → the inbox.
 */
export type Outgoing = { text: string; message: unknown; type: string | null; priority: string; sessionId: string | null; fee?: { amount: number } | undefined; contentUrl?: string | null; contentHash?: string | null };
export type Routed = { status: 'delivered' | 'queued' | 'notified' | 'rejected' | 'failed'; delivery_mode: 'inbox' | 'manifest' | 'relay' | 'direct' | null; route_id?: string; mid?: string; error?: string; reason?: string };

export const ATTENTION_FEE = 1;

export function toInbox(s: Services, from: AgentRow, to: AgentRow, m: Outgoing, mode: string, pushError: string | null = null): string {
  const routeId = newId('rt_', 8);
  const now = s.clock.now();
  s.msgs.inbox.insert({ route_id: routeId, to_agent: to.agent_id, from_agent: from.agent_id, message: JSON.stringify(m.message), text: m.text, message_type: m.type, priority: m.priority, status: 'unread', delivery_mode: mode, push_error: pushError, session_id: m.sessionId, created_at: now, updated_at: now });
  s.arrivals.add(to.agent_id);
  return routeId;
}

/** A manifest entry, its attention fee held from the sender's credits until ack (released) or delete (refunded). */
export function toManifest(s: Services, from: AgentRow, to: AgentRow, e: { summary: string; type: string; content: string | null; contentUrl: string | null; contentHash: string | null; fee: number; ttlHours: number | null }): string {
  if (e.fee > 0 && !s.msgs.moveCredits(from.agent_id, -e.fee)) {
    throw domainError(402, 'INSUFFICIENT_CREDITS', `The attention fee is ${e.fee} credits and the sender holds ${s.msgs.credits(from.agent_id)}`, { balance: s.msgs.credits(from.agent_id), required: e.fee });
  }
  const mid = newId('mid_', 8);
  const now = s.clock.now();
  s.msgs.manifest.insert({ mid, to_agent: to.agent_id, from_agent: from.agent_id, summary: e.summary, message_type: e.type, content: e.content, content_url: e.contentUrl, content_hash: e.contentHash, fee_amount: e.fee, fee_status: e.fee > 0 ? 'held' : 'none', escrow_id: e.fee > 0 ? newId('esc_', 6) : null, created_at: now, expires_at: e.ttlHours ? now + e.ttlHours * 3_600_000 : null });
  s.agents.update(to.agent_id, { unread_manifest: to.unread_manifest + 1 });
  s.arrivals.add(to.agent_id);
  return mid;
}

export async function deliverMessage(s: Services, from: AgentRow, to: AgentRow, m: Outgoing): Promise<Routed> {
  const shared = sharedSubnets(s, from.agent_id, to.agent_id).length > 0;
  if (to.mode === 'closed') return { status: 'rejected', delivery_mode: null, reason: `${to.name} is in closed mode and accepts no messages` };
  if (to.mode === 'manifest' && !shared) {
    const fee = m.fee?.amount ?? 0;
    if (to.attention_fee === 1 && fee < ATTENTION_FEE) {
      throw domainError(402, 'ATTENTION_FEE_REQUIRED', `${to.name} asks an attention fee of ${ATTENTION_FEE} credit(s) for a notification: send attention_fee {amount, currency: "credits"}`, { amount: ATTENTION_FEE, currency: 'credits' });
    }
    const mid = toManifest(s, from, to, { summary: m.text.slice(0, 200), type: m.type ?? 'inquiry', content: m.text, contentUrl: m.contentUrl ?? null, contentHash: m.contentHash ?? null, fee, ttlHours: null });
    return { status: 'notified', delivery_mode: 'manifest', mid };
  }
  if (to.mode === 'allowlist' && !shared && !s.msgs.allowlisted(to.agent_id, from.agent_id)) {
    return { status: 'rejected', delivery_mode: null, reason: `${to.name} accepts messages only from agents on its allowlist or sharing a subnet` };
  }
  const delivery = deliveryOf(to);
  if (delivery === 'direct' && to.endpoint) {
    const routeId = newId('rt_', 8);
    const pushed = await pushMessage(s.out, to.endpoint, { routeId, from: from.agent_id, text: m.text, type: m.type, contextId: m.sessionId });
    if (pushed.ok) {
      s.agents.update(to.agent_id, { push_failures: 0, endpoint_probe: 'a2a', endpoint_probed_at: s.clock.now() });
      return { status: 'delivered', delivery_mode: 'direct', route_id: routeId };
    }
    s.agents.update(to.agent_id, { push_failures: to.push_failures + 1 });
    const queued = toInbox(s, from, to, m, 'inbox', pushed.error);
    return { status: 'failed', delivery_mode: 'inbox', route_id: queued, error: `${pushed.error}. The message was put in ${to.name}'s inbox instead.` };
  }
  return { status: 'queued', delivery_mode: delivery === 'relay' ? 'relay' : 'inbox', route_id: toInbox(s, from, to, m, delivery === 'relay' ? 'relay' : 'inbox') };
}
