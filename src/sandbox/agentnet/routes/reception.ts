import type { AcnHandlers, Services } from '../context';
import { requireAgent, requireSelf } from '../context';
import { domainError } from '../errors';
import { agentOr404, iso } from './helpers';
import { agentSummary } from './records';
import { sessionRecord } from './records-msg';
import { SESSION_TTL } from '../../../contracts/agentnet';
import { requireCaller, type AcnContext } from '../context';
import { newId } from './helpers';
import type { SessionRow } from '../store/messages';

/** Reception (policy read, the agent's allowlist), follows, and sessions (TTL on the sandbox clock). */
export function receptionHandlers(s: Services): AcnHandlers {
  const now = () => s.clock.now();
  const page = <T>(rows: T[], q: { limit?: number | undefined; offset?: number | undefined }) => rows.slice(q.offset ?? 0, (q.offset ?? 0) + (q.limit ?? 100));
  const follow = (a: string, b: string) => !!s.msgs.follows.one('follower_id = ? AND followee_id = ?', a, b);
  const session = (c: AcnContext, id: string) => {
    const me = requireCaller(c);
    const row = s.msgs.sessions.get(id);
    if (!row || (row.inviter_id !== me.agent_id && row.invitee_id !== me.agent_id)) throw domainError(404, 'SESSION_NOT_FOUND', `Session '${id}' not found`, { session_id: id });
    return { me, row };
  };
  const decide = (c: AcnContext, id: string, status: 'accepted' | 'rejected') => {
    const { me, row } = session(c, id);
    if (row.invitee_id !== me.agent_id) throw domainError(403, 'FORBIDDEN', `Only the invitee (${row.invitee_id}) can ${status === 'accepted' ? 'accept' : 'reject'} the session`, { reason: 'not_invitee' });
    const shown = sessionRecord(row, now());
    if (shown.status === 'expired') throw domainError(409, 'SESSION_EXPIRED', `The invitation expired at ${shown.expires_at} (TTL ${row.ttl_seconds} s)`, { session_id: id, expires_at: shown.expires_at });
    if (row.status !== 'pending') throw domainError(409, 'SESSION_NOT_PENDING', `The session is ${shown.status}`, { session_id: id, status: shown.status });
    s.msgs.sessions.update(id, { status, decided_at: now() });
    s.arrivals.add(row.inviter_id);
    return sessionRecord(s.msgs.sessions.get(id) as SessionRow, now());
  };

  return {
    'agents.policy.get': (c, { params }) => {
      const a = requireAgent(s, params.id);
      return c.json({ agent_id: a.agent_id, communication_policy: { mode: a.mode }, communication_mode: a.mode, attention_fee_required: a.attention_fee === 1 });
    },
    'agents.allowlist': (c, { params, query }) => {
      const me = requireSelf(c, s, params.id);
      const rows = s.msgs.allow.where('agent_id = ? ORDER BY added_at', me.agent_id);
      return c.json({ agent_id: me.agent_id, entries: page(rows, query).map((r) => ({ agent_id: r.target_id, target_id: r.target_id, reason: r.reason, added_at: iso(r.added_at) })), total: rows.length });
    },
    'agents.allowlist.add': (c, { params, body }) => {
      const me = requireSelf(c, s, params.id);
      agentOr404(s, params.target);
      const had = s.msgs.allowlisted(me.agent_id, params.target);
      if (!had) s.msgs.allow.insert({ agent_id: me.agent_id, target_id: params.target, reason: body.reason ?? null, added_at: now() });
      return c.json({ agent_id: me.agent_id, target_id: params.target, allowlisted: true, changed: !had });
    },
    'agents.allowlist.remove': (c, { params }) => {
      const me = requireSelf(c, s, params.id);
      const changed = s.msgs.allow.delete('agent_id = ? AND target_id = ?', me.agent_id, params.target) > 0;
      return c.json({ agent_id: me.agent_id, target_id: params.target, allowlisted: false, changed });
    },

    'follows.add': (c, { params }) => {
      const me = requireSelf(c, s, params.id);
      if (params.target === me.agent_id) throw domainError(400, 'CANNOT_FOLLOW_SELF', 'An agent cannot follow itself', {});
      agentOr404(s, params.target);
      const had = follow(me.agent_id, params.target);
      if (!had) s.msgs.follows.insert({ follower_id: me.agent_id, followee_id: params.target, created_at: now() });
      return c.json({ follower_id: me.agent_id, followee_id: params.target, following: true, changed: !had });
    },
    'follows.remove': (c, { params }) => {
      const me = requireSelf(c, s, params.id);
      const changed = s.msgs.follows.delete('follower_id = ? AND followee_id = ?', me.agent_id, params.target) > 0;
      return c.json({ follower_id: me.agent_id, followee_id: params.target, following: false, changed });
    },
    'follows.check': (c, { params }) => c.json({ follower_id: params.id, followee_id: params.target, following: follow(params.id, params.target) }),
    'follows.list': (c, { params, query }) => {
      requireAgent(s, params.id);
      const ids = s.msgs.follows.where('follower_id = ? ORDER BY created_at DESC', params.id).map((f) => f.followee_id);
      const agents = ids.map((id) => s.agents.get(id)).filter((a) => !!a);
      return c.json({ agent_id: params.id, agents: page(agents, query).map((a) => agentSummary(a, now())), total: agents.length, limit: query.limit ?? 100, offset: query.offset ?? 0 });
    },
    'follows.followers': (c, { params, query }) => {
      requireAgent(s, params.id);
      const ids = s.msgs.follows.where('followee_id = ? ORDER BY created_at DESC', params.id).map((f) => f.follower_id);
      const agents = ids.map((id) => s.agents.get(id)).filter((a) => !!a);
      return c.json({ agent_id: params.id, agents: page(agents, query).map((a) => agentSummary(a, now())), total: agents.length, limit: query.limit ?? 100, offset: query.offset ?? 0 });
    },

    'sessions.invite': (c, { params, body }) => {
      const me = requireCaller(c);
      const to = agentOr404(s, params.target);
      if (to.agent_id === me.agent_id) throw domainError(400, 'CANNOT_INVITE_SELF', 'An agent cannot open a session with itself', {});
      const ttl = body.ttl_seconds ?? SESSION_TTL.default;
      const id = newId('sess_', 8);
      s.msgs.sessions.insert({ session_id: id, inviter_id: me.agent_id, invitee_id: to.agent_id, status: 'pending', metadata: JSON.stringify(body.metadata ?? {}), ttl_seconds: ttl, created_at: now(), expires_at: now() + ttl * 1000 });
      s.arrivals.add(to.agent_id);
      return c.json(sessionRecord(s.msgs.sessions.get(id) as SessionRow, now()));
    },
    'sessions.pending': (c) => {
      const me = requireCaller(c);
      const rows = s.msgs.sessions.where(`(invitee_id = ? OR inviter_id = ?) AND status = 'pending' AND expires_at > ? ORDER BY seq DESC`, me.agent_id, me.agent_id, now());
      return c.json({ agent_id: me.agent_id, sessions: rows.map((r) => ({ ...sessionRecord(r, now()), role: r.invitee_id === me.agent_id ? 'invitee' : 'inviter' })) });
    },
    'sessions.accept': (c, { params }) => c.json(decide(c, params.session, 'accepted')),
    'sessions.reject': (c, { params }) => c.json(decide(c, params.session, 'rejected')),
    'sessions.close': (c, { params }) => {
      const { me, row } = session(c, params.session);
      if (row.status === 'pending' || row.status === 'accepted') {
        s.msgs.sessions.update(row.session_id, { status: 'closed', closed_at: now() });
        s.arrivals.add(row.inviter_id === me.agent_id ? row.invitee_id : row.inviter_id);
      }
      return c.json(sessionRecord(s.msgs.sessions.get(row.session_id) as SessionRow, now()));
    },
  };
}
