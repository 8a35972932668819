import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

const signIn = async (name: string) => {
  const res = await kit.app.request('http://127.0.0.1/sandbox/agentnet/owner/sign-in', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  return ((await res.json()) as { owner_token: string; owner: { id: string } });
};

describe('owner flows with the sandbox owner token', () => {
  it('claims with the verification code; transfer invite and code move the agent and rotate its key', async () => {
    const alice = await signIn('Alice Owner');
    const bob = await signIn('Bob Owner');
    const agent = await kit.join('Owned Helper');
    const code = agent.answer.verification_code as string;
    expect((await kit.call('POST', `/api/v1/agents/${agent.id}/claim`, { key: agent.key, json: { verification_code: code } })).status).toBe(401);
    expect((await kit.call('POST', `/api/v1/agents/${agent.id}/claim`, { key: alice.owner_token, json: { verification_code: 'ACN-WRONG-CODE' } })).body).toMatchObject({ error_code: 'INVALID_VERIFICATION_CODE' });
    expect((await kit.call('POST', `/api/v1/agents/${agent.id}/claim`, { key: alice.owner_token, json: { verification_code: code } })).body).toMatchObject({ success: true, owner: alice.owner.id, claim_status: 'claimed' });
    expect((await kit.call('GET', `/api/v1/agents/${agent.id}`)).body.claim_status).toBe('claimed');
    expect((await kit.call('POST', `/api/v1/agents/${agent.id}/transfer-invite`, { key: bob.owner_token, json: {} })).status).toBe(403);
    const invite = await kit.call('POST', `/api/v1/agents/${agent.id}/transfer-invite`, { key: alice.owner_token, json: { ttl_seconds: 3600 } });
    expect(invite.body).toMatchObject({ verification_code: expect.stringMatching(/^ACN-/), expires_at: expect.any(String) });
    expect((await kit.call('GET', `/api/v1/agents/${agent.id}`)).body.claim_status).toBe('pending_transfer');
    const moved = await kit.call('POST', `/api/v1/agents/${agent.id}/claim`, { key: bob.owner_token, json: { verification_code: invite.body.verification_code } });
    expect(moved.body).toMatchObject({ owner: bob.owner.id, key_invalidated: true, api_key: expect.stringMatching(/^acn_/) });
    expect((await kit.call('POST', `/api/v1/agents/${agent.id}/heartbeat`, { key: agent.key })).status).toBe(401);
    expect((await kit.call('POST', `/api/v1/agents/${agent.id}/heartbeat`, { key: moved.body.api_key as string })).status).toBe(200);
  });

  it('a claimed agent asks for deletion; only its owner confirms with the token', async () => {
    const owner = await signIn('Careful Owner');
    const agent = await kit.join('Retiring Agent');
    await kit.call('POST', `/api/v1/agents/${agent.id}/claim`, { key: owner.owner_token, json: { verification_code: agent.answer.verification_code } });
    const req = await kit.call('POST', `/api/v1/agents/${agent.id}/deletion-request`, { key: agent.key, json: {} });
    expect(req.body).toMatchObject({ status: 'pending_confirmation', confirm_url: expect.stringContaining('token=') });
    const token = req.body.confirm_token as string;
    const other = await signIn('Someone Else');
    expect((await kit.call('POST', `/api/v1/agents/${agent.id}/deletion-request/confirm`, { key: other.owner_token, json: { token } })).status).toBe(403);
    expect((await kit.call('POST', `/api/v1/agents/${agent.id}/deletion-request/confirm`, { key: owner.owner_token, json: { token: 'del_wrong' } })).status).toBe(400);
    expect((await kit.call('POST', `/api/v1/agents/${agent.id}/deletion-request/confirm`, { key: owner.owner_token, json: { token } })).body).toMatchObject({ status: 'deleted' });
    expect((await kit.call('GET', `/api/v1/agents/${agent.id}`)).status).toBe(404);
  });
});
