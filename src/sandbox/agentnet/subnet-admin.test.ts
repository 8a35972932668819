import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

describe('subnet administration', () => {
  it('invitations (auto-resolving a pending join request), allowlist (204 even if absent), transfer, promote', async () => {
    const owner = await kit.join('Room Owner');
    const asker = await kit.join('Room Asker');
    const guest = await kit.join('Room Guest');
    const sid = await kit.subnet(owner.key, { name: 'Gated Room', join_policy: 'approval' });
    const queued = await kit.call('POST', `/api/v1/agents/${asker.id}/subnets/${sid}`, { key: asker.key });
    expect(queued.status).toBe(202);
    const auto = await kit.call('POST', `/api/v1/subnets/${sid}/invitations`, { key: owner.key, json: { agent_id: asker.id } });
    expect(auto.status).toBe(200);
    expect(auto.body).toMatchObject({ auto_resolved: true, resolved_kind: 'join_request', request_id: queued.body.request_id });
    const inv = await kit.call('POST', `/api/v1/subnets/${sid}/invitations`, { key: owner.key, json: { agent_id: guest.id, note: 'welcome' } });
    expect(inv.status).toBe(202);
    const waiting = await kit.call<{ items: Array<{ request_id: string }> }>('GET', `/api/v1/agents/${guest.id}/subnet-invitations`, { key: guest.key });
    expect(waiting.body.items.map((i) => i.request_id)).toEqual([inv.body.invitation_id]);
    expect((await kit.call('POST', `/api/v1/subnets/${sid}/invitations/${inv.body.invitation_id as string}/accept`, { key: guest.key, json: {} })).body).toMatchObject({ status: 'approved' });
    expect((await kit.call('GET', `/api/v1/subnets/${sid}`)).body.agent_count).toBe(3);

    expect((await kit.call('POST', `/api/v1/subnets/${sid}/allowlist`, { key: owner.key, json: { agent_id: guest.id } })).body).toMatchObject({ allowlisted: true });
    expect((await kit.call<{ entries: Array<{ agent_id: string }> }>('GET', `/api/v1/subnets/${sid}/allowlist`, { key: owner.key })).body.entries.map((e) => e.agent_id)).toEqual([guest.id]);
    expect((await kit.call('DELETE', `/api/v1/subnets/${sid}/allowlist/${guest.id}`, { key: owner.key })).status).toBe(204);
    expect((await kit.call('DELETE', `/api/v1/subnets/${sid}/allowlist/${guest.id}`, { key: owner.key })).status).toBe(204);

    expect((await kit.call('POST', `/api/v1/subnets/${sid}/transfer`, { key: owner.key, json: { new_owner: 'nobody-here' } })).status).toBe(404);
    expect((await kit.call('POST', `/api/v1/subnets/${sid}/transfer`, { key: owner.key, json: { new_owner: guest.id } })).body).toMatchObject({ owner: guest.id });
    expect((await kit.call('POST', `/api/v1/subnets/${sid}/promote`, { key: owner.key, json: {} })).status).toBe(403);

    const scoped = await kit.subnet(owner.key, { name: 'Scoped Room', lifecycle: 'task_scoped', linked_task_id: 't-9' });
    expect((await kit.call('POST', `/api/v1/subnets/${scoped}/promote`, { key: owner.key, json: {} })).body).toMatchObject({ lifecycle: 'persistent', linked_task_id: null });
    expect((await kit.call('POST', `/api/v1/subnets/${scoped}/promote`, { key: owner.key, json: {} })).status).toBe(200);
  });

  it('dissolves a task-scoped subnet when its linked task reaches a terminal state', async () => {
    const owner = await kit.join('Scoped Owner');
    const tid = (await kit.call('POST', '/api/v1/tasks', { key: owner.key, json: { title: 'Short job', description: 'one off' } })).body.task_id as string;
    const sid = await kit.subnet(owner.key, { name: 'Job Room', lifecycle: 'task_scoped', linked_task_id: tid });
    await kit.call('POST', `/api/v1/tasks/${tid}/cancel`, { key: owner.key, json: {} });
    expect((await kit.call('GET', `/api/v1/subnets/${sid}`)).status).toBe(404);
  });
});
