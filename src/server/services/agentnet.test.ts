import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../contracts/bff';
import { makeKit, type Kit } from '../testing/kit';

let kit: Kit;
beforeEach(async () => {
  kit = await makeKit();
});
afterEach(async () => {
  await kit.close();
});

type Err = { error: { status: number; code: string; message: string; field?: string | null } };
const join = (body: Record<string, unknown>) =>
  kit.json<{ agent_id: string; api_key: string } & Err>('/api/agentnet/api/v1/agents/join', { method: 'POST', json: body });
const as = (agentId: string) => ({ headers: { 'x-act-as': agentId } });
const identities = async () => (await kit.json<{ identities: Array<{ agentId: string; name: string; keyHint: string }> }>('/api/identities/agentnet')).body.identities;

describe('agents through the BFF', () => {
  it('keeps the key from the join answer and acts as the agent; the key appears in no later answer', async () => {
    const joined = await join({ name: 'Atlas Translator', description: 'Translates papers', tags: ['translator'], a2a_endpoint: 'https://atlas.example/a2a' });
    expect(joined.status).toBe(200);
    const { agent_id: id, api_key: key } = joined.body;
    expect(key).toMatch(/^acn_/);
    expect(await identities()).toEqual([expect.objectContaining({ agentId: id, name: 'Atlas Translator', keyHint: key.slice(-4) })]);

    const later: string[] = [];
    const keep = async (path: string, init?: RequestInit & { json?: unknown }) => {
      const r = await kit.req(path, init);
      later.push(await r.text());
      return r;
    };
    expect((await keep(`/api/agentnet/api/v1/agents/${id}/heartbeat`, { method: 'POST', json: {}, ...as(id) })).status).toBe(200);
    expect((await keep(`/api/agentnet/api/v1/agents/${id}/profile`, { method: 'PATCH', json: { description: 'Translates papers and posts' }, ...as(id) })).status).toBe(200);
    await keep(`/api/agentnet/api/v1/agents/${id}`);
    await keep('/api/agentnet/api/v1/agents?status=all&limit=100');
    await keep('/api/identities/agentnet');
    await keep('/api/connections');
    const created = await keep('/api/agentnet/api/v1/subnets', { method: 'POST', json: { name: 'Atlas reviewers', join_policy: 'approval' }, ...as(id) });
    expect(created.status).toBe(201);
    for (const body of later) expect(body).not.toContain(key);
  });

  it('sends nothing for an agent it holds no key for', async () => {
    const r = await kit.json<Err>('/api/agentnet/api/v1/agents/someone/heartbeat', { method: 'POST', json: {}, ...as('someone') });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/holds no key for agent someone/);
  });

  it('anonymous calls carry no key: writes are refused by the service', async () => {
    const joined = await join({ name: 'Quiet Scheduler' });
    const r = await kit.json<Err>(`/api/agentnet/api/v1/agents/${joined.body.agent_id}/heartbeat`, { method: 'POST', json: {} });
    expect(r.status).toBe(401);
    expect(r.body.error.message).toMatch(/refused the API key \(401\)/);
  });

  it('rotates the key: the console keeps the new one and the old one stops at once', async () => {
    const { agent_id: id, api_key: oldKey } = (await join({ name: 'Rotating Archivist' })).body;
    const rotated = await kit.json<{ api_key: string }>(`/api/agentnet/api/v1/agents/${id}/rotate-key`, { method: 'POST', json: {}, ...as(id) });
    expect(rotated.status).toBe(200);
    expect(rotated.body.api_key).not.toBe(oldKey);
    expect((await identities())[0]?.keyHint).toBe(rotated.body.api_key.slice(-4));
    expect((await kit.req(`/api/agentnet/api/v1/agents/${id}/heartbeat`, { method: 'POST', json: {}, ...as(id) })).status).toBe(200);
    const direct = await kit.req(`/sandbox/agentnet/api/v1/agents/${id}/heartbeat`, { method: 'POST', headers: { authorization: `Bearer ${oldKey}` } });
    expect(direct.status).toBe(401);
  });

  it('forgets the key of a deleted agent', async () => {
    const { agent_id: id } = (await join({ name: 'Short Lived Helper' })).body;
    const del = await kit.json<{ status: string }>(`/api/agentnet/api/v1/agents/${id}/deletion-request`, { method: 'POST', json: {}, ...as(id) });
    expect(del.body.status).toBe('deleted');
    expect(await identities()).toEqual([]);
  });

  it('refuses a bad join before it leaves, naming the field', async () => {
    const r = await join({ name: 'agent-1234' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ field: 'name', message: 'Nothing was sent: name looks auto-generated: give the agent a name people can read.' });
  });

  it('reads the service’s four error shapes as sentences', async () => {
    const { agent_id: id } = (await join({ name: 'Shape Tester' })).body;
    // {error_code, message, details}: a grandchild subnet (one level of nesting only)
    const nested = await kit.json<Err>('/api/agentnet/api/v1/subnets', { method: 'POST', json: { name: 'Too deep', parent_subnet_id: 'climate-papers' }, ...as(id) });
    expect(nested.status).toBe(400);
    expect(nested.body.error.code).toBe('SUBNET_NESTING_TOO_DEEP');
    expect(nested.body.error.message).toMatch(/^The Agents service rejected the request: .*nest.*Correct it and send it again\.$/i);
    // {detail: "..."}: an unknown agent
    const missing = await kit.json<Err>('/api/agentnet/api/v1/agents/no-such-agent');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toMatch(/^Not found: /);
    // {error: "Rate limit exceeded: ..."}: joins from one address
    for (let i = 0; i < 4; i++) await join({ name: `Helper Number ${['One', 'Two', 'Three', 'Four'][i]}` });
    const limited = await join({ name: 'One Too Many' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/Rate limit exceeded: 5 per 1 minute/);
  });

  it('verifies a live agent key with the token endpoint and keeps it as an identity', async () => {
    const { agent_id: id, api_key: key } = (await join({ name: 'Live Verified Agent' })).body;
    const put = await kit.json<Err>('/api/connections/agentnet', { method: 'PUT', json: { mode: 'live', apiKey: key, baseUrl: 'https://live.test/sandbox/agentnet' } });
    expect(put.status).toBe(200);
    expect((await identities()).map((i) => i.agentId)).toEqual([id]);
    const wrong = await kit.json<Err>('/api/connections/agentnet', { method: 'PUT', json: { mode: 'live', apiKey: 'acn_not_a_real_key_000000', baseUrl: 'https://live.test/sandbox/agentnet' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toMatch(/refused this key \(HTTP 401\)/);
  });

  it('tells every tab at once when a message reaches an agent the console acts as: sent here, or from outside', async () => {
    const events: LiveEvent[] = [];
    kit.app.hub.subscribe((e) => events.push(e));
    const arrivals = () => events.filter((e) => e.type === 'agentnet-message').map((e) => (e.type === 'agentnet-message' ? e.agentIds : []));
    const turn = () => new Promise((r) => setImmediate(r));
    const sender = (await join({ name: 'Live Sender', communication_policy: { mode: 'open' } })).body.agent_id;
    const reader = (await join({ name: 'Live Reader', communication_policy: { mode: 'open' } })).body.agent_id;
    const sent = await kit.json(`/api/agentnet/api/v1/communication/send`, { method: 'POST', json: { target_agent: reader, message: 'Meet at the pier' }, ...as(sender) });
    expect(sent.status).toBe(200);
    await vi.waitFor(() => expect(arrivals()).toEqual([[reader]]));

    // An agent outside the console writes to the reader straight at the sandbox: the console hears of it.
    const outside = await kit.json<{ agent_id: string; api_key: string }>('/sandbox/agentnet/api/v1/agents/join', { method: 'POST', json: { name: 'Outside Writer', communication_policy: { mode: 'open' } } });
    const outsideKey = outside.body.api_key;
    await kit.req('/sandbox/agentnet/api/v1/communication/send', { method: 'POST', headers: { authorization: `Bearer ${outsideKey}` }, json: { target_agent: reader, message: 'From afar' } });
    await vi.waitFor(() => expect(arrivals()).toEqual([[reader], [reader]]));
    // A message to an agent the console does not act as is not announced.
    await kit.json('/api/agentnet/api/v1/communication/send', { method: 'POST', json: { target_agent: outside.body.agent_id, message: 'Not yours' }, ...as(sender) });
    await turn();
    await turn();
    expect(arrivals()).toEqual([[reader], [reader]]);
    // A session invitation reaches the invitee the same way.
    await kit.json(`/api/agentnet/api/v1/sessions/invite/${reader}`, { method: 'POST', json: {}, ...as(sender) });
    await vi.waitFor(() => expect(arrivals()).toEqual([[reader], [reader], [reader]]));

    // Live, the console announces what it sent itself, once.
    const senderKey = (await kit.json<{ api_key: string }>(`/api/agentnet/api/v1/agents/${sender}/rotate-key`, { method: 'POST', json: {}, ...as(sender) })).body.api_key;
    expect((await kit.json('/api/connections/agentnet', { method: 'PUT', json: { mode: 'live', apiKey: senderKey, baseUrl: 'https://live.test/sandbox/agentnet' } })).status).toBe(200);
    const liveReader = (await join({ name: 'Live Mode Reader', communication_policy: { mode: 'open' } })).body.agent_id;
    events.length = 0;
    expect((await kit.json('/api/agentnet/api/v1/communication/send', { method: 'POST', json: { target_agent: liveReader, message: 'Live words' }, ...as(sender) })).status).toBe(200);
    await turn();
    await turn();
    expect(arrivals()).toEqual([[liveReader]]);
  });
});
