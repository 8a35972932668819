import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKit, LIVE_BASE, previewBody, type Kit } from './testing/kit';

type Err = { error: { status: number; code: string; message: string; field: string | null; fields?: Record<string, string> } };

let kit: Kit;
beforeAll(async () => {
  kit = await makeKit();
});
afterAll(() => kit.close());

const credits = (service: string, body: unknown) => kit.json<{ balance: number } & Err>(`/api/sandbox/${service}/credits`, { method: 'POST', json: body });
const reset = (service: string) => kit.json<{ service: string; balance: number | null } & Err>(`/api/sandbox/${service}/reset`, { method: 'POST' });
const gen3dBalance = async () => (await kit.json<{ balance: number }>('/api/gen3d/openapi/v1/balance')).body.balance;
const socialBalance = async () => Number((await kit.json<{ balance: string }>('/api/social/api/v1/credits')).body.balance);

describe('sandbox credits', () => {
  it('tops up and resets the 3D balance the console reads', async () => {
    const before = await gen3dBalance();
    const up = await credits('gen3d', { action: 'top-up', amount: 250 });
    expect(up.status).toBe(200);
    expect(up.body.balance).toBe(before + 250);
    expect(await gen3dBalance()).toBe(before + 250);
    const back = await credits('gen3d', { action: 'reset' });
    expect(back.body.balance).toBe(1000);
    expect(await gen3dBalance()).toBe(1000);
  });

  it('tops up and resets the social credits the console reads', async () => {
    expect(await socialBalance()).toBe(10_000);
    expect((await credits('social', { action: 'top-up', amount: 5000 })).body.balance).toBe(15_000);
    expect(await socialBalance()).toBe(15_000);
    expect((await credits('social', { action: 'reset' })).body.balance).toBe(10_000);
    expect(await socialBalance()).toBe(10_000);
  });

  it('refuses a bad body with the field and its reason, and changes nothing', async () => {
    const before = await gen3dBalance();
    const r = await credits('gen3d', { action: 'top-up', amount: 0 });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({ amount: 'amount must be at least 1 credit' });
    expect(r.body.error.message).toMatch(/^Nothing was changed: amount must be at least 1 credit/);
    expect((await credits('gen3d', { action: 'give-me-money' })).status).toBe(400);
    expect(await gen3dBalance()).toBe(before);
  });

  it('says the agent network keeps no credits, and an unknown service is not found', async () => {
    const r = await credits('agentnet', { action: 'reset' });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toMatch(/keeps no credits/);
    expect((await credits('nope', { action: 'reset' })).status).toBe(404);
  });
});

describe('sandbox reset', () => {
  it('3D: the sandbox forgets its tasks and the balance starts over', async () => {
    const created = await kit.json<{ result: string }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody('a tea cup') });
    expect(created.status).toBeLessThan(300);
    expect(await gen3dBalance()).toBeLessThan(1000);
    const r = await reset('gen3d');
    expect(r.body).toEqual({ service: 'gen3d', balance: 1000 });
    expect((await kit.req(`/api/gen3d/openapi/v2/text-to-3d/${created.body.result}`)).status).toBe(404);
    const list = await kit.json<unknown[]>('/api/gen3d/openapi/v2/text-to-3d?page_size=50');
    expect(list.body).toEqual([]);
  });

  it('agents: joined agents are gone, the seed is back, and the console forgets their keys', async () => {
    const seeded = await kit.json<{ total: number }>('/api/agentnet/api/v1/agents?status=all&limit=1');
    const joined = await kit.json<{ agent_id: string }>('/api/agentnet/api/v1/agents/join', { method: 'POST', json: { name: 'Reset Probe' } });
    expect(joined.status).toBe(200);
    expect((await kit.json<{ identities: unknown[] }>('/api/identities/agentnet')).body.identities).toHaveLength(1);

    const r = await reset('agentnet');
    expect(r.body).toEqual({ service: 'agentnet', balance: null });
    expect((await kit.req(`/api/agentnet/api/v1/agents/${joined.body.agent_id}`)).status).toBe(404);
    expect((await kit.json<{ total: number }>('/api/agentnet/api/v1/agents?status=all&limit=1')).body.total).toBe(seeded.body.total);
    expect((await kit.json<{ identities: unknown[] }>('/api/identities/agentnet')).body.identities).toEqual([]);
  });
});

describe('in live mode', () => {
  it('refuses every control with 409 and leaves the account alone', async () => {
    const live = await kit.json('/api/connections/gen3d', { method: 'PUT', json: { mode: 'live', apiKey: 'msy_live_admin_key_1234', baseUrl: LIVE_BASE } });
    expect(live.status).toBe(200);
    try {
      const before = await gen3dBalance();
      const up = await credits('gen3d', { action: 'top-up', amount: 100 });
      expect(up.status).toBe(409);
      expect(up.body.error.message).toMatch(/runs live: sandbox controls work only in sandbox mode/);
      expect((await reset('gen3d')).status).toBe(409);
      expect(await gen3dBalance()).toBe(before);
    } finally {
      await kit.json('/api/connections/gen3d', { method: 'PUT', json: { mode: 'sandbox' } });
    }
  });
});
