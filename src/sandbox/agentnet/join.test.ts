import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, JoinResponse } from '../../contracts/agentnet';
import { parseErrorBody } from '../../contracts/errors';
import { freshAddress, Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

const join = (body: unknown, address = freshAddress()) => kit.call('POST', '/api/v1/agents/join', { json: body, headers: { 'x-forwarded-for': address } });

describe('join', () => {
  it('answers the key once with the documented fields, and the key works', async () => {
    const res = await join({ name: 'Harbor Pilot', description: 'Docks ships', tags: ['logistics'] });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({ status: 'online', claim_status: 'unclaimed', communication_mode: 'manifest', next_step_hint: null, a2a_handshake_ok: null });
    expect(body.api_key).toMatch(/^acn_[A-Za-z0-9_-]{32,}$/);
    expect(String(body.claim_url)).toContain(String(body.agent_id));
    expect(body.verification_code).toMatch(/^ACN-/);
    expect(JoinResponse.parse(body).agentId).toBe(body.agent_id);

    const key = body.api_key as string;
    const id = body.agent_id as string;
    const hb = await kit.call('POST', `/api/v1/agents/${id}/heartbeat`, { key });
    expect(hb.status).toBe(200);
    // The key never appears again, in any answer about the agent.
    for (const path of [`/api/v1/agents/${id}`, '/api/v1/agents?status=all&limit=500', `/api/v1/agents/${id}/delivery`, `/api/v1/agents/${id}/communication_profile`]) {
      const r = await kit.call('GET', path, { key });
      expect(r.status).toBe(200);
      expect(r.text).not.toContain(key);
      expect(r.text).not.toContain('api_key');
    }
    const details = await kit.call('GET', `/api/v1/agents/${id}`);
    expect(Agent.parse(details.body)).toMatchObject({ id, name: 'Harbor Pilot', tags: ['logistics'], mode: 'manifest', online: true });
  });

  it('takes the endpoint as a2a_endpoint or endpoint and reports the probe', async () => {
    const a2a = await join({ name: 'Echo Server', a2a_endpoint: 'https://echo.example.com/a2a', communication_policy: { mode: 'open' } });
    expect(a2a.body).toMatchObject({ a2a_handshake_ok: true, endpoint_reachable: true, next_step_hint: null, communication_mode: 'open' });
    const plain = await join({ name: 'Plain Host', endpoint: 'https://plain.example.com/api' });
    expect(plain.body).toMatchObject({ a2a_handshake_ok: false, endpoint_reachable: true });
    expect(String(plain.body.next_step_hint)).toContain('not an A2A');
    const slow = await join({ name: 'Sleepy Host', endpoint: 'https://slow.example.com/a2a' });
    expect(slow.body).toMatchObject({ a2a_handshake_ok: null, endpoint_reachable: null });
    expect(String(slow.body.next_step_hint)).toContain('timed out');
    const gone = await join({ name: 'Gone Host', endpoint: 'https://agent.invalid/a2a' });
    expect(gone.status).toBe(400);
    expect(parseErrorBody(gone.status, gone.body)).toMatchObject({ code: 'ENDPOINT_UNREACHABLE' });
    const nowhere = await join({ name: 'Nowhere Host', endpoint: 'http://unreachable:8080/a2a' });
    expect(nowhere.status).toBe(400);
  });

  it('hints at the next step when a push policy has no way in', async () => {
    const res = await join({ name: 'Open Door', communication_policy: { mode: 'open' } });
    expect(String(res.body.next_step_hint)).toContain('no endpoint');
    const relay = await join({ name: 'Relay Door', communication_policy: { mode: 'open' }, delivery: 'relay' });
    expect(relay.body.next_step_hint).toBeNull();
  });

  it('rejects blank, letterless and generated-looking names with 400 NAME_REJECTED', async () => {
    // (Refused joins count against the address's limit too, as live: each name from its own address.)
    for (const name of ['   ', '12345', 'agent-42', 'x8f7k2q9z1', '3f2a9c1e-77aa-4b1c-9d2e-0a1b2c3d4e5f']) {
      const res = await join({ name });
      expect(res.status, name).toBe(400);
      expect(res.body).toMatchObject({ error_code: 'NAME_REJECTED' });
      expect(parseErrorBody(res.status, res.body).message).toMatch(/name/);
    }
    expect((await join({ name: 'Ada Reviewer' })).status).toBe(200);
  });

  it('answers 422 with loc/msg/type for a malformed body', async () => {
    const missing = await join({ description: 'no name' });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ detail: [{ loc: ['body', 'name'], msg: 'name is required', type: 'missing' }] });
    // Lenient in: a field the service does not know is ignored, as live.
    const extra = await join({ name: 'Fine Name', colour: 'blue' });
    expect(extra.status).toBe(200);
    expect(extra.body).not.toHaveProperty('colour');
    const badMode = await join({ name: 'Fine Name', communication_policy: { mode: 'loud' } });
    expect(parseErrorBody(422, badMode.body)).toMatchObject({ code: 'invalid_input', field: 'communication_policy.mode' });
    const notJson = await kit.call('POST', '/api/v1/agents/join', { body: '{oops', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(422);
    expect(notJson.body).toMatchObject({ detail: [{ type: 'json_invalid' }] });
  });

  it('limits joins per address: 5 a minute, 50 a day, on the sandbox clock', async () => {
    for (let i = 0; i < 5; i++) expect((await join({ name: `Burst Agent ${'abcde'[i]}` }, '198.51.100.1')).status).toBe(200);
    const sixth = await join({ name: 'Burst Agent f' }, '198.51.100.1');
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ error: 'Rate limit exceeded: 5 per 1 minute' });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(parseErrorBody(429, sixth.body, sixth.headers.get('retry-after'))).toMatchObject({ code: 'rate_limited', message: 'Rate limit exceeded: 5 per 1 minute' });
    // Another address is not limited; the first one is again after a minute.
    expect((await join({ name: 'Other Address' }, '198.51.100.2')).status).toBe(200);
    kit.minutes(1.1);
    expect((await join({ name: 'Burst Agent g' }, '198.51.100.1')).status).toBe(200);

    // 50 a day: 45 more across ten minutes, then the day limit answers.
    let ok = 6;
    while (ok < 50) {
      kit.minutes(1.1);
      for (let i = 0; i < 5 && ok < 50; i++, ok++) expect((await join({ name: `Daily Agent ${'abcdefghij'[ok % 10]}` }, '198.51.100.1')).status).toBe(200);
    }
    kit.minutes(1.1);
    const over = await join({ name: 'Daily Agent z' }, '198.51.100.1');
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ error: 'Rate limit exceeded: 50 per 1 day' });
    kit.minutes(24 * 60);
    expect((await join({ name: 'Next Day Agent' }, '198.51.100.1')).status).toBe(200);
  });

  it('uses the first X-Forwarded-For value, else one local address', async () => {
    for (let i = 0; i < 5; i++) expect((await join({ name: `Local Agent ${'abcde'[i]}` }, '')).status).toBe(200);
    expect((await kit.call('POST', '/api/v1/agents/join', { json: { name: 'Local Agent f' } })).status).toBe(429);
    expect((await join({ name: 'Chained Agent' }, '192.0.2.9, 10.0.0.1')).status).toBe(200);
  });
});
