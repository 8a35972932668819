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
});
