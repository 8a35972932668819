import { describe, expect, it } from 'vitest';
import { checkReply, checkV1Reply, cardVersions, messageSendRequest } from './a2a';
import { ManifestEntry, SendResult, Session, InboxMessage } from './records-messaging';
import { PaymentTask, WalletCapability } from './records-payments';
import { Org, Task, TickResult, WorkItem } from './records-work';
import { OrgCreate, OrgTopUp, OrgUpdate, PublishTask, TaskReview, TaskSubmit } from './requests-work';
import { SendMessage, SessionInvite } from './requests-messaging';
import { PaymentCreate } from './requests-payments';
import { spendOf } from './spend';

describe('org, work and task records read the document and the live shapes alike', () => {
  it('org: plugins as a list or an object, times as ISO or epoch, owner as a string or {kind, subject}', () => {
    const live = Org.parse({ org_id: 'org_1', display_name: 'Crew', plugins: { work: 'builtin_work' }, created_at: '2026-11-01T10:00:00Z', owner: { kind: 'agent', subject: 'a1' }, created_by: { kind: 'agent', subject: 'a1' }, status: 'active' });
    const doc = Org.parse({ org_id: 'org_1', name: 'Crew', plugins: ['builtin_work'], created_at: 1793527200, owner: 'a1', created_by: 'a1' });
    expect(doc).toEqual({ ...live, updatedAt: null });
    expect(Org.parse({ org_id: 'org_2', display_name: 'Free', owner: 'none' })).toMatchObject({ claimed: false, owner: { kind: 'none', subject: null } });
  });

  it('work item and tick: assignee_agent_id or assignee; assignees as a map or a list', () => {
    expect(WorkItem.parse({ work_id: 'w', title: 'T', status: 'in_progress', assignee: 'a' })).toMatchObject({ assignee: 'a', status: 'in_progress' });
    expect(WorkItem.parse({ work_id: 'w', title: 'T', status: 'weird', assignee_agent_id: 'b' })).toMatchObject({ assignee: 'b', status: 'todo' });
    expect(TickResult.parse({ org_id: 'o', work_ids: ['w1', 'w2'], assignees: ['a', null] })).toMatchObject({ openCount: 2 });
  });

  it('task: reward as a string or number, tags under any of three names, links in metadata', () => {
    const live = Task.parse({ task_id: 't', title: 'T', status: 'open', reward: '12.5', reward_currency: 'credits', required_tags: ['x'], metadata: { org_id: 'o', org_work_id: 'w', board_id: 'b' }, created_at: '2026-11-01T10:00:00Z' });
    expect(live).toMatchObject({ reward: 12.5, tags: ['x'], orgId: 'o', orgWorkId: 'w', boardId: 'b' });
    expect(Task.parse({ task_id: 't', reward_amount: 3, required_skills: ['y'] })).toMatchObject({ reward: 3, tags: ['y'], status: 'open', currency: 'ap_points' });
  });

  it('messages, manifest entries, sessions, payments: both names', () => {
    expect(SendResult.parse({ status: 'failed', delivery_mode: 'inbox', route_id: 'r', error: 'bad reply' })).toMatchObject({ failed: true, error: 'bad reply' });
    expect(ManifestEntry.parse({ mid: 'm', sender_id: 's', summary: 'x', ts: 1793527200000, content_size: 3, attention_fee: { amount: 2 } })).toMatchObject({ fee: { amount: 2, currency: 'credits' }, at: 1793527200000 });
    expect(InboxMessage.parse({ route_id: 'r', sender_id: 's', message: { role: 'user', parts: [{ kind: 'text', text: 'hi' }] } })).toMatchObject({ from: 's', text: 'hi', status: 'unread' });
    expect(Session.parse({ session_id: 's', status: 'pending', expires_at: '2026-11-01T10:05:00Z' })).toMatchObject({ status: 'pending', expiresAt: Date.parse('2026-11-01T10:05:00Z') });
    expect(PaymentTask.parse({ task_id: 'p', from_agent: 'a', to_agent: 'b', amount: 5, method: 'usdc' })).toEqual(PaymentTask.parse({ task_id: 'p', buyer_agent: 'a', seller_agent: 'b', amount: '5', payment_method: 'usdc' }));
    expect(WalletCapability.parse({ payment_methods: ['usdc'], accepts_payment: true })).toMatchObject({ methods: ['usdc'], accepts: true });
  });
});

describe('requests type what the client sends, strictly', () => {
  it('takes the live names and nulls the client sends; refuses unknown plugins and bad ranges', () => {
    expect(OrgCreate.safeParse({ display_name: 'X', plugins: { work: 'builtin_work' } }).success).toBe(true);
    expect(OrgCreate.safeParse({ name: 'X', plugins: ['nope'] }).success).toBe(false);
    expect(OrgCreate.safeParse({}).success).toBe(false);
    // An edit names the plugin ids it refuses and the ones allowed.
    expect(OrgUpdate.safeParse({ display_name: 'Renamed', plugins: ['heartbeat', 'noop'] }).success).toBe(true);
    expect(OrgUpdate.safeParse({ plugins: ['builtin_work', 'evil_plugin', 'x'] }).error?.issues.map((i) => i.message)).toEqual(['unknown plugins evil_plugin, x: only builtin_work, heartbeat, noop are allowed']);
    expect(OrgUpdate.safeParse({ plugins: { loop: 'cron' } }).error?.issues.map((i) => i.message)).toEqual(['unknown plugin cron: only builtin_work, heartbeat, noop are allowed']);
    expect(OrgTopUp.safeParse({ amount: 0 }).error?.issues.map((i) => i.message)).toEqual(['Add more than 0 credits']);
    expect(OrgTopUp.safeParse({ amount: Number.NaN }).success).toBe(false);
    expect(PublishTask.parse({ title: 'T', reward: '30', 'pay-from': 'org' })).toMatchObject({ reward: 30 });
    expect(TaskSubmit.safeParse({ artifacts: [] }).success).toBe(false);
    expect(TaskReview.safeParse({ notes: 'x' }).success).toBe(false);
    expect(SendMessage.safeParse({ message: 'hi' }).success).toBe(false);
    expect(SendMessage.safeParse({ target_agent: 'b', message: 'hi', attention_fee: null, content_url: null }).success).toBe(true);
    expect(SessionInvite.safeParse({ ttl_seconds: 59 }).success).toBe(false);
    expect(SessionInvite.safeParse({ ttl_seconds: 1801 }).success).toBe(false);
    expect(PaymentCreate.safeParse({ from_agent: 'a', to_agent: 'b', amount: 0, currency: 'USD' }).success).toBe(false);
  });

  it('names the amount and currency of every operation that spends', () => {
    expect(spendOf('payments.create', { amount: 12.5, currency: 'USDC', to_agent: 'b' })).toMatchObject({ amount: 12.5, currency: 'USDC' });
    expect(spendOf('orgs.publishTask', { title: 'T', reward: 30, pay_from: 'org' })).toMatchObject({ amount: 30, currency: 'credits' });
    expect(spendOf('orgs.publishTask', { title: 'T', reward: 30 })).toBeNull();
    expect(spendOf('messages.notify', { attention_fee: { amount: 2 } })).toMatchObject({ amount: 2, currency: 'credits' });
    expect(spendOf('tasks.list', {})).toBeNull();
  });
});

describe('the receiving-side contract', () => {
  const req = messageSendRequest('push-1', 'hi', { messageId: 'm1' });
  const reply = (result: unknown, id: unknown = 'push-1') => JSON.stringify({ jsonrpc: '2.0', id, result });
  it('passes a bare task or message with kind and its fields', () => {
    expect(req).toMatchObject({ method: 'message/send', params: { message: { kind: 'message', role: 'user', parts: [{ kind: 'text', text: 'hi' }] } } });
    expect(checkReply('push-1', 200, reply({ kind: 'message', messageId: 'r', role: 'agent', parts: [{ kind: 'text', text: 'ok' }] }))).toMatchObject({ ok: true, kind: 'message' });
    expect(checkReply('push-1', 200, reply({ kind: 'task', id: 't', contextId: 'c', status: { state: 'submitted' } }))).toMatchObject({ ok: true, kind: 'task' });
  });
  it('fails each documented breakage with the rule that broke', () => {
    const failed = (text: string, status = 200) => checkReply('push-1', status, text).rules.find((r) => r.passed === false)?.id;
    expect(failed('')).toBe('json_body');
    expect(failed(reply({}))).toBe('result_present');
    expect(failed(reply(null))).toBe('result_present');
    expect(failed(reply({ task: { id: 't' } }))).toBe('not_wrapped');
    expect(failed(reply({ messageId: 'r', role: 'agent', parts: [] }))).toBe('kind');
    expect(failed(reply({ kind: 'task', id: 't' }))).toBe('task_fields');
    expect(failed(reply({ kind: 'message', messageId: 'r', role: 'agent', parts: [{ text: 'x' }] }))).toBe('message_fields');
    expect(failed(reply({ kind: 'message' }, 7))).toBe('id_echoed');
    expect(failed('<h1>nope</h1>', 404)).toBe('http_status');
    expect(checkReply('push-1', 200, '').rules.filter((r) => r.passed === null).length).toBeGreaterThan(0);
  });
  it('judges the v1.0 form and reads versions from a card', () => {
    expect(checkV1Reply(1, 200, JSON.stringify({ jsonrpc: '2.0', id: 1, result: { message: { messageId: 'r', role: 'ROLE_AGENT', parts: [{ text: 'x' }] } } }))).toMatchObject({ ok: true });
    expect(cardVersions({ supportedInterfaces: [{ url: 'u1', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }, { url: 'u3', protocolBinding: 'JSONRPC', protocolVersion: '0.3' }] })).toEqual({ v03: 'u3', v10: 'u1' });
    expect(cardVersions({ url: 'legacy', preferredTransport: 'JSONRPC', protocolVersion: '0.3.0' })).toEqual({ v03: 'legacy', v10: null });
  });
});
