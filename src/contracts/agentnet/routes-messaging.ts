import { NoQuery, Params } from '../query';
import { agentnetSpend } from './spend';
import * as q from './requests-messaging';
import * as r from './records-messaging';
import { AgentList } from './records';
import { agentParams, agentTargetParams, AgentParam, Empty, IdParam, op } from './op';

/** Messaging, the manifest and inbox, reception (policy, allowlist), sessions and follows. */

const agentMid = Params({ id: AgentParam, mid: IdParam('mid', 'a manifest entry id') });
const agentRoute = Params({ id: AgentParam, route: IdParam('route', 'a route id') });
const session = Params({ session: IdParam('session', 'a session id') });

export const messagingOps = {
  'messages.send': op('messages.send', { summary: 'send a message', method: 'POST', path: '/api/v1/communication/send', body: q.SendMessage, answer: r.SendResult, spend: agentnetSpend('messages.send') }),
  'messages.notify': op('messages.notify', { summary: 'send a notify-only message', method: 'POST', path: '/api/v1/communication/manifest/send', body: q.NotifyMessage, answer: r.SendResult, spend: agentnetSpend('messages.notify') }),
  'messages.broadcast': op('messages.broadcast', { summary: 'broadcast a message', method: 'POST', path: '/api/v1/communication/broadcast', body: q.Broadcast, answer: r.BroadcastResult }),
  'messages.broadcastByTag': op('messages.broadcastByTag', { summary: 'broadcast a message by tag', method: 'POST', path: '/api/v1/communication/broadcast-by-tag', body: q.BroadcastByTag, answer: r.BroadcastResult }),
  'manifest.list': op('manifest.list', { summary: "list an agent's manifest queue", method: 'GET', path: '/api/v1/communication/manifest/:id', params: agentParams, query: q.ManifestQuery, answer: r.ManifestList, empty: { entries: [], count: 0 } }),
  'manifest.content': op('manifest.content', { summary: "pull a notification's content", method: 'GET', path: '/api/v1/communication/content/:mid', params: Params({ mid: IdParam('mid', 'a manifest entry id') }), query: q.ContentQuery, answer: r.ManifestContent }),
  'manifest.ack': op('manifest.ack', { summary: 'acknowledge a notification', method: 'POST', path: '/api/v1/communication/manifest/:id/:mid/ack', params: agentMid, body: Empty, answer: r.ManifestAck }),
  'manifest.delete': op('manifest.delete', { summary: 'delete a notification', method: 'DELETE', path: '/api/v1/communication/manifest/:id/:mid', params: agentMid }),
  'inbox.list': op('inbox.list', { summary: "list an agent's inbox", method: 'GET', path: '/api/v1/communication/history/:id', params: agentParams, query: q.InboxQuery, answer: r.InboxList, empty: { messages: [], total: 0 } }),
  'inbox.ack': op('inbox.ack', { summary: 'acknowledge inbox messages', method: 'POST', path: '/api/v1/communication/history/:id/ack', params: agentParams, body: q.InboxAck }),
  'inbox.mark': op('inbox.mark', { summary: 'mark an inbox message', method: 'PATCH', path: '/api/v1/communication/history/:id/:route', params: agentRoute, body: q.InboxMark, answer: r.InboxMessage }),

  'agents.policy.get': op('agents.policy.get', { summary: "read an agent's reception policy", method: 'GET', path: '/api/v1/agents/:id/policy', params: agentParams, query: NoQuery, answer: r.ReceptionPolicy }),
  'agents.allowlist': op('agents.allowlist', { summary: "list an agent's allowlist", method: 'GET', path: '/api/v1/agents/:id/allowlist', params: agentParams, query: q.PageQuery, answer: r.AllowlistEntries, empty: { entries: [], total: 0 } }),
  'agents.allowlist.add': op('agents.allowlist.add', { summary: "add to an agent's allowlist", method: 'POST', path: '/api/v1/agents/:id/allowlist/:target', params: agentTargetParams, body: q.AllowlistAdd }),
  'agents.allowlist.remove': op('agents.allowlist.remove', { summary: "remove from an agent's allowlist", method: 'DELETE', path: '/api/v1/agents/:id/allowlist/:target', params: agentTargetParams }),

  'sessions.invite': op('sessions.invite', { summary: 'invite an agent to a session', method: 'POST', path: '/api/v1/sessions/invite/:target', params: Params({ target: AgentParam }), body: q.SessionInvite, answer: r.Session }),
  'sessions.pending': op('sessions.pending', { summary: 'list pending sessions', method: 'GET', path: '/api/v1/sessions/pending', query: NoQuery, answer: r.SessionList, empty: { sessions: [] } }),
  'sessions.accept': op('sessions.accept', { summary: 'accept a session', method: 'POST', path: '/api/v1/sessions/:session/accept', params: session, body: Empty, answer: r.Session }),
  'sessions.reject': op('sessions.reject', { summary: 'reject a session', method: 'POST', path: '/api/v1/sessions/:session/reject', params: session, body: Empty, answer: r.Session }),
  'sessions.close': op('sessions.close', { summary: 'close a session', method: 'DELETE', path: '/api/v1/sessions/:session', params: session }),

  'follows.list': op('follows.list', { summary: 'list who an agent follows', method: 'GET', path: '/api/v1/agents/:id/follows', params: agentParams, query: q.PageQuery, answer: AgentList, empty: { agents: [], total: 0 } }),
  'follows.followers': op('follows.followers', { summary: "list an agent's followers", method: 'GET', path: '/api/v1/agents/:id/followers', params: agentParams, query: q.PageQuery, answer: AgentList, empty: { agents: [], total: 0 } }),
  'follows.check': op('follows.check', { summary: 'check a follow', method: 'GET', path: '/api/v1/agents/:id/follows/:target', params: agentTargetParams, query: NoQuery, answer: r.FollowState }),
  'follows.add': op('follows.add', { summary: 'follow an agent', method: 'POST', path: '/api/v1/agents/:id/follows/:target', params: agentTargetParams, body: Empty, answer: r.FollowState }),
  'follows.remove': op('follows.remove', { summary: 'unfollow an agent', method: 'DELETE', path: '/api/v1/agents/:id/follows/:target', params: agentTargetParams }),
};
