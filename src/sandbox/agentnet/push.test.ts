import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Kit } from './test-kit';
import { breakages, startBrokenAgent, startSdkAgent, type TestServer } from '../../node-lib/testing/a2a-servers';

let kit: Kit;
const servers: TestServer[] = [];
beforeEach(() => {
  kit = new Kit();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await kit.dispose();
});
const track = <T extends TestServer>(s: T) => (servers.push(s), s);

const send = (key: string, to: string, text: string) => kit.call('POST', '/api/v1/communication/send', { key, json: { target_agent: to, message: { role: 'user', parts: [{ kind: 'text', text }] } } });

describe('the endpoint probe is a real A2A handshake', () => {
  it('confirms an @a2a-js/sdk server on loopback, refuses a dead port, and tells a web page from A2A', async () => {
    const agent = track(await startSdkAgent());
    const ok = await kit.join('Loopback Echo', { a2a_endpoint: agent.url, communication_policy: { mode: 'open' } });
    expect(ok.answer).toMatchObject({ a2a_handshake_ok: true, endpoint_reachable: true, next_step_hint: null });
    expect(agent.received.some((r) => (r.body as { method?: string }).method === '__acn_handshake_probe__')).toBe(true);

    const page = track(await startBrokenAgent('html'));
    const html = await kit.join('Web Page Host', { a2a_endpoint: `${page.origin}/`, communication_policy: { mode: 'open' } });
    expect(html.answer).toMatchObject({ a2a_handshake_ok: false, endpoint_reachable: true });
    expect(String(html.answer.next_step_hint)).toContain('not an A2A');
    const fixed = await kit.call('PATCH', `/api/v1/agents/${html.id}/endpoint`, { key: html.key, json: { endpoint: agent.url } });
    expect(fixed.body).toMatchObject({ a2a_handshake_ok: true });

    await page.close();
    const dead = await kit.call('PATCH', `/api/v1/agents/${ok.id}/endpoint`, { key: ok.key, json: { endpoint: page.url } });
    expect(dead.status).toBe(400);
    expect(dead.body).toMatchObject({ error_code: 'ENDPOINT_UNREACHABLE' });
  });

  it('does not contact hosts off this machine: the probe is indeterminate and says why', async () => {
    const far = await kit.join('Far Away Agent', { a2a_endpoint: 'https://agents.acme-corp.io/a2a', communication_policy: { mode: 'open' } });
    expect(far.answer).toMatchObject({ a2a_handshake_ok: null, endpoint_reachable: null });
    expect(String(far.answer.next_step_hint)).toMatch(/not probed: .*not contacted/);
  });
});

describe('pushes follow the receiving-side contract', () => {
  it('delivers to a compliant @a2a-js/sdk server as v0.3 message/send, with the id echoed', async () => {
    const agent = track(await startSdkAgent({ reply: 'message' }));
    const to = await kit.join('Sdk Receiver', { a2a_endpoint: agent.url, communication_policy: { mode: 'open' } });
    const from = await kit.join('Polite Sender');
    const res = await send(from.key, to.id, 'hello over A2A');
    expect(res.body).toMatchObject({ status: 'delivered', delivery_mode: 'direct' });
    const push = agent.received.find((r) => (r.body as { method?: string }).method === 'message/send');
    expect(push?.body).toMatchObject({ jsonrpc: '2.0', params: { message: { kind: 'message', role: 'user', parts: [{ kind: 'text', text: 'hello over A2A' }] } } });
    expect(push?.headers['a2a-version']).toBe('0.3');
    const inbox = await kit.call<{ messages: unknown[] }>('GET', `/api/v1/communication/history/${to.id}`, { key: to.key });
    expect(inbox.body.messages).toEqual([]);
  });

  it('accepts a task reply too', async () => {
    const agent = track(await startSdkAgent({ reply: 'task' }));
    const to = await kit.join('Task Receiver', { a2a_endpoint: agent.url, communication_policy: { mode: 'open' } });
    const from = await kit.join('Task Sender');
    expect((await send(from.key, to.id, 'do this')).body).toMatchObject({ status: 'delivered' });
  });

  for (const how of breakages) {
    it(`counts a reply that breaks the contract (${how}) as a failed push: inbox, error to the sender`, async () => {
      const broken = track(await startBrokenAgent(how));
      const to = await kit.join(`Broken Receiver ${how.replace(/[^a-z]/g, ' ')}`, { communication_policy: { mode: 'open' } });
      await kit.call('PATCH', `/api/v1/agents/${to.id}/delivery`, { key: to.key, json: { delivery: 'direct', endpoint: broken.url } });
      const from = await kit.join('Hopeful Sender');
      const res = await send(from.key, to.id, `breaking ${how}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'failed', delivery_mode: 'inbox' });
      expect(String(res.body.error)).toMatch(/breaks the A2A contract|failed/);
      const inbox = await kit.call<{ messages: Array<{ text: string; push_error: string }> }>('GET', `/api/v1/communication/history/${to.id}`, { key: to.key });
      expect(inbox.body.messages[0]).toMatchObject({ text: `breaking ${how}` });
      expect(inbox.body.messages[0]?.push_error).toBeTruthy();
      expect((await kit.call('GET', `/api/v1/agents/${to.id}`)).body.consec_push_failures).toBe(1);
    });
  }

  it('answers the seeded example hosts in-process: compliant ones take pushes, breakers fail them', async () => {
    const from = await kit.join('Seed Visitor');
    const list = await kit.call<{ agents: Array<{ agent_id: string; name: string }> }>('GET', '/api/v1/agents?status=all&limit=500');
    const id = (name: string) => list.body.agents.find((a) => a.name === name)?.agent_id as string;
    expect((await send(from.key, id('Chart Crafter'), 'a chart please')).body).toMatchObject({ status: 'delivered', delivery_mode: 'direct' });
    for (const name of ['Meeting Scribe', 'Copy Polisher', 'Weather Oracle', 'Music Tagger', 'Market Scout']) {
      expect((await send(from.key, id(name), 'hello')).body, name).toMatchObject({ status: 'failed', delivery_mode: 'inbox' });
    }
  });
});
