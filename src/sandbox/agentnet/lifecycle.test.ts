import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseErrorBody } from '../../contracts/errors';
import { Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

const statusOf = async (id: string) => (await kit.call('GET', `/api/v1/agents/${id}`)).body.status;
const inDirectory = async (id: string, status?: string) => {
  const res = await kit.call<{ agents: Array<{ agent_id: string }> }>('GET', `/api/v1/agents?limit=500${status ? `&status=${status}` : ''}`);
  return res.body.agents.some((a) => a.agent_id === id);
};

describe('online and offline on the sandbox clock', () => {
  it('gives a new agent 30 minutes of grace, then 60 minutes of silence make it offline', async () => {
    const a = await kit.join('Quiet Agent');
    kit.minutes(89);
    expect(await statusOf(a.id)).toBe('online');
    kit.minutes(2);
    expect(await statusOf(a.id)).toBe('offline');
    expect(await inDirectory(a.id)).toBe(false);
    expect(await inDirectory(a.id, 'offline')).toBe(true);
    expect(await inDirectory(a.id, 'all')).toBe(true);
  });

  it('renews on any authenticated request, never on anonymous reads', async () => {
    const a = await kit.join('Busy Agent');
    kit.minutes(100);
    expect(await statusOf(a.id)).toBe('offline');
    // Anonymous reads (details, directory) change nothing.
    await kit.call('GET', `/api/v1/agents/${a.id}`);
    await kit.call('GET', '/api/v1/agents');
    expect(await statusOf(a.id)).toBe('offline');
    // An authenticated read brings it back and renews for 60 minutes.
    expect((await kit.call('GET', '/api/v1/subnets?scope=mine', { key: a.key })).status).toBe(200);
    expect(await statusOf(a.id)).toBe('online');
    expect(await inDirectory(a.id)).toBe(true);
    const seen = (await kit.call('GET', `/api/v1/agents/${a.id}`)).body.last_seen as string;
    expect(Date.parse(seen)).toBeCloseTo(kit.clock.now(), -3);
    kit.minutes(59);
    expect(await statusOf(a.id)).toBe('online');
    kit.minutes(2);
    expect(await statusOf(a.id)).toBe('offline');
  });

  it('heartbeat keeps an agent online and reports last_seen', async () => {
    const a = await kit.join('Pulse Agent');
    for (let i = 0; i < 4; i++) {
      kit.minutes(50);
      const hb = await kit.call('POST', `/api/v1/agents/${a.id}/heartbeat`, { key: a.key });
      expect(hb.status).toBe(200);
      expect(hb.body).toMatchObject({ agent_id: a.id, status: 'online' });
      expect(Date.parse(hb.body.last_seen as string)).toBeCloseTo(kit.clock.now(), -3);
    }
    expect(await statusOf(a.id)).toBe('online');
    const other = await kit.join('Other Agent');
    const res = await kit.call('POST', `/api/v1/agents/${other.id}/heartbeat`, { key: a.key });
    expect(res.status).toBe(403);
    expect(parseErrorBody(res.status, res.body)).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('not_own_agent') });
  });
});

describe('keys', () => {
  it('rotate-key answers a new key once; the old one is 401 at once', async () => {
    const a = await kit.join('Rotating Agent');
    const res = await kit.call('POST', `/api/v1/agents/${a.id}/rotate-key`, { key: a.key });
    expect(res.status).toBe(200);
    const fresh = res.body.api_key as string;
    expect(fresh).toMatch(/^acn_/);
    expect(fresh).not.toBe(a.key);
    const old = await kit.call('POST', `/api/v1/agents/${a.id}/heartbeat`, { key: a.key });
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ detail: 'Invalid API key' });
    expect((await kit.call('POST', `/api/v1/agents/${a.id}/heartbeat`, { key: fresh })).status).toBe(200);
    expect((await kit.call('GET', `/api/v1/agents/${a.id}`, { key: fresh })).text).not.toContain(fresh);
  });

  it('needs a key for writes: 401 {detail} without one', async () => {
    const a = await kit.join('Keyless Agent');
    const res = await kit.call('PATCH', `/api/v1/agents/${a.id}/profile`, { json: { description: 'x' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(parseErrorBody(res.status, res.body)).toMatchObject({ code: 'unauthenticated', message: expect.stringContaining('Missing API key') });
  });
});

describe('deletion', () => {
  it('deletes an unclaimed agent at once', async () => {
    const a = await kit.join('Leaving Agent');
    const res = await kit.call('POST', `/api/v1/agents/${a.id}/deletion-request`, { key: a.key });
    expect(res.body).toEqual({ agent_id: a.id, status: 'deleted' });
    const gone = await kit.call('GET', `/api/v1/agents/${a.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ detail: 'Agent not found' });
    expect((await kit.call('POST', `/api/v1/agents/${a.id}/heartbeat`, { key: a.key })).status).toBe(401);
  });

  it('is refused with 409 while the agent owns a subnet', async () => {
    const a = await kit.join('Owning Agent');
    const sid = await kit.subnet(a.key, { name: 'Owned Place' });
    const res = await kit.call('POST', `/api/v1/agents/${a.id}/deletion-request`, { key: a.key });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error_code: 'AGENT_OWNS_SUBNETS', details: { subnets: [sid] } });
    expect(typeof res.body.request_id).toBe('string');
    expect((await kit.call('DELETE', `/api/v1/subnets/${sid}`, { key: a.key })).status).toBe(200);
    expect((await kit.call('POST', `/api/v1/agents/${a.id}/deletion-request`, { key: a.key })).body.status).toBe('deleted');
  });

  it('a claimed agent waits for confirmation and can cancel', async () => {
    const a = await kit.join('Claimed Agent');
    kit.db.prepare(`UPDATE agentnet_agents SET claim_status = 'claimed' WHERE agent_id = ?`).run(a.id); // claiming needs an owner token
    const res = await kit.call('POST', `/api/v1/agents/${a.id}/deletion-request`, { key: a.key });
    expect(res.body).toMatchObject({ status: 'pending_confirmation', confirm_url: expect.stringContaining('/confirm') });
    expect(Date.parse(res.body.expires_at as string) - kit.clock.now()).toBeCloseTo(72 * 3_600_000, -4);
    expect((await kit.call('GET', `/api/v1/agents/${a.id}`)).body.pending_deletion).toMatchObject({ expires_at: res.body.expires_at });
    const cancel = await kit.call('DELETE', `/api/v1/agents/${a.id}/deletion-request`, { key: a.key });
    expect(cancel.body).toMatchObject({ status: 'cancelled' });
    expect((await kit.call('GET', `/api/v1/agents/${a.id}`)).body.pending_deletion).toBe(false);
    const again = await kit.call('DELETE', `/api/v1/agents/${a.id}/deletion-request`, { key: a.key });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error_code: 'DELETION_REQUEST_NOT_FOUND' });
  });
});
