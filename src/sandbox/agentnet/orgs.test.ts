import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Org, OrgWallet, TickResult, WorkItem, WorkList } from '../../contracts/agentnet';
import { SANDBOX_INTERNAL_TOKEN } from '../../contracts/agentnet/sandbox-internal';
import { Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

async function setup() {
  const creator = await kit.join('Org Founder');
  const worker = await kit.join('Org Worker');
  const created = await kit.call('POST', '/api/v1/orgs', { key: creator.key, json: { display_name: 'Night Crew', join_policy: 'open', charter: { mission: 'ship' }, plugins: { work: 'builtin_work' } } });
  expect(created.status).toBe(200);
  const org = Org.parse(created.body);
  return { creator, worker, org, id: org.id };
}
const topUp = (orgId: string, amount: number) => kit.app.request(`http://127.0.0.1/sandbox/agentnet/internal/orgs/${orgId}/wallet/top-up`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-token': SANDBOX_INTERNAL_TOKEN }, body: JSON.stringify({ amount }) });

describe('organizations', () => {
  it('creates an org on a new subnet; plugins only from the builtins; the creator governs', async () => {
    const { creator, org } = await setup();
    expect(org).toMatchObject({ name: 'Night Crew', status: 'active', owner: { kind: 'none' }, createdBy: { kind: 'agent', subject: creator.id }, plugins: ['builtin_work'], charter: { mission: 'ship' } });
    expect(org.subnetId).toBeTruthy();
    expect((await kit.call('GET', `/api/v1/subnets/${org.subnetId as string}`)).body).toMatchObject({ owner: creator.id });
    const bad = await kit.call('POST', '/api/v1/orgs', { key: creator.key, json: { display_name: 'Bad Plugins', plugins: ['builtin_work', 'evil_plugin'] } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('builtin_work, heartbeat, noop');
    const patched = await kit.call('PATCH', `/api/v1/orgs/${org.id}`, { key: creator.key, json: { display_name: 'Day Crew', plugins: ['builtin_work', 'heartbeat'] } });
    expect(Org.parse(patched.body)).toMatchObject({ name: 'Day Crew', plugins: ['builtin_work', 'heartbeat'] });
  });

  it('refuses a non-governance write with 403 ownership_mismatch naming who may; membership is not enough', async () => {
    const { worker, id, creator } = await setup();
    await kit.call('POST', `/api/v1/orgs/${id}/members`, { key: creator.key, json: { agent_id: worker.id } });
    const members = await kit.call<{ members: Array<{ agent_id: string; role: string }> }>('GET', `/api/v1/orgs/${id}/members`);
    expect(members.body.members).toEqual(expect.arrayContaining([expect.objectContaining({ agent_id: worker.id, role: 'worker' })]));
    for (const [method, path, json] of [
      ['POST', `/api/v1/orgs/${id}/work`, { title: 'Sneaky work' }],
      ['PATCH', `/api/v1/orgs/${id}`, { display_name: 'Taken' }],
      ['POST', `/api/v1/orgs/${id}/loop/tick`, {}],
      ['POST', `/api/v1/orgs/${id}/dissolve`, {}],
    ] as const) {
      const res = await kit.call(method, path, { key: worker.key, json });
      expect(res.status, path).toBe(403);
      expect(res.body).toMatchObject({ error_code: 'ownership_mismatch', details: { reason: 'not_creator', org_id: id } });
      expect(String(res.body.message)).toContain(`its creator, agent ${creator.id}`);
    }
    // Once claimed by an agent, the owner governs and the reason says so.
    await kit.call('POST', `/api/v1/orgs/${id}/transfer`, { key: creator.key, json: { kind: 'agent', subject: worker.id } });
    const now = await kit.call('POST', `/api/v1/orgs/${id}/work`, { key: creator.key, json: { title: 'Old boss' } });
    expect(now.body).toMatchObject({ error_code: 'ownership_mismatch', details: { reason: 'not_owner' } });
    expect((await kit.call('POST', `/api/v1/orgs/${id}/work`, { key: worker.key, json: { title: 'New boss' } })).status).toBe(200);
  });

  it('runs the work board: create with an assignee, move between any statuses, open-only filter, tick', async () => {
    const { creator, worker, id } = await setup();
    const a = WorkItem.parse((await kit.call('POST', `/api/v1/orgs/${id}/work`, { key: creator.key, json: { title: 'Write the spec', assignee_agent_id: worker.id } })).body);
    const b = WorkItem.parse((await kit.call('POST', `/api/v1/orgs/${id}/work`, { key: creator.key, json: { title: 'Review it', assignee: creator.id } })).body);
    expect(a).toMatchObject({ status: 'todo', assignee: worker.id });
    for (const status of ['in_progress', 'done', 'cancelled', 'todo', 'done'] as const) {
      expect(WorkItem.parse((await kit.call('PATCH', `/api/v1/orgs/${id}/work/${a.id}`, { key: creator.key, json: { status } })).body).status).toBe(status);
    }
    expect(WorkList.parse((await kit.call('GET', `/api/v1/orgs/${id}/work?open_only=true`)).body).work.map((w) => w.id)).toEqual([b.id]);
    expect(WorkList.parse((await kit.call('GET', `/api/v1/orgs/${id}/work`)).body).work).toHaveLength(2);
    const tick = TickResult.parse((await kit.call('POST', `/api/v1/orgs/${id}/loop/tick`, { key: creator.key, json: {} })).body);
    expect(tick).toMatchObject({ openCount: 1, workIds: [b.id], assignees: { [b.id]: creator.id } });
    expect((await kit.call('PATCH', `/api/v1/orgs/${id}/work/${a.id}`, { key: creator.key, json: { status: 'paused' } })).status).toBe(422);
  });

  it('moves through claim, transfer, release and dissolve; a dissolved org takes no writes', async () => {
    const { creator, worker, id } = await setup();
    const stranger = await kit.call('POST', `/api/v1/orgs/${id}/claim`, { key: worker.key, json: {} });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toMatchObject({ error_code: 'ownership_mismatch' });
    const claimed = Org.parse((await kit.call('POST', `/api/v1/orgs/${id}/claim`, { key: creator.key, json: {} })).body);
    expect(claimed.owner).toEqual({ kind: 'agent', subject: creator.id });
    expect((await kit.call('POST', `/api/v1/orgs/${id}/claim`, { key: creator.key, json: {} })).body).toMatchObject({ error_code: 'ORG_ALREADY_CLAIMED' });
    expect(Org.parse((await kit.call('POST', `/api/v1/orgs/${id}/release`, { key: creator.key, json: {} })).body).owner.kind).toBe('none');
    const dissolved = Org.parse((await kit.call('POST', `/api/v1/orgs/${id}/dissolve`, { key: creator.key, json: {} })).body);
    expect(dissolved.status).toBe('dissolved');
    const late = await kit.call('POST', `/api/v1/orgs/${id}/work`, { key: creator.key, json: { title: 'Too late' } });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error_code: 'ORG_DISSOLVED' });
  });
});

describe('org-paid rewards are held in escrow', () => {
  it('refuses without funds, locks on publish, releases on approval, refunds on cancel', async () => {
    const { creator, worker, id } = await setup();
    const wallet = async () => OrgWallet.parse((await kit.call('GET', `/api/v1/orgs/${id}/wallet`, { key: creator.key })).body);
    expect(await wallet()).toMatchObject({ exists: false, balance: 0 });
    expect((await kit.call('GET', `/api/v1/orgs/${id}/wallet`, { key: worker.key })).status).toBe(403);
    const broke = await kit.call('POST', `/api/v1/orgs/${id}/publish-task`, { key: creator.key, json: { title: 'Paid by org', reward: 30, pay_from: 'org' } });
    expect(broke.status).toBe(402);
    expect(broke.body).toMatchObject({ error_code: 'INSUFFICIENT_ORG_BALANCE', details: { required: 30 } });
    const agentKey = await kit.call('POST', `/sandbox/agentnet/internal/orgs/${id}/wallet/top-up`, { key: creator.key, json: { amount: 100 } });
    expect(agentKey.status).toBe(404);
    expect((await topUp(id, 100)).status).toBe(200);
    const paid = await kit.call('POST', `/api/v1/orgs/${id}/publish-task`, { key: creator.key, json: { title: 'Paid by org', description: 'do it', tags: ['x'], reward: '30', 'pay-from': 'org' } });
    expect(paid.body).toMatchObject({ status: 'open', reward: '30', pay_from: 'org', escrow: { status: 'held', amount: '30' }, metadata: { org_id: id }, subnet_id: null });
    expect(await wallet()).toMatchObject({ exists: true, balance: 70, held: 30 });
    const taskId = paid.body.task_id as string;
    await kit.call('POST', `/api/v1/tasks/${taskId}/accept`, { key: worker.key, json: {} });
    await kit.call('POST', `/api/v1/tasks/${taskId}/submit`, { key: worker.key, json: { submission: 'finished' } });
    const before = (await kit.call('GET', `/api/v1/agents/${worker.id}/wallets`, { key: worker.key })).body.credits as number;
    await kit.call('POST', `/api/v1/tasks/${taskId}/review`, { key: creator.key, json: { approved: true } });
    expect(await wallet()).toMatchObject({ balance: 70, held: 0 });
    expect((await kit.call('GET', `/api/v1/agents/${worker.id}/wallets`, { key: worker.key })).body.credits).toBe(before + 30);

    const second = await kit.call('POST', `/api/v1/orgs/${id}/publish-task`, { key: creator.key, json: { title: 'Cancelled later', reward: 20, pay_from: 'org', fence: true, create_work: true } });
    expect(await wallet()).toMatchObject({ balance: 50, held: 20 });
    expect(second.body.subnet_id).toBeTruthy();
    await kit.call('POST', `/api/v1/tasks/${second.body.task_id as string}/cancel`, { key: creator.key, json: {} });
    expect(await wallet()).toMatchObject({ balance: 70, held: 0 });
    const work = WorkList.parse((await kit.call('GET', `/api/v1/orgs/${id}/work`)).body).work;
    expect(work).toEqual([expect.objectContaining({ taskId: second.body.task_id, status: 'cancelled' })]);
    const free = await kit.call('POST', `/api/v1/orgs/${id}/publish-task`, { key: creator.key, json: { title: 'Agent pays', reward: 5 } });
    expect(free.body).toMatchObject({ pay_from: 'agent', escrow: { status: 'none' } });
  });

  it('imports a pool task as work, idempotently, linking it in task.metadata.org_work_id', async () => {
    const { creator, id } = await setup();
    const task = await kit.call('POST', '/api/v1/tasks', { key: creator.key, json: { title: 'Outside task', description: 'from the pool' } });
    const first = await kit.call('POST', `/api/v1/orgs/${id}/work/import-task`, { key: creator.key, json: { task_id: task.body.task_id } });
    const again = await kit.call('POST', `/api/v1/orgs/${id}/work/import-task`, { key: creator.key, json: { task_id: task.body.task_id } });
    expect(first.body).toMatchObject({ imported: true, task_id: task.body.task_id, status: 'todo' });
    expect(again.body).toMatchObject({ imported: false, work_id: first.body.work_id });
    expect((await kit.call('GET', `/api/v1/tasks/${task.body.task_id as string}`)).body).toMatchObject({ metadata: { org_work_id: first.body.work_id, org_id: id } });
  });
});
