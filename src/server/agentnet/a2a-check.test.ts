import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { breakages, startBrokenAgent, startSdkAgent, type TestServer } from '../../node-lib/testing/a2a-servers';
import { A2aCheckResult, OutboundSetting } from '../../contracts/agentnet/a2a-check';
import { makeKit, type Kit } from '../testing/kit';

let kit: Kit;
const servers: TestServer[] = [];
beforeEach(async () => {
  kit = await makeKit();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await kit.close();
});

/** A free loopback port, chosen by the test. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });

type Rule = { id: string; passed: boolean | null; detail: string };
type Check = { ok: boolean; kind: string | null; rules: Rule[]; request: { body: { method: string; id: string } }; reply: { status: number; body: string } | null; error: { code: string; message: string } | null; card: { found: boolean; v03: string | null; v10: string | null }; v1: { offered: boolean; ok?: boolean; rules?: Rule[] } };
type Err = { error: { status: number; message: string; field?: string | null } };
const check = (json: unknown) => kit.json<Check & Err>('/api/agentnet/a2a-check', { method: 'POST', json });
const allowPrivate = (allow: boolean) => kit.req('/api/agentnet/outbound', { method: 'PUT', json: { allowPrivate: allow } });

describe('A2A check through the BFF', () => {
  it('sends a real message/send to an @a2a-js/sdk server (loopback, allowed in settings) and passes every rule; reports v1.0 from the card', async () => {
    const agent = await startSdkAgent({ port: await freePort() });
    servers.push(agent);
    const refused = await check({ url: agent.url });
    expect(refused.body.ok).toBe(false);
    expect(refused.body.error).toMatchObject({ code: 'refused' });
    expect(refused.body.rules[0]).toMatchObject({ id: 'reachable', passed: false });
    expect(refused.body.rules[0]?.detail).toMatch(/Allow loopback and private addresses/);
    expect(agent.received).toHaveLength(0);

    await allowPrivate(true);
    const res = await check({ url: agent.url, text: 'ping' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, kind: 'message', request: { body: { method: 'message/send' } }, reply: { status: 200 } });
    expect(res.body.rules.every((r) => r.passed)).toBe(true);
    expect(JSON.parse(res.body.reply?.body ?? '{}')).toMatchObject({ id: res.body.request.body.id, result: { kind: 'message', role: 'agent' } });
    expect(res.body.card).toMatchObject({ found: true, v10: agent.url, v03: agent.url });
    expect(res.body.v1).toMatchObject({ offered: true, ok: true });
    // Both answers are what the console's contract says the page reads.
    expect(A2aCheckResult.safeParse(refused.body).success).toBe(true);
    expect(A2aCheckResult.safeParse(res.body).success).toBe(true);
  });

  it('refuses a check that names nothing to check, or no web address, saying which field and why', async () => {
    const none = await check({});
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ field: 'agent_id', message: 'Nothing was checked: agent_id: name an agent, or give an endpoint as url, to check.' });
    const ftp = await check({ url: 'ftp://agent.example/a2a' });
    expect(ftp.body.error).toMatchObject({ status: 400, field: 'url' });
    expect(ftp.body.error.message).toContain('url must be a complete http(s) URL');
  });

  it('checks an agent by id: its endpoint from the directory', async () => {
    await allowPrivate(true);
    const agent = await startSdkAgent({ reply: 'task' });
    servers.push(agent);
    const joined = await kit.json<{ agent_id: string }>('/api/agentnet/api/v1/agents/join', { method: 'POST', json: { name: 'Checked Agent', a2a_endpoint: agent.url, communication_policy: { mode: 'open' } } });
    const res = await check({ agent_id: joined.body.agent_id });
    expect(res.body).toMatchObject({ agentId: joined.body.agent_id, ok: true, kind: 'task' });
    const none = await kit.json<{ agent_id: string }>('/api/agentnet/api/v1/agents/join', { method: 'POST', json: { name: 'Pull Only Agent' } });
    expect((await check({ agent_id: none.body.agent_id })).body.error.message).toMatch(/has no endpoint/);
  });

  const failing: Record<(typeof breakages)[number], string> = {
    'empty-200': 'json_body',
    'empty-result': 'result_present',
    wrapped: 'not_wrapped',
    'no-kind': 'kind',
    'wrong-id': 'id_echoed',
    html: 'http_status',
    'bad-message': 'message_fields',
  };
  for (const how of breakages) {
    it(`fails a server that breaks the contract (${how}) on rule ${failing[how]}, with the raw reply`, async () => {
      await allowPrivate(true);
      const broken = await startBrokenAgent(how);
      servers.push(broken);
      const res = await check({ url: broken.url });
      expect(res.body.ok).toBe(false);
      expect(res.body.rules.find((r) => r.passed === false)?.id).toBe(failing[how]);
      expect(res.body.reply).not.toBeNull();
      expect(res.body.v1).toEqual({ offered: false });
    });
  }

  it('says which switch allows private addresses: the saved setting, or ALLOW_PRIVATE_DESTINATIONS=1, which the setting cannot close', async () => {
    const outbound = async () => (await kit.json<OutboundSetting>('/api/agentnet/outbound')).body;
    expect(await outbound()).toEqual({ allowPrivate: false, allowedBy: null });
    const set = await kit.json<OutboundSetting>('/api/agentnet/outbound', { method: 'PUT', json: { allowPrivate: true } });
    expect(set.body).toEqual({ allowPrivate: true, allowedBy: 'setting' });
    expect(await outbound()).toEqual({ allowPrivate: true, allowedBy: 'setting' });
    await allowPrivate(false);

    await kit.close();
    kit = await makeKit({ outbound: { allowPrivate: true } });
    expect(await outbound()).toEqual({ allowPrivate: false, allowedBy: 'environment' });
    const agent = await startSdkAgent({ port: await freePort() });
    servers.push(agent);
    expect((await check({ url: agent.url })).body.ok).toBe(true);
    expect(OutboundSetting.safeParse(await outbound()).success).toBe(true);
  });

  it("the page's setting opens the A2A check only: a sandbox webhook to a private address stays refused, and says which switch would open it", async () => {
    await allowPrivate(true);
    // Refused when it is registered, with the reason and the switch that would open it (not the A2A check's).
    const hook = await kit.json<unknown>('/api/social/api/v1/webhooks', { method: 'POST', json: { url: 'http://10.255.255.1/in', eventTypes: ['tweet.new'] } });
    expect(hook.status).toBe(400);
    expect(JSON.stringify(hook.body)).toMatch(/not set to reach; start the console with ALLOW_PRIVATE_DESTINATIONS=1 to reach it/);
    expect(JSON.stringify(hook.body)).not.toMatch(/A2A check page/);
  });

  it('answers the seeded example hosts in-process and refuses http public hosts without contacting them', async () => {
    const list = await kit.json<{ agents: Array<{ agent_id: string; name: string }> }>('/api/agentnet/api/v1/agents?status=all&limit=500');
    const id = (name: string) => list.body.agents.find((a) => a.name === name)?.agent_id;
    expect((await check({ agent_id: id('Lingua Bridge') })).body).toMatchObject({ ok: true, kind: 'message' });
    const wrapped = await check({ agent_id: id('Copy Polisher') });
    expect(wrapped.body.rules.find((r) => r.passed === false)?.id).toBe('not_wrapped');
    const plain = await check({ url: 'http://93.184.216.34/a2a' });
    expect(plain.body.error).toMatchObject({ code: 'refused' });
    expect(plain.body.error?.message).toMatch(/only https is allowed here/);
  });
});
