import type { AcnHandlers, Services } from '../context';
import { requireCaller, requireSelf } from '../context';
import { domainError } from '../errors';
import { newId } from './helpers';
import { manifestRecord, messageRecord } from './records-msg';
import type { ManifestRow, MessageRow } from '../store/messages';

const CHUNK = 64 * 1024;

/**
 * The acting agent's inbox (unread, read, processed; mark and acknowledge) and manifest queue
 * (list, pull content, acknowledge releasing the attention fee, delete refunding it).
 */
export function inboxHandlers(s: Services): AcnHandlers {
  const pendingEntry = (agentId: string, mid: string): ManifestRow => {
    const e = s.msgs.manifest.get(mid);
    if (!e || e.to_agent !== agentId || e.deleted_at !== null) throw domainError(404, 'MANIFEST_ENTRY_NOT_FOUND', `Manifest entry '${mid}' not found for ${agentId}`, { mid });
    return e;
  };
  const decUnread = (agentId: string) => {
    const a = s.agents.get(agentId);
    if (a && a.unread_manifest > 0) s.agents.update(agentId, { unread_manifest: a.unread_manifest - 1 });
  };

  return {
    'inbox.list': (c, { params, query: q }) => {
      const me = requireSelf(c, s, params.id);
      const rows = s.msgs.inbox.where(q.status ? 'to_agent = ? AND status = ? ORDER BY seq DESC' : 'to_agent = ? ORDER BY seq DESC', ...(q.status ? [me.agent_id, q.status] : [me.agent_id]));
      const page = rows.slice(q.offset ?? 0, (q.offset ?? 0) + (q.limit ?? 100));
      if (q.ack) for (const m of page) if (m.status === 'unread') s.msgs.inbox.update(m.route_id, { status: 'read', updated_at: s.clock.now() });
      return c.json({ agent_id: me.agent_id, messages: page.map(messageRecord), total: rows.length, count: page.length, unread: rows.filter((m) => m.status === 'unread').length });
    },

    'inbox.ack': (c, { params, body }) => {
      const me = requireSelf(c, s, params.id);
      let acked = 0;
      for (const rid of new Set(body.route_ids)) {
        const m = s.msgs.inbox.get(rid);
        if (m && m.to_agent === me.agent_id && m.status !== 'processed') {
          s.msgs.inbox.update(rid, { status: 'processed', updated_at: s.clock.now() });
          acked++;
        }
      }
      return c.json({ agent_id: me.agent_id, acked, route_ids: body.route_ids });
    },

    'inbox.mark': (c, { params, body }) => {
      const me = requireSelf(c, s, params.id);
      const m = s.msgs.inbox.get(params.route);
      if (!m || m.to_agent !== me.agent_id) throw domainError(404, 'ROUTE_NOT_FOUND', `Message '${params.route}' not found in the inbox of ${me.agent_id}`, { route_id: params.route });
      s.msgs.inbox.update(m.route_id, { status: body.status, updated_at: s.clock.now() });
      return c.json(messageRecord(s.msgs.inbox.get(m.route_id) as MessageRow));
    },

    'manifest.list': (c, { params, query: q }) => {
      const me = requireSelf(c, s, params.id);
      const now = s.clock.now();
      const entries = s.msgs.manifest
        .where('to_agent = ? AND acked_at IS NULL AND deleted_at IS NULL ORDER BY seq DESC', me.agent_id)
        .filter((e) => (e.expires_at === null || e.expires_at > now) && (q.since_ms === undefined || e.created_at >= q.since_ms) && (!q.type || e.message_type === q.type))
        .slice(0, q.limit ?? 50);
      return c.json({ agent_id: me.agent_id, entries: entries.map(manifestRecord), count: entries.length });
    },

    // The recipient (or the sender) pulls the content, in chunks of 64 KB.
    'manifest.content': (c, { params, query }) => {
      const me = requireCaller(c);
      const e = s.msgs.manifest.get(params.mid);
      if (!e || e.deleted_at !== null || (e.to_agent !== me.agent_id && e.from_agent !== me.agent_id)) throw domainError(404, 'MANIFEST_ENTRY_NOT_FOUND', `Manifest entry '${params.mid}' not found`, { mid: params.mid });
      const start = Number(query.cursor ?? 0) || 0;
      const content = e.content ?? '';
      const chunk = content.slice(start, start + CHUNK);
      const more = start + CHUNK < content.length;
      return c.json({ mid: e.mid, owner_id: e.from_agent, self_hosted: !e.content && !!e.content_url, content_url: e.content_url, content_hash: e.content_hash, content_chunk: e.content === null ? null : chunk, has_more: more, next_cursor: more ? String(start + CHUNK) : null, message_type: e.message_type, summary: e.summary });
    },

    // Acknowledging releases the held attention fee to the recipient.
    'manifest.ack': (c, { params }) => {
      const me = requireSelf(c, s, params.id);
      const e = pendingEntry(me.agent_id, params.mid);
      const now = s.clock.now();
      if (e.acked_at === null) {
        const receipt = e.fee_status === 'held' ? newId('rcpt_', 6) : null;
        if (e.fee_status === 'held') s.msgs.moveCredits(me.agent_id, e.fee_amount);
        s.msgs.manifest.update(e.mid, { acked_at: now, fee_status: e.fee_status === 'held' ? 'released' : e.fee_status, receipt_id: receipt });
        decUnread(me.agent_id);
      }
      const done = s.msgs.manifest.get(e.mid) as ManifestRow;
      return c.json({ mid: done.mid, acked: true, acked_at: new Date(done.acked_at as number).toISOString(), attention_fee: done.fee_amount > 0 ? { escrow_id: done.escrow_id, amount: done.fee_amount, currency: 'credits', receipt_id: done.receipt_id, status: done.fee_status } : null });
    },

    // Deleting refunds a still-held attention fee to the sender.
    'manifest.delete': (c, { params }) => {
      const me = requireSelf(c, s, params.id);
      const e = pendingEntry(me.agent_id, params.mid);
      const refund = e.fee_status === 'held';
      if (refund) s.msgs.moveCredits(e.from_agent, e.fee_amount);
      s.msgs.manifest.update(e.mid, { deleted_at: s.clock.now(), fee_status: refund ? 'refunded' : e.fee_status });
      if (e.acked_at === null) decUnread(me.agent_id);
      return c.json({ mid: e.mid, deleted: true, refunded: refund ? { amount: e.fee_amount, currency: 'credits', to: e.from_agent } : null });
    },
  };
}
