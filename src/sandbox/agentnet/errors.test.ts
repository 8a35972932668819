import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseErrorBody } from '../../contracts/errors';
import { Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

const read = (res: { status: number; body: unknown; headers: Headers }) => parseErrorBody(res.status, res.body, res.headers.get('retry-after'));

describe('the four error shapes, each read by parseErrorBody into a clear message', () => {
  it('{detail: "..."} for authentication, agent lookups, unknown paths and methods', async () => {
    const a = await kit.join('Shape Agent');
    const noKey = await kit.call('POST', `/api/v1/agents/${a.id}/heartbeat`);
    expect(noKey.body).toEqual({ detail: 'Missing API key: send Authorization: Bearer <API key>' });
    expect(read(noKey)).toMatchObject({ status: 401, code: 'unauthenticated', message: expect.stringContaining('Missing API key') });
    const badKey = await kit.call('POST', `/api/v1/agents/${a.id}/heartbeat`, { key: 'acn_not_a_real_key_at_all_000000' });
    expect(read(badKey)).toMatchObject({ status: 401, message: 'Invalid API key' });
    const badHeader = await kit.call('POST', `/api/v1/agents/${a.id}/heartbeat`, { headers: { authorization: 'Token abc' } });
    expect(read(badHeader).message).toContain('Bearer');
    const agent = await kit.call('GET', '/api/v1/agents/no-such-agent');
    expect(agent.body).toEqual({ detail: 'Agent not found' });
    expect(read(agent)).toMatchObject({ code: 'not_found', message: 'Agent not found' });
    const path = await kit.call('GET', '/api/v1/nothing-here');
    expect(path.body).toEqual({ detail: 'Not Found' });
    expect(read(path).message).toBe('Not Found');
  });

  it('{detail: [{loc, msg, type}]} for validation (422), with the field', async () => {
    const res = await kit.call('POST', '/api/v1/agents/join', { json: { name: 'Valid Name', description: 'x'.repeat(501) }, headers: { 'x-forwarded-for': '192.0.2.50' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: [{ loc: ['body', 'description'], msg: 'description takes at most 500 characters', type: 'too_long' }] });
    expect(read(res)).toMatchObject({ code: 'invalid_input', field: 'description', message: 'description: description takes at most 500 characters' });
  });

  it('{error_code, message, details, request_id} for domain rules, with details.reason on 403', async () => {
    const name = await kit.call('POST', '/api/v1/agents/join', { json: { name: '42' }, headers: { 'x-forwarded-for': '192.0.2.51' } });
    expect(name.body).toMatchObject({ error_code: 'NAME_REJECTED', message: 'name must contain letters', details: { field: 'name' } });
    expect(String(name.body.request_id)).toMatch(/^req_/);
    expect(name.headers.get('x-request-id')).toBe(name.body.request_id);
    expect(read(name)).toMatchObject({ status: 400, code: 'NAME_REJECTED', message: 'name must contain letters' });

    const a = await kit.join('Forbidden Actor');
    const b = await kit.join('Forbidden Target');
    const forbidden = await kit.call('POST', `/api/v1/agents/${b.id}/rotate-key`, { key: a.key });
    expect(read(forbidden)).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'An agent key can only act on its own agent (not_own_agent)' });

    const subnet = await kit.call('GET', '/api/v1/subnets/no-such-subnet');
    expect(read(subnet)).toMatchObject({ status: 404, code: 'SUBNET_NOT_FOUND', message: "Subnet 'no-such-subnet' not found" });

    await kit.subnet(a.key, { name: 'Conflict Zone' });
    const conflict = await kit.call('POST', `/api/v1/agents/${a.id}/deletion-request`, { key: a.key });
    expect(read(conflict)).toMatchObject({ status: 409, code: 'AGENT_OWNS_SUBNETS', message: expect.stringContaining('delete them first') });
  });

  it('{error: "Rate limit exceeded: ..."} with Retry-After for 429', async () => {
    let last = await kit.call('POST', '/api/v1/agents/join', { json: { name: 'Limit Agent' } });
    for (let i = 0; i < 5; i++) last = await kit.call('POST', '/api/v1/agents/join', { json: { name: 'Limit Agent' } });
    expect(last.status).toBe(429);
    expect(read(last)).toMatchObject({ code: 'rate_limited', message: 'Rate limit exceeded: 5 per 1 minute', retryAfter: 60 });
  });
});

describe('injected faults', () => {
  it('answer the live shape for their status and are logged', async () => {
    kit.faults.add({ kind: 'http', status: 503, path: '^/api/v1/agents$', count: 1 });
    const down = await kit.call('GET', '/api/v1/agents');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ error_code: 'INTERNAL_ERROR', error: 'INTERNAL_ERROR' });
    expect(read(down)).toMatchObject({ code: 'INTERNAL_ERROR', message: 'Internal server error' });
    kit.faults.add({ kind: 'http', status: 429, retryAfter: 7, count: 1 });
    const limited = await kit.call('GET', '/api/v1/subnets');
    expect(read(limited)).toMatchObject({ code: 'rate_limited', retryAfter: 7, message: expect.stringContaining('Rate limit exceeded') });
    expect((await kit.call('GET', '/api/v1/agents')).status).toBe(200);
    expect(kit.faults.requests().map((r) => [r.path, r.status])).toEqual([
      ['/api/v1/agents', 503],
      ['/api/v1/subnets', 429],
      ['/api/v1/agents', 200],
    ]);
  });
});
