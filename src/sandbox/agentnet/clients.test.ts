import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshAddress, Kit } from './test-kit';
import * as M from './testing/acn-models';

/**
 * What ACN's Python client (`acn_client`) sends and reads, for the operations the sandbox imitates.
 * Its pydantic models (acn_client/models.py) require these fields; a missing one raises in the client.
 */
const AgentJoinResponse = z.object({
  agent_id: z.string(),
  api_key: z.string(),
  status: z.string(),
  claim_status: z.string(),
  verification_code: z.string(),
  claim_url: z.string(),
  referral_url: z.string(),
  tasks_endpoint: z.string(),
  heartbeat_endpoint: z.string(),
  agent_card_url: z.string(),
});
const AgentInfo = z.looseObject({ agent_id: z.string(), name: z.string(), status: z.enum(['online', 'offline']), skills: z.array(z.string()), accepts_payment: z.boolean() });
const SubnetInfo = z.looseObject({ slug: z.string(), name: z.string(), owner: z.string(), agent_count: z.number().int(), lifecycle: z.string(), harness_registered: z.boolean() });

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

/** join_acn(): the body the client always sends. */
const joinAsClient = (name: string, skills: string[]) =>
  kit.call('POST', '/api/v1/agents/join', {
    json: { name, description: `${name} helps with testing the sandbox`, tags: skills, communication_policy: { mode: 'manifest' }, referrer_id: 'someone-else' },
    headers: { 'x-forwarded-for': freshAddress() },
  });

describe('ACN client against the sandbox', () => {
  it('join_acn: every string its AgentJoinResponse requires', async () => {
    const res = await joinAsClient('Client Joiner', ['search']);
    expect(res.status).toBe(200);
    AgentJoinResponse.parse(res.body);
  });

  it('get_agent and search_agents(skills): skills and accepts_payment, filtered by skill', async () => {
    const joined = AgentJoinResponse.parse((await joinAsClient('Skilled Finder', ['search', 'maps'])).body);
    await joinAsClient('Other Helper', ['cooking']);
    AgentInfo.parse((await kit.call('GET', `/api/v1/agents/${joined.agent_id}`)).body);
    const found = z.object({ agents: z.array(AgentInfo) }).loose().parse((await kit.call('GET', '/api/v1/agents?skill=search,maps&status=online')).body);
    expect(found.agents.map((a) => a.agent_id)).toEqual([joined.agent_id]);
  });

  it('update_policy: the wrapped body {communication_policy: {mode}}', async () => {
    const joined = AgentJoinResponse.parse((await joinAsClient('Policy Setter', ['x'])).body);
    const res = await kit.call('PATCH', `/api/v1/agents/${joined.agent_id}/policy`, { key: joined.api_key, json: { communication_policy: { mode: 'closed' } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ communication_policy: { mode: 'closed' } });
  });

  it('create_subnet with parent_slug, lifecycle and metadata; list_subnets(parent=); get_agent_subnets reads ids', async () => {
    const joined = AgentJoinResponse.parse((await joinAsClient('Subnet Maker', ['x'])).body);
    const key = joined.api_key;
    const top = SubnetInfo.parse((await kit.call('POST', '/api/v1/subnets', { key, json: { name: 'Client Top', lifecycle: 'persistent', metadata: { team: 'a' } } })).body);
    const child = await kit.call('POST', '/api/v1/subnets', { key, json: { name: 'Client Child', parent_slug: top.slug, lifecycle: 'persistent' } });
    expect(child.status).toBe(201);
    const children = z.object({ subnets: z.array(SubnetInfo) }).loose().parse((await kit.call('GET', `/api/v1/subnets?parent=${top.slug}`, { key })).body);
    expect(children.subnets.map((s) => s.slug)).toEqual([SubnetInfo.parse(child.body).slug]);
    const mine = z.object({ subnets: z.array(z.string()) }).loose().parse((await kit.call('GET', `/api/v1/agents/${joined.agent_id}/subnets`, { key })).body);
    expect(mine.subnets).toContain(top.slug);
  });

  it('list_subnets: the reserved subnets carry an owner string', async () => {
    const list = z.object({ subnets: z.array(SubnetInfo) }).loose().parse((await kit.call('GET', '/api/v1/subnets')).body);
    expect(list.subnets.length).toBeGreaterThan(0);
  });
});

/** The client's bodies, as its methods build them (client.py), and the models its answers must pass. */
describe('ACN client: orgs, work, tasks', () => {
  it('create_org / get_org / create_work / update_work / list_work(open_only) / tick_org_loop', async () => {
    const me = AgentJoinResponse.parse((await joinAsClient('Org Client', ['x'])).body);
    const key = me.api_key;
    const org = M.Org.parse((await kit.call('POST', '/api/v1/orgs', { key, json: { display_name: 'Client Org', plugins: { work: 'builtin_work' }, charter: { goal: 'test' } } })).body);
    M.Org.parse((await kit.call('GET', `/api/v1/orgs/${org.org_id}`)).body);
    const work = M.OrgWorkItem.parse((await kit.call('POST', `/api/v1/orgs/${org.org_id}/work`, { key, json: { title: 'Client work', assignee_agent_id: me.agent_id } })).body);
    M.OrgWorkItem.parse((await kit.call('PATCH', `/api/v1/orgs/${org.org_id}/work/${work.work_id}`, { key, json: { status: 'in_progress', assignee_agent_id: me.agent_id } })).body);
    expect(M.OrgWorkList.parse((await kit.call('GET', `/api/v1/orgs/${org.org_id}/work?open_only=true`)).body).work).toHaveLength(1);
    expect(M.Tick.parse((await kit.call('POST', `/api/v1/orgs/${org.org_id}/loop/tick`, { key, json: {} })).body)).toMatchObject({ open_count: 1 });
  });

  it('create_task (X-Creator headers, string reward) → accept → submit → review; participations; history', async () => {
    const creator = AgentJoinResponse.parse((await joinAsClient('Creator Client', ['x'])).body);
    const worker = AgentJoinResponse.parse((await joinAsClient('Worker Client', ['x'])).body);
    const body = { title: 'Client task', description: 'Made like the client makes it', deadline_hours: 24, reward: '10', max_participants: 1, completion_mode: 'independent', auto_approve: false, task_type: 'general', required_tags: ['x'], reward_currency: 'ap_points', require_join_approval: false, allow_repeat_by_same: false, use_escrow: false, metadata: {}, max_resubmit_attempts: 2 };
    const headers = { 'x-creator-id': creator.agent_id, 'x-creator-name': 'Creator Client', 'x-creator-type': 'agent' };
    const task = M.TaskInfo.parse((await kit.call('POST', '/api/v1/tasks', { key: creator.api_key, json: body, headers })).body);
    z.looseObject({ tasks: z.array(M.TaskInfo) }).parse((await kit.call('GET', '/api/v1/tasks?status=open&limit=20&offset=0')).body);
    const accepted = M.TaskAccept.parse((await kit.call('POST', `/api/v1/tasks/${task.task_id}/accept`, { key: worker.api_key, json: { message: '' } })).body);
    M.TaskInfo.parse((await kit.call('POST', `/api/v1/tasks/${task.task_id}/submit`, { key: worker.api_key, json: { submission: 'the result', artifacts: [], participation_id: accepted.participation_id } })).body);
    M.TaskInfo.parse((await kit.call('POST', `/api/v1/tasks/${task.task_id}/review`, { key: creator.api_key, json: { approved: true, notes: '', participation_id: null, agent_id: null } })).body);
    z.looseObject({ participations: z.array(M.Participation) }).parse((await kit.call('GET', `/api/v1/tasks/${task.task_id}/participations`)).body);
    M.Participation.parse((await kit.call('GET', `/api/v1/tasks/${task.task_id}/participations/me`, { key: worker.api_key })).body);
    expect(z.looseObject({ items: z.array(M.TaskInfo) }).parse((await kit.call('GET', `/api/v1/tasks/agent/${worker.agent_id}/history?limit=50`)).body).items).toHaveLength(1);
  });
});

describe('ACN client: messaging, manifest, sessions, follows', () => {
  it('send_message (A2A parts) / history(ack) / ack_inbox / update status; broadcast; broadcast_by_tag', async () => {
    const a = AgentJoinResponse.parse((await joinAsClient('Msg Client', ['chat'])).body);
    const b = AgentJoinResponse.parse((await joinAsClient('Msg Peer', ['chat'])).body);
    await kit.call('PATCH', `/api/v1/agents/${b.agent_id}/policy`, { key: b.api_key, json: { communication_policy: { mode: 'open' } } });
    const sent = await kit.call('POST', '/api/v1/communication/send', { key: a.api_key, json: { from_agent: a.agent_id, target_agent: b.agent_id, message: { role: 'user', parts: [{ kind: 'text', text: 'hi' }] }, priority: 'normal', attention_fee: null, content_url: null, content_hash: null, message_type: null } });
    expect(sent.body).toMatchObject({ status: 'queued', route_id: expect.any(String) });
    const history = z.looseObject({ messages: z.array(z.looseObject({ route_id: z.string() })) }).parse((await kit.call('GET', `/api/v1/communication/history/${b.agent_id}?limit=100&ack=true`, { key: b.api_key })).body);
    expect(z.looseObject({ acked: z.number().int() }).parse((await kit.call('POST', `/api/v1/communication/history/${b.agent_id}/ack`, { key: b.api_key, json: { route_ids: history.messages.map((m) => m.route_id) } })).body).acked).toBe(1);
    expect((await kit.call('PATCH', `/api/v1/communication/history/${b.agent_id}/${sent.body.route_id as string}`, { key: b.api_key, json: { status: 'unread' } })).status).toBe(200);
    const bc = await kit.call('POST', '/api/v1/communication/broadcast', { key: a.api_key, json: { from_agent: a.agent_id, message: { text: 'all', type: 'text' }, strategy: 'parallel', target_subnet: null, target_tags: ['chat'] } });
    expect(bc.body).toMatchObject({ status: 'broadcasted', total: expect.any(Number) });
    expect((await kit.call('POST', '/api/v1/communication/broadcast-by-tag', { key: a.api_key, json: { from_agent: a.agent_id, tags: ['chat'], message: { text: 'tagged' }, limit: 10 } })).body).toMatchObject({ status: 'broadcasted', broadcast_id: expect.any(String) });
  });

  it('manifest_send / list_manifest / fetch_manifest_content / ack_manifest / delete_manifest; profile', async () => {
    const a = AgentJoinResponse.parse((await joinAsClient('Notify Client', ['x'])).body);
    const b = AgentJoinResponse.parse((await joinAsClient('Manifest Client', ['x'])).body);
    const send = () => kit.call('POST', '/api/v1/communication/manifest/send', { key: a.api_key, json: { from_agent: a.agent_id, target_agent: b.agent_id, message_type: 'task_request', summary: 'please look', ttl_hours: null, attention_fee: { amount: 2, currency: 'credits' }, content_url: null, content_hash: null } });
    const mid = (await send()).body.mid as string;
    const mid2 = (await send()).body.mid as string;
    const entries = z.looseObject({ entries: z.array(M.ManifestEntry) }).parse((await kit.call('GET', `/api/v1/communication/manifest/${b.agent_id}?limit=50&type=task_request`, { key: b.api_key })).body).entries;
    expect(entries).toHaveLength(2);
    M.ManifestContent.parse((await kit.call('GET', `/api/v1/communication/content/${mid}`, { key: b.api_key })).body);
    expect((await kit.call('POST', `/api/v1/communication/manifest/${b.agent_id}/${mid}/ack`, { key: b.api_key })).body).toMatchObject({ acked: true, acked_at: expect.any(String), attention_fee: { escrow_id: expect.any(String), amount: 2, currency: 'credits', receipt_id: expect.any(String) } });
    expect((await kit.call('DELETE', `/api/v1/communication/manifest/${b.agent_id}/${mid2}`, { key: b.api_key })).status).toBe(200);
    M.CommunicationProfile.parse((await kit.call('GET', `/api/v1/agents/${b.agent_id}/communication_profile`)).body);
  });

  it('sessions (invite body {} or {ttl_seconds, metadata}), pending under sessions; follows under agents; allowlist under entries', async () => {
    const a = AgentJoinResponse.parse((await joinAsClient('Session Client', ['x'])).body);
    const b = AgentJoinResponse.parse((await joinAsClient('Session Peer', ['x'])).body);
    const sid = (await kit.call('POST', `/api/v1/sessions/invite/${b.agent_id}`, { key: a.api_key, json: {} })).body.session_id as string;
    expect(z.looseObject({ sessions: z.array(z.looseObject({ session_id: z.string() })) }).parse((await kit.call('GET', '/api/v1/sessions/pending', { key: b.api_key })).body).sessions).toHaveLength(1);
    expect((await kit.call('POST', `/api/v1/sessions/${sid}/reject`, { key: b.api_key })).body).toMatchObject({ status: 'rejected' });
    await kit.call('POST', `/api/v1/agents/${a.agent_id}/follows/${b.agent_id}`, { key: a.api_key });
    z.looseObject({ agents: z.array(M.AgentInfo) }).parse((await kit.call('GET', `/api/v1/agents/${a.agent_id}/follows?limit=100&offset=0`)).body);
    expect((await kit.call('POST', `/api/v1/agents/${a.agent_id}/allowlist/${b.agent_id}`, { key: a.api_key })).body).toMatchObject({ agent_id: a.agent_id, target_id: b.agent_id, allowlisted: true, changed: true });
    expect(z.looseObject({ entries: z.array(z.unknown()) }).parse((await kit.call('GET', `/api/v1/agents/${a.agent_id}/allowlist?limit=100&offset=0`, { key: a.api_key })).body).entries).toHaveLength(1);
    expect((await kit.call('GET', `/api/v1/agents/${a.agent_id}/policy`, { key: a.api_key })).body).toMatchObject({ agent_id: a.agent_id, communication_policy: { mode: 'manifest' } });
  });
});

describe('ACN client: payments and subnet harness', () => {
  it('set/get_payment_capability (model_dump with nulls), token pricing, estimate, create (float amount), confirm, list, stats', async () => {
    const buyer = AgentJoinResponse.parse((await joinAsClient('Buyer Client', ['x'])).body);
    const seller = AgentJoinResponse.parse((await joinAsClient('Seller Client', ['x'])).body);
    const cap = { supported_methods: ['usdc'], supported_networks: ['base'], wallet_address: null, wallet_addresses: {}, accepts_payment: true, token_pricing: null, api_endpoint: null, webhook_url: null };
    expect((await kit.call('POST', `/api/v1/payments/${seller.agent_id}/payment-capability`, { key: seller.api_key, json: cap })).status).toBe(200);
    M.PaymentCapability.parse((await kit.call('GET', `/api/v1/payments/${seller.agent_id}/payment-capability`)).body);
    await kit.call('POST', `/api/v1/payments/${seller.agent_id}/token-pricing`, { key: seller.api_key, json: { input_price_per_million: 1.5, output_price_per_million: 6 } });
    expect((await kit.call('POST', '/api/v1/payments/billing/estimate', { json: { agent_id: seller.agent_id, estimated_input_tokens: 1000, estimated_output_tokens: 1000 } })).body).toMatchObject({ agent_id: seller.agent_id, estimate: { total_usd: expect.any(Number) }, note: expect.any(String) });
    const created = await kit.call('POST', '/api/v1/payments/tasks', { key: buyer.api_key, json: { from_agent: buyer.agent_id, to_agent: seller.agent_id, amount: 1.25, currency: 'USDC', payment_method: 'usdc', network: 'base', description: null, metadata: null } });
    expect(created.body).toMatchObject({ task_id: expect.any(String), status: 'payment_pending' });
    expect((await kit.call('POST', `/api/v1/payments/tasks/${created.body.task_id as string}/confirm`, { key: buyer.api_key, json: { tx_hash: '0x01' } })).body).toMatchObject({ task_id: created.body.task_id, status: 'payment_confirmed', tx_hash: '0x01' });
    M.PaymentTask.parse((await kit.call('GET', `/api/v1/payments/tasks/${created.body.task_id as string}`, { key: buyer.api_key })).body);
    z.looseObject({ tasks: z.array(M.PaymentTask) }).parse((await kit.call('GET', `/api/v1/payments/tasks/agent/${buyer.agent_id}?limit=50`, { key: buyer.api_key })).body);
    M.PaymentStats.parse((await kit.call('GET', `/api/v1/payments/stats/${buyer.agent_id}`, { key: buyer.api_key })).body);
  });

  it('set_subnet_harness sends both keys (nulls allowed) and reads {status, slug, harness_url, harness_registered}', async () => {
    const me = AgentJoinResponse.parse((await joinAsClient('Harness Client', ['x'])).body);
    const top = SubnetInfo.parse((await kit.call('POST', '/api/v1/subnets', { key: me.api_key, json: { name: 'Harness Top', lifecycle: 'persistent' } })).body);
    const set = await kit.call('PATCH', `/api/v1/subnets/${top.slug}/harness`, { key: me.api_key, json: { harness_url: 'https://hooks.example/acn', harness_secret: null } });
    expect(set.body).toMatchObject({ status: 'updated', slug: top.slug, harness_url: 'https://hooks.example/acn', harness_registered: true });
    expect(SubnetInfo.parse((await kit.call('GET', `/api/v1/subnets/${top.slug}`)).body).harness_registered).toBe(true);
  });
});
