import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SubnetJoinResult } from '../../contracts/agentnet';
import { parseErrorBody } from '../../contracts/errors';
import { Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

type Me = { id: string; key: string };
const joinSubnet = (me: Me, sid: string, json?: unknown) => kit.call('POST', `/api/v1/agents/${me.id}/subnets/${sid}`, { key: me.key, json });
const leave = (me: Me, sid: string) => kit.call('DELETE', `/api/v1/agents/${me.id}/subnets/${sid}`, { key: me.key });
const roles = async (sid: string) => {
  const res = await kit.call<{ agents: Array<{ agent_id: string; role: string }> }>('GET', `/api/v1/subnets/${sid}/agents`);
  return Object.fromEntries(res.body.agents.map((a) => [a.agent_id, a.role]));
};

describe('joining and leaving', () => {
  it('joins an open subnet at once (200) and leaves it', async () => {
    const owner = await kit.join('Open Owner');
    const guest = await kit.join('Open Guest');
    const sid = await kit.subnet(owner.key, { name: 'Open Hall' });
    const res = await joinSubnet(guest, sid);
    expect(res.status).toBe(200);
    expect(SubnetJoinResult.parse(res.body)).toMatchObject({ status: 'joined', requestId: null });
    expect(await roles(sid)).toEqual({ [owner.id]: 'owner', [guest.id]: 'member' });
    expect((await joinSubnet(guest, sid)).body.status).toBe('already_member');
    const mine = await kit.call<{ subnets: string[]; subnet_details: Array<{ id: string; role: string }> }>('GET', `/api/v1/agents/${guest.id}/subnets`);
    // Live answers ids (the official client reads strings); the records with the role come beside them.
    expect(mine.body.subnets).toEqual([sid]);
    expect(mine.body.subnet_details.map((s) => [s.id, s.role])).toEqual([[sid, 'member']]);
    expect((await leave(guest, sid)).body).toMatchObject({ status: 'left', subnet_id: sid });
    expect(await roles(sid)).toEqual({ [owner.id]: 'owner' });
    expect((await leave(guest, sid)).body).toMatchObject({ error_code: 'MEMBERSHIP_NOT_FOUND' });
    expect((await leave(owner, sid)).body).toMatchObject({ error_code: 'OWNER_CANNOT_LEAVE' });
    expect((await joinSubnet(guest, 'system')).body).toMatchObject({ details: { reason: 'reserved_subnet' } });
    expect((await kit.call('POST', `/api/v1/agents/${owner.id}/subnets/${sid}`, { key: guest.key })).status).toBe(403);
  });

  it('admits to a child only members of its parent; leaving the parent leaves the child', async () => {
    const owner = await kit.join('Nest Owner');
    const guest = await kit.join('Nest Guest');
    const top = await kit.subnet(owner.key, { name: 'Outer Ring' });
    const child = await kit.subnet(owner.key, { name: 'Inner Ring', parent_subnet_id: top });
    const refused = await joinSubnet(guest, child);
    expect(refused.status).toBe(403);
    expect(parseErrorBody(refused.status, refused.body)).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('parent_membership_required') });
    expect((await joinSubnet(guest, top)).status).toBe(200);
    expect((await joinSubnet(guest, child)).status).toBe(200);
    expect((await leave(guest, top)).body).toMatchObject({ status: 'left', left_children: [child] });
    expect(await roles(child)).toEqual({ [owner.id]: 'owner' });
  });
});

describe('approval subnets', () => {
  it('queues a join request (202) that the owner approves', async () => {
    const owner = await kit.join('Gate Keeper');
    const guest = await kit.join('Hopeful Guest');
    const sid = await kit.subnet(owner.key, { name: 'Gated Garden', join_policy: 'approval' });
    const queued = await joinSubnet(guest, sid, { note: 'I translate.' });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ status: 'pending', kind: 'join_request', agent_id: guest.id, note: 'I translate.', slug: sid });
    const requestId = queued.body.request_id as string;
    expect(SubnetJoinResult.parse(queued.body)).toMatchObject({ status: 'pending', requestId });
    // Asking again answers the same pending request.
    expect((await joinSubnet(guest, sid)).body.request_id).toBe(requestId);
    expect(await roles(sid)).toEqual({ [owner.id]: 'owner' });

    const notOwner = await kit.call('GET', `/api/v1/subnets/${sid}/join-requests`, { key: guest.key });
    expect(notOwner.body).toMatchObject({ details: { reason: 'not_owner' } });
    const listed = await kit.call('GET', `/api/v1/subnets/${sid}/join-requests`, { key: owner.key });
    expect(listed.body).toEqual({
      slug: sid,
      items: [expect.objectContaining({ request_id: requestId, slug: sid, kind: 'join_request', status: 'pending', agent_id: guest.id, note: 'I translate.', decided_at: null })],
    });
    const approved = await kit.call('POST', `/api/v1/subnets/${sid}/join-requests/${requestId}/approve`, { key: owner.key, json: { note: 'welcome' } });
    expect(approved.body).toMatchObject({ status: 'approved', decision_note: 'welcome' });
    expect(typeof approved.body.decided_at).toBe('string');
    expect(await roles(sid)).toEqual({ [owner.id]: 'owner', [guest.id]: 'member' });
    const twice = await kit.call('POST', `/api/v1/subnets/${sid}/join-requests/${requestId}/reject`, { key: owner.key });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error_code: 'JOIN_REQUEST_NOT_PENDING' });
    expect((await kit.call('POST', `/api/v1/subnets/${sid}/join-requests/jr_nope/approve`, { key: owner.key })).status).toBe(404);
  });

  it('lets the owner reject and the applicant withdraw', async () => {
    const owner = await kit.join('Strict Owner');
    const a = await kit.join('First Applicant');
    const b = await kit.join('Second Applicant');
    const sid = await kit.subnet(owner.key, { name: 'Strict Club', join_policy: 'approval' });
    const ra = (await joinSubnet(a, sid)).body.request_id as string;
    const rb = (await joinSubnet(b, sid)).body.request_id as string;
    expect((await kit.call('POST', `/api/v1/subnets/${sid}/join-requests/${ra}/reject`, { key: owner.key })).body.status).toBe('rejected');
    expect((await kit.call('DELETE', `/api/v1/subnets/${sid}/join-requests/${rb}`, { key: a.key })).body).toMatchObject({ details: { reason: 'not_applicant' } });
    expect((await kit.call('DELETE', `/api/v1/subnets/${sid}/join-requests/${rb}`, { key: b.key })).body.status).toBe('withdrawn');
    expect(await roles(sid)).toEqual({ [owner.id]: 'owner' });
    // A rejected applicant may ask again: a new request.
    expect((await joinSubnet(a, sid)).body.request_id).not.toBe(ra);
  });

  it('admits allowlisted and invited agents directly (200)', async () => {
    const owner = await kit.join('Inviting Owner');
    const listed = await kit.join('Listed Agent');
    const invited = await kit.join('Invited Agent');
    const sid = await kit.subnet(owner.key, { name: 'Private Lounge', join_policy: 'approval', private: true });
    // (Allowlist and invitation operations are not served yet: set up in the store.)
    kit.db.prepare(`INSERT INTO agentnet_allowlist (subnet_id, agent_id, added_at) VALUES (?, ?, 0)`).run(sid, listed.id);
    kit.db
      .prepare(`INSERT INTO agentnet_admissions (request_id, subnet_id, agent_id, kind, status, created_at) VALUES ('inv_1', ?, ?, 'invitation', 'pending', 0)`)
      .run(sid, invited.id);
    expect((await joinSubnet(listed, sid)).body).toMatchObject({ status: 'joined', via: 'allowlist' });
    const viaInvite = await joinSubnet(invited, sid);
    expect(viaInvite.status).toBe(200);
    expect(SubnetJoinResult.parse(viaInvite.body)).toMatchObject({ status: 'joined', requestId: 'inv_1', autoResolved: true });
    const items = (await kit.call<{ items: Array<{ kind: string; status: string }> }>('GET', `/api/v1/subnets/${sid}/join-requests`, { key: owner.key })).body.items;
    expect(items.map((i) => [i.kind, i.status]).sort()).toEqual([
      ['allowlist_auto', 'approved'],
      ['invitation', 'approved'],
    ]);
  });
});
