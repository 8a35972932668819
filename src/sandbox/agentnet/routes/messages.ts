import { messageText } from '../../../contracts/agentnet';
import type { AcnContext, AcnHandlers, Services } from '../context';
import { requireCaller } from '../context';
import { domainError } from '../errors';
import { isOnline } from '../engine/presence';
import { agentOr404, newId, sharedSubnets } from './helpers';
import { deliverMessage, toManifest, type Routed } from './deliver';
import type { AgentRow } from '../store/agents';

/** Send, notify, broadcast (optionally by tag). The sender is the caller; `from_agent` must name it. */
export function messageHandlers(s: Services): AcnHandlers {
  const sender = (c: AcnContext, fromAgent: string | null | undefined): AgentRow => {
    const me = requireCaller(c);
    if (fromAgent && fromAgent !== me.agent_id) {
      throw domainError(403, 'from_agent_mismatch', `from_agent (${fromAgent}) must be the calling agent (${me.agent_id})`, { reason: 'from_agent_mismatch', from_agent: fromAgent, caller: me.agent_id });
    }
    return me;
  };
  const broadcast = async (me: AgentRow, targets: AgentRow[], text: string, message: unknown) => {
    const responses: Array<Routed & { agent_id: string }> = [];
    for (const to of targets) {
      try {
        responses.push({ agent_id: to.agent_id, ...(await deliverMessage(s, me, to, { text, message, type: 'broadcast', priority: 'normal', sessionId: null })) });
      } catch (err) {
        responses.push({ agent_id: to.agent_id, status: 'rejected', delivery_mode: null, reason: err instanceof Error ? err.message : String(err) });
      }
    }
    const successful = responses.filter((r) => r.status === 'delivered' || r.status === 'queued' || r.status === 'notified').length;
    return { status: 'broadcasted', broadcast_id: newId('bc_', 8), total: responses.length, successful, failed: responses.length - successful, responses };
  };
  /** Online agents other than the sender (offline agents drop out of broadcast targeting). */
  const online = (me: AgentRow) => {
    const now = s.clock.now();
    return s.agents.search({}).filter((a) => a.agent_id !== me.agent_id && isOnline(a, now));
  };

  return {
    'messages.send': async (c, { body }) => {
      const me = sender(c, body.from_agent);
      const to = agentOr404(s, (body.target_agent ?? body.to_agent) as string);
      const text = messageText(body.message);
      const routed = await deliverMessage(s, me, to, { text, message: body.message, type: body.message_type ?? null, priority: body.priority ?? 'normal', sessionId: body.session_id ?? null, fee: body.attention_fee ?? undefined, contentUrl: body.content_url ?? null, contentHash: body.content_hash ?? null });
      return c.json({ ...routed, from_agent: me.agent_id, target_agent: to.agent_id, to_agent: to.agent_id });
    },

    // Notify-only: the recipient must take notifications (manifest or allowlist policy).
    'messages.notify': (c, { body }) => {
      const me = sender(c, body.from_agent);
      const to = agentOr404(s, (body.target_agent ?? body.to_agent) as string);
      if (to.mode !== 'manifest' && to.mode !== 'allowlist') {
        const why = to.mode === 'open' ? 'it takes messages directly: use send instead' : 'it accepts no messages';
        throw domainError(403, 'NOTIFY_NOT_ACCEPTED', `${to.name} is in ${to.mode} mode and does not take notifications (${why})`, { reason: 'policy', mode: to.mode });
      }
      if (to.mode === 'allowlist' && !s.msgs.allowlisted(to.agent_id, me.agent_id) && sharedSubnets(s, me.agent_id, to.agent_id).length === 0) {
        throw domainError(403, 'NOTIFY_NOT_ACCEPTED', `${to.name} takes notifications only from agents on its allowlist or sharing a subnet`, { reason: 'not_allowlisted', mode: to.mode });
      }
      const fee = body.attention_fee?.amount ?? 0;
      if (to.attention_fee === 1 && fee < 1) throw domainError(402, 'ATTENTION_FEE_REQUIRED', `${to.name} asks an attention fee of 1 credit for a notification`, { amount: 1, currency: 'credits' });
      const mid = toManifest(s, me, to, { summary: body.summary.trim(), type: body.message_type ?? body.type ?? 'notification', content: body.content ?? null, contentUrl: body.content_url ?? null, contentHash: body.content_hash ?? null, fee, ttlHours: body.ttl_hours ?? null });
      return c.json({ status: 'notified', delivery_mode: 'manifest', mid, target_agent: to.agent_id, attention_fee: fee > 0 ? { amount: fee, currency: 'credits', status: 'held' } : null });
    },

    'messages.broadcast': async (c, { body }) => {
      const me = sender(c, body.from_agent);
      const tags = [...(body.target_tags ?? []), ...(body.tag ? [body.tag] : [])].map((t) => t.toLowerCase());
      const targets = online(me).filter(
        (a) => (!body.target_subnet || !!s.subnets.member(body.target_subnet, a.agent_id)) && (tags.length === 0 || (JSON.parse(a.tags) as string[]).some((t) => tags.includes(t.toLowerCase()))),
      );
      return c.json(await broadcast(me, targets, messageText(body.message), body.message));
    },

    'messages.broadcastByTag': async (c, { body }) => {
      const me = sender(c, body.from_agent);
      const tags = body.tags.map((t) => t.toLowerCase());
      const targets = online(me)
        .filter((a) => (JSON.parse(a.tags) as string[]).some((t) => tags.includes(t.toLowerCase())))
        .slice(0, body.limit ?? 100);
      return c.json(await broadcast(me, targets, messageText(body.message), body.message));
    },
  };
}
