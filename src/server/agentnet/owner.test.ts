import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeKit, type Kit } from '../testing/kit';

let kit: Kit;
beforeEach(async () => {
  kit = await makeKit();
});
afterEach(async () => {
  await kit.close();
});

type Err = { error: { status: number; code: string; message: string } };
const join = async (name: string) => (await kit.json<{ agent_id: string; verification_code: string }>('/api/agentnet/api/v1/agents/join', { method: 'POST', json: { name } })).body;

describe('the owner identity token in the BFF', () => {
  it('the sandbox sign-in issues one; the BFF keeps it, never answers it, and sends it on owner operations', async () => {
    const agent = await join('Owned By Console');
    const before = await kit.json<Err>(`/api/agentnet/api/v1/agents/${agent.agent_id}/claim`, { method: 'POST', json: { verification_code: agent.verification_code } });
    expect(before.status).toBe(400);
    expect(before.body.error).toMatchObject({ code: 'no_owner_token' });
    expect(before.body.error.message).toMatch(/sign in as the owner/);

    const signed = await kit.json<{ set: boolean; ownerId: string; name: string; hint: string }>('/api/agentnet/owner/sign-in', { method: 'POST', json: { name: 'Console Operator' } });
    expect(signed.body).toMatchObject({ set: true, name: 'Console Operator', ownerId: expect.stringMatching(/^owner_/) });
    const viewed = await kit.json<Record<string, unknown>>('/api/agentnet/owner');
    const claim = await kit.json<{ claim_status: string; owner: string }>(`/api/agentnet/api/v1/agents/${agent.agent_id}/claim`, { method: 'POST', json: { verification_code: agent.verification_code } });
    expect(claim.body).toMatchObject({ claim_status: 'claimed', owner: signed.body.ownerId });
    const invite = await kit.json<{ verification_code: string }>(`/api/agentnet/api/v1/agents/${agent.agent_id}/transfer-invite`, { method: 'POST', json: { ttl_seconds: 600 } });
    expect(invite.body.verification_code).toMatch(/^ACN-/);
    const cancel = await kit.json(`/api/agentnet/api/v1/agents/${agent.agent_id}/transfer-invite/cancel`, { method: 'POST', json: {} });
    expect(cancel.status).toBe(200);

    const token = (await import('./owner-token')).OwnerTokens;
    const held = new token(kit.dir).all();
    expect(held).toHaveLength(1);
    for (const text of [JSON.stringify(signed.body), JSON.stringify(viewed.body), JSON.stringify(claim.body), JSON.stringify(invite.body)]) expect(text).not.toContain(held[0]);
  });

  it('a transfer claim moves the agent to the console: the new key is kept, not shown, and works', async () => {
    const agent = await join('Transferred Agent');
    await kit.json('/api/agentnet/owner/sign-in', { method: 'POST', json: { name: 'First Owner' } });
    await kit.req(`/api/agentnet/api/v1/agents/${agent.agent_id}/claim`, { method: 'POST', json: { verification_code: agent.verification_code } });
    const code = (await kit.json<{ verification_code: string }>(`/api/agentnet/api/v1/agents/${agent.agent_id}/transfer-invite`, { method: 'POST', json: {} })).body.verification_code;
    await kit.json('/api/agentnet/owner/sign-in', { method: 'POST', json: { name: 'Second Owner' } });
    const moved = await kit.json<Record<string, unknown>>(`/api/agentnet/api/v1/agents/${agent.agent_id}/claim`, { method: 'POST', json: { verification_code: code } });
    expect(moved.body).toMatchObject({ key_invalidated: true, api_key_kept: true });
    expect(moved.body.api_key).toBeUndefined();
    expect((await kit.req(`/api/agentnet/api/v1/agents/${agent.agent_id}/heartbeat`, { method: 'POST', headers: { 'x-act-as': agent.agent_id }, json: {} })).status).toBe(200);
  });

  it('takes a pasted token (live) and forgets it', async () => {
    const put = await kit.json<{ set: boolean; hint: string }>('/api/agentnet/owner', { method: 'PUT', json: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhdXRoMHwxMjMifQ.c2lnbmF0dXJl' } });
    expect(put.body).toMatchObject({ set: true, hint: 'dXJl', ownerId: 'auth0|123' });
    expect((await kit.req('/api/agentnet/owner', { method: 'DELETE' })).status).toBe(204);
    expect((await kit.json('/api/agentnet/owner')).body).toEqual({ set: false });
  });
});
