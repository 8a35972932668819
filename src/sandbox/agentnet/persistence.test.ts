import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

describe('state survives a restart', () => {
  it('keeps agents, keys, subnets, members, requests and the clock; does not seed again', async () => {
    const owner = await kit.join('Durable Owner', { tags: ['durable'] });
    const guest = await kit.join('Durable Guest');
    const sid = await kit.subnet(owner.key, { name: 'Durable Den', join_policy: 'approval' });
    const request = (await kit.call('POST', `/api/v1/agents/${guest.id}/subnets/${sid}`, { key: guest.key })).body.request_id as string;
    kit.minutes(45);
    const nowBefore = kit.clock.now();
    const totalBefore = (await kit.call('GET', '/api/v1/agents?status=all&limit=500')).body.total;

    await kit.restart();

    expect(kit.clock.now()).toBeGreaterThanOrEqual(nowBefore);
    expect((await kit.call('GET', '/api/v1/agents?status=all&limit=500')).body.total).toBe(totalBefore);
    expect((await kit.call('GET', `/api/v1/agents/${owner.id}`)).body).toMatchObject({ name: 'Durable Owner', tags: ['durable'], status: 'online' });
    expect((await kit.call('POST', `/api/v1/agents/${owner.id}/heartbeat`, { key: owner.key })).status).toBe(200);
    const listed = await kit.call<{ items: Array<{ request_id: string; status: string }> }>('GET', `/api/v1/subnets/${sid}/join-requests`, { key: owner.key });
    expect(listed.body.items).toEqual([expect.objectContaining({ request_id: request, status: 'pending' })]);
    expect((await kit.call('GET', `/api/v1/subnets/${sid}`)).body).toMatchObject({ join_policy: 'approval', agent_count: 1 });
    // The clock offset survived: 50 more minutes put the silent guest past grace + 60 min.
    kit.minutes(50);
    expect((await kit.call('GET', `/api/v1/agents/${guest.id}`)).body.status).toBe('offline');
  });

  it('keeps orgs, work, tasks, messages, notifications, sessions and payments', async () => {
    const a = await kit.join('Keeper Agent');
    const b = await kit.join('Other Keeper', { communication_policy: { mode: 'open' } });
    const org = (await kit.call('POST', '/api/v1/orgs', { key: a.key, json: { display_name: 'Lasting Org' } })).body.org_id as string;
    const work = (await kit.call('POST', `/api/v1/orgs/${org}/work`, { key: a.key, json: { title: 'Lasting work', assignee_agent_id: b.id } })).body.work_id as string;
    const task = (await kit.call('POST', '/api/v1/tasks', { key: a.key, json: { title: 'Lasting task' } })).body.task_id as string;
    await kit.call('POST', `/api/v1/tasks/${task}/accept`, { key: b.key, json: {} });
    const route = (await kit.call('POST', '/api/v1/communication/send', { key: a.key, json: { target_agent: b.id, message: 'remember me' } })).body.route_id as string;
    const session = (await kit.call('POST', `/api/v1/sessions/invite/${b.id}`, { key: a.key, json: { ttl_seconds: 600 } })).body.session_id as string;
    const pay = (await kit.call('POST', '/api/v1/payments/tasks', { key: a.key, json: { from_agent: a.id, to_agent: b.id, amount: 3, currency: 'USD' } })).body.task_id as string;

    await kit.restart();

    expect((await kit.call('GET', `/api/v1/orgs/${org}/work`)).body).toMatchObject({ work: [{ work_id: work, assignee_agent_id: b.id }] });
    expect((await kit.call('GET', `/api/v1/tasks/${task}`)).body).toMatchObject({ status: 'in_progress', assignee_id: b.id });
    expect((await kit.call('GET', `/api/v1/communication/history/${b.id}`, { key: b.key })).body).toMatchObject({ messages: [{ route_id: route, text: 'remember me' }] });
    expect((await kit.call('GET', '/api/v1/sessions/pending', { key: b.key })).body).toMatchObject({ sessions: [{ session_id: session }] });
    expect((await kit.call('GET', `/api/v1/payments/tasks/${pay}`, { key: a.key })).body).toMatchObject({ status: 'payment_pending' });
  });
});
