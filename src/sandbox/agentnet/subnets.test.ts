import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Subnet, SubnetList } from '../../contracts/agentnet';
import { parseErrorBody } from '../../contracts/errors';
import { Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

const create = (key: string, json: unknown) => kit.call('POST', '/api/v1/subnets', { key, json });

describe('creating subnets', () => {
  it('makes the creator owner and member, with a unique slug from the name', async () => {
    const a = await kit.join('Founder Agent');
    const res = await create(a.key, { name: 'Night Shift Crew', description: 'after hours' });
    expect(res.status).toBe(201);
    expect(Subnet.parse(res.body)).toMatchObject({ id: 'night-shift-crew', owner: a.id, agentCount: 1, joinPolicy: 'open', parentId: null, lifecycle: 'persistent' });
    expect((await create(a.key, { name: 'Night Shift Crew' })).body.subnet_id).toBe('night-shift-crew-2');
    const members = await kit.call('GET', '/api/v1/subnets/night-shift-crew/agents');
    expect(members.body).toMatchObject({ count: 1, agents: [{ agent_id: a.id, role: 'owner' }] });
    const dup = await create(a.key, { name: 'Again', subnet_id: 'night-shift-crew' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error_code: 'SUBNET_EXISTS' });
    expect((await create('', { name: 'Anonymous' })).status).toBe(401);
    const task = await create(a.key, { name: 'Task Room', lifecycle: 'task_scoped' });
    expect(task.status).toBe(422);
    expect(parseErrorBody(422, task.body)).toMatchObject({ field: 'linked_task_id' });
    expect((await create(a.key, { name: 'Task Room', lifecycle: 'task_scoped', linked_task_id: 't-1' })).body).toMatchObject({ lifecycle: 'task_scoped', linked_task_id: 't-1' });
  });

  it('nests one level only; reserved subnets are never parents nor ids', async () => {
    const a = await kit.join('Nesting Agent');
    const top = await kit.subnet(a.key, { name: 'Top Level', subnet_id: 'top-level' });
    const child = await kit.subnet(a.key, { name: 'Child', subnet_id: 'child-one', parent_subnet_id: top });
    expect((await kit.call('GET', `/api/v1/subnets/${child}`)).body).toMatchObject({ parent_id: top, parent_subnet_id: top });
    const grandchild = await create(a.key, { name: 'Grandchild', parent_subnet_id: child });
    expect(grandchild.status).toBe(400);
    expect(grandchild.body).toMatchObject({ error_code: 'SUBNET_NESTING_TOO_DEEP' });
    for (const parent of ['public', 'system']) {
      const res = await create(a.key, { name: 'Under Reserved', parent_subnet_id: parent });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error_code: 'RESERVED_SUBNET_PARENT' });
    }
    expect((await create(a.key, { name: 'Fake Public', subnet_id: 'public' })).body).toMatchObject({ error_code: 'RESERVED_SUBNET' });
    const missing = await create(a.key, { name: 'Orphan', parent_subnet_id: 'no-such-parent' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error_code: 'SUBNET_NOT_FOUND' });
    const children = await kit.call('GET', `/api/v1/subnets/${top}/children`);
    expect(SubnetList.parse(children.body).subnets.map((s) => s.id)).toEqual([child]);
    expect((await kit.call('GET', `/api/v1/subnets?parent_id=${top}`)).body.count).toBe(1);
    // Only members of the parent can nest under it.
    const b = await kit.join('Outsider Agent');
    const outsider = await create(b.key, { name: 'Squatter', parent_subnet_id: top });
    expect(outsider.status).toBe(403);
    expect(outsider.body).toMatchObject({ details: { reason: 'not_parent_member' } });
  });

  it('keeps join_policy and parent immutable: there is no update', async () => {
    const a = await kit.join('Immutable Agent');
    const sid = await kit.subnet(a.key, { name: 'Fixed Rules', join_policy: 'approval' });
    for (const method of ['PATCH', 'PUT']) {
      const res = await kit.call(method, `/api/v1/subnets/${sid}`, { key: a.key, json: { join_policy: 'open', parent_subnet_id: null } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, DELETE');
      expect(parseErrorBody(res.status, res.body).message).toContain('immutable');
    }
    expect((await kit.call('GET', `/api/v1/subnets/${sid}`)).body).toMatchObject({ join_policy: 'approval', parent_id: null });
  });

  it('deletes for the owner only, never reserved ones, and not while it has children', async () => {
    const a = await kit.join('Deleting Agent');
    const b = await kit.join('Bystander Agent');
    const top = await kit.subnet(a.key, { name: 'Parent Place' });
    const child = await kit.subnet(a.key, { name: 'Child Place', parent_subnet_id: top });
    const notOwner = await kit.call('DELETE', `/api/v1/subnets/${top}`, { key: b.key });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body).toMatchObject({ details: { reason: 'not_owner' } });
    const withChild = await kit.call('DELETE', `/api/v1/subnets/${top}`, { key: a.key });
    expect(withChild.status).toBe(409);
    expect(withChild.body).toMatchObject({ error_code: 'SUBNET_HAS_CHILDREN', details: { children: [child] } });
    expect((await kit.call('DELETE', `/api/v1/subnets/${child}`, { key: a.key })).status).toBe(200);
    expect((await kit.call('DELETE', `/api/v1/subnets/${top}`, { key: a.key })).body).toEqual({ subnet_id: top, status: 'deleted' });
    expect((await kit.call('GET', `/api/v1/subnets/${top}`)).status).toBe(404);
    expect((await kit.call('DELETE', '/api/v1/subnets/public', { key: a.key })).body).toMatchObject({ error_code: 'RESERVED_SUBNET' });
  });
});

describe('private subnets', () => {
  it('answer anonymous callers and non-members exactly what a missing subnet answers', async () => {
    const owner = await kit.join('Secret Keeper');
    const stranger = await kit.join('Curious Stranger');
    const sid = await kit.subnet(owner.key, { name: 'Hidden Room', subnet_id: 'hidden-room', private: true });
    const headers = { 'x-request-id': 'req-compare-1' };
    const paths = ['', '/agents', '/children', '/join-requests'];
    const look = (key?: string) => Promise.all(paths.map((p) => kit.call('GET', `/api/v1/subnets/${sid}${p}`, { headers, key })));
    const [hidden, asStranger] = [await look(), await look(stranger.key)];
    const join = await kit.call('POST', `/api/v1/agents/${stranger.id}/subnets/${sid}`, { key: stranger.key, headers });
    // The owner sees it in full.
    expect((await kit.call('GET', `/api/v1/subnets/${sid}`, { key: owner.key })).body).toMatchObject({ private: true, owner: owner.id });
    expect((await kit.call('DELETE', `/api/v1/subnets/${sid}`, { key: owner.key })).status).toBe(200);
    const [missing, missingAsStranger] = [await look(), await look(stranger.key)];
    for (const [i, res] of hidden.entries()) {
      // (join-requests needs a key before anything else: 401 anonymous, for both.)
      expect(res.status).toBe(paths[i] === '/join-requests' ? 401 : 404);
      expect(res.text).toBe(missing[i]?.text);
      expect(res.headers.get('content-length')).toBe(missing[i]?.headers.get('content-length'));
      expect(asStranger[i]?.status).toBe(404);
      expect(asStranger[i]?.text).toBe(missingAsStranger[i]?.text);
    }
    expect(join.status).toBe(404);
    expect(join.text).toBe(missing[0]?.text);
    expect(JSON.parse(missing[0]?.text ?? '{}')).toMatchObject({ error_code: 'SUBNET_NOT_FOUND', request_id: 'req-compare-1' });
    // Lists leave it out for anyone but members.
    const secret = await kit.subnet(owner.key, { name: 'Second Secret', private: true });
    expect((await kit.call<{ subnets: Array<{ id: string }> }>('GET', '/api/v1/subnets', { key: stranger.key })).body.subnets.some((s) => s.id === secret)).toBe(false);
    expect((await kit.call<{ subnets: Array<{ id: string }> }>('GET', '/api/v1/subnets?scope=mine', { key: owner.key })).body.subnets.map((s) => s.id)).toEqual([secret]);
    expect((await kit.call('GET', '/api/v1/subnets?scope=mine')).status).toBe(401);
  });
});
