import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_INTERNAL_TOKEN } from '../../contracts/agentnet/sandbox-internal';
import { makeKit, type Kit } from '../testing/kit';

let kit: Kit;
beforeEach(async () => {
  kit = await makeKit();
});
afterEach(async () => {
  await kit.close();
});

type Body = Record<string, unknown> & { error: { status: number; code: string; message: string; field?: string | null } };
const api = (path: string) => `/api/agentnet/api/v1${path}`;
const call = (as: string | null, method: string, path: string, json?: unknown) => kit.json<Body>(api(path), { method, headers: as ? { 'x-act-as': as } : {}, ...(json !== undefined ? { json } : {}) });
const join = async (name: string, extra: Record<string, unknown> = {}) => (await call(null, 'POST', '/agents/join', { name, ...extra })).body.agent_id as string;

describe('agents work together through the BFF, each rule answered as a sentence', () => {
  it('orgs: governance 403 names who may; escrow holds an org-paid reward until review', async () => {
    const boss = await join('Console Boss');
    const helper = await join('Console Helper');
    const org = (await call(boss, 'POST', '/orgs', { display_name: 'Console Org' })).body.org_id as string;
    const denied = await call(helper, 'POST', `/orgs/${org}/work`, { title: 'Not mine' });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('ownership_mismatch');
    expect(denied.body.error.message).toMatch(new RegExp(`refused access \\(403\\): Only its creator, agent ${boss}.*\\(not_creator\\)`));
    const broke = await call(boss, 'POST', `/orgs/${org}/publish-task`, { title: 'Org pays', reward: 10, pay_from: 'org' });
    expect(broke.status).toBe(402);
    expect(broke.body.error.message).toMatch(/^Not enough credits: The wallet of org_/);
    await kit.req(`/sandbox/agentnet/internal/orgs/${org}/wallet/top-up`, { method: 'POST', headers: { 'x-internal-token': SANDBOX_INTERNAL_TOKEN }, json: { amount: 25 } });
    const task = (await call(boss, 'POST', `/orgs/${org}/publish-task`, { title: 'Org pays', reward: 10, pay_from: 'org' })).body;
    expect(task).toMatchObject({ escrow: { status: 'held', amount: '10' } });
    expect((await call(boss, 'GET', `/orgs/${org}/wallet`)).body).toMatchObject({ balance: '15', escrow: '10' });
  });

  it('orgs: a new org gets its wallet from the console\'s top-up (sandbox); an org-paid reward then locks credits in escrow', async () => {
    const boss = await join('Funding Boss');
    const org = (await call(boss, 'POST', '/orgs', { display_name: 'Funded Org' })).body.org_id as string;
    expect((await call(boss, 'GET', `/orgs/${org}/wallet`)).body).toMatchObject({ exists: false });
    const refused = await kit.json<Body>(`/api/agentnet/orgs/${org}/wallet/top-up`, { method: 'POST', json: { amount: 0 } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/Add more than 0 credits/);
    const topped = await kit.json<Body>(`/api/agentnet/orgs/${org}/wallet/top-up`, { method: 'POST', json: { amount: 40 } });
    expect(topped.status).toBe(200);
    expect(topped.body).toMatchObject({ org_id: org, exists: true, balance: '40' });
    const task = await call(boss, 'POST', `/orgs/${org}/publish-task`, { title: 'Org pays now', reward: 15, pay_from: 'org' });
    expect(task.body).toMatchObject({ pay_from: 'org', escrow: { status: 'held', amount: '15' } });
    expect((await call(boss, 'GET', `/orgs/${org}/wallet`)).body).toMatchObject({ exists: true, balance: '25', escrow: '15' });
    const missing = await kit.json<Body>('/api/agentnet/orgs/org_nobody/wallet/top-up', { method: 'POST', json: { amount: 5 } });
    expect(missing.status).toBe(404);
    // Live, the top-up is the service backend's (an internal credential): the console says so and sends nothing.
    const key = (await kit.json<{ api_key: string }>(api('/agents/join'), { method: 'POST', json: { name: 'Live Org Funder' } })).body.api_key;
    expect((await kit.json('/api/connections/agentnet', { method: 'PUT', json: { mode: 'live', apiKey: key, baseUrl: 'https://live.test/sandbox/agentnet' } })).status).toBe(200);
    const live = await kit.json<Body>(`/api/agentnet/orgs/${org}/wallet/top-up`, { method: 'POST', json: { amount: 5 } });
    expect(live.status).toBe(409);
    expect(live.body.error.message).toMatch(/internal credential, not with an agent key/);
    expect(kit.liveRequests.some((r) => r.url.includes('/internal/'))).toBe(false);
  });

  it('spends: a payment is guarded and recorded in its own currency; a message without a fee spends nothing', async () => {
    const payer = await join('Guarded Payer');
    const payee = await join('Guarded Payee');
    // A limit set in lower case is the currency's limit.
    expect((await kit.json('/api/spend/limits/agentnet', { method: 'PUT', json: { unit: 'usdc', daily: 20 } })).body).toMatchObject({ unit: 'USDC', daily: 20 });
    expect((await call(payer, 'POST', '/payments/tasks', { from_agent: payer, to_agent: payee, amount: 12.5, currency: 'USDC' })).status).toBeLessThan(300);
    const over = await call(payer, 'POST', '/payments/tasks', { from_agent: payer, to_agent: payee, amount: 10, currency: 'USDC' });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toMatch(/costs 10 USDC, and 12\.5 of the Agents service's daily limit of 20 USDC are already spent today/);
    // The same currency in other letters is the same unit, under the same limit.
    const lower = await call(payer, 'POST', '/payments/tasks', { from_agent: payer, to_agent: payee, amount: 10, currency: 'usdc' });
    expect(lower.status).toBe(409);
    expect(lower.body.error.message).toMatch(/costs 10 USDC, and 12\.5 of the Agents service's daily limit of 20 USDC/);
    // Another currency has its own limit (none): it passes.
    expect((await call(payer, 'POST', '/payments/tasks', { from_agent: payer, to_agent: payee, amount: 10, currency: 'USD' })).status).toBeLessThan(300);
    expect((await call(payer, 'POST', '/communication/send', { target_agent: payee, message: 'free words' })).status).toBeLessThan(300);
    type Writes = { writes: Array<{ operation: string; unit: string; reserved: number }> };
    const writes = (await kit.json<Writes>('/api/spend/writes?service=agentnet')).body.writes.map((w) => `${w.operation} ${w.reserved} ${w.unit}`);
    expect(writes).toEqual(['payments.create 10 USD', 'payments.create 12.5 USDC']);
    const daily = (await kit.json<{ unit: string; units: string[]; days: Array<{ amount: number }> }>('/api/spend/daily?service=agentnet&unit=USDC&days=1')).body;
    expect(daily).toMatchObject({ unit: 'USDC', days: [{ amount: 12.5 }] });
    expect(daily.units).toEqual(['credits', 'USD', 'USDC']);
  });

  it('tasks: creator-only review (403) and the resubmission cap (400) read as sentences', async () => {
    const creator = await join('Review Boss');
    const worker = await join('Busy Worker');
    const tid = (await call(creator, 'POST', '/tasks', { title: 'Capped work', description: 'only one retry', max_resubmit_attempts: 0 })).body.task_id as string;
    await call(worker, 'POST', `/tasks/${tid}/accept`, {});
    await call(worker, 'POST', `/tasks/${tid}/submit`, { submission: 'v1' });
    const own = await call(worker, 'POST', `/tasks/${tid}/review`, { approved: true });
    expect(own.status).toBe(403);
    expect(own.body.error.message).toMatch(/Only the task creator/);
    await call(creator, 'POST', `/tasks/${tid}/review`, { approved: false, notes: 'no' });
    const capped = await call(worker, 'POST', `/tasks/${tid}/submit`, { submission: 'v2' });
    expect(capped.status).toBe(400);
    expect(capped.body.error.message).toMatch(/^The Agents service rejected the request: max_resubmit_attempts reached/);
  });

  it('messages: notify policy, fees released and refunded, from_agent_mismatch; sessions expire on the sandbox clock', async () => {
    const a = await join('Fee Sender');
    const open = await join('Open Door Agent', { communication_policy: { mode: 'open' } });
    const reader = await join('Fee Reader');
    const policy = await call(a, 'POST', '/communication/manifest/send', { target_agent: open, summary: 'hello' });
    expect(policy.status).toBe(403);
    expect(policy.body.error.message).toMatch(/does not take notifications .*use send instead/);
    const credits = async (who: string) => (await call(who, 'GET', `/agents/${who}/wallets`)).body.credits as number;
    const start = await credits(a);
    const mid1 = (await call(a, 'POST', '/communication/manifest/send', { target_agent: reader, summary: 'paid 1', attention_fee: { amount: 4 } })).body.mid as string;
    const mid2 = (await call(a, 'POST', '/communication/manifest/send', { target_agent: reader, summary: 'paid 2', attention_fee: { amount: 6 } })).body.mid as string;
    expect(await credits(a)).toBe(start - 10);
    await call(reader, 'POST', `/communication/manifest/${reader}/${mid1}/ack`, {});
    await call(reader, 'DELETE', `/communication/manifest/${reader}/${mid2}`);
    expect(await credits(a)).toBe(start - 4);
    expect(await credits(reader)).toBe(104);
    const spoof = await call(a, 'POST', '/payments/tasks', { from_agent: open, to_agent: reader, amount: 1, currency: 'USD' });
    expect(spoof.status).toBe(403);
    expect(spoof.body.error).toMatchObject({ code: 'from_agent_mismatch' });
    expect(spoof.body.error.message).toMatch(/must be the paying agent itself/);

    const sid = (await call(a, 'POST', `/sessions/invite/${reader}`, { ttl_seconds: 60 })).body.session_id as string;
    await kit.control('/clock', { advanceMs: 61_000 });
    const late = await call(reader, 'POST', `/sessions/${sid}/accept`, {});
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/The invitation expired/);
  });
});
