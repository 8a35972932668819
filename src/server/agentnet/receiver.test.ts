import { createHmac } from 'node:crypto';
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HookDelivery } from '../../contracts/agentnet';
import { makeKit, type Kit } from '../testing/kit';

let kit: Kit;
let server: ServerType | null = null;
beforeEach(async () => {
  kit = await makeKit();
});
afterEach(async () => {
  if (server) await new Promise<void>((r) => server?.close(() => r()));
  server = null;
  await kit.close();
});

const sign = (secret: string, raw: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
const newHook = async () => (await kit.json<{ hookId: string; secret: string; url: string }>('/api/agentnet/hooks', { method: 'POST', json: { label: 'Test subnet' } })).body;
const deliver = (hookId: string, raw: string, headers: Record<string, string>) => kit.req(`/api/hooks/agentnet/${hookId}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw });
const log = async (query = '') => (await kit.json<{ deliveries: HookDelivery[] }>(`/api/agentnet/hooks/events${query}`)).body.deliveries;

/** Reads the SSE stream until an event passes `until`. */
async function sseUntil(res: Response, until: (e: { type: string; delivery?: HookDelivery }) => boolean, ms = 8000) {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const end = Date.now() + ms;
  try {
    while (Date.now() < end) {
      const { value, done } = await Promise.race([reader.read(), new Promise<{ value: undefined; done: true }>((r) => setTimeout(() => r({ value: undefined, done: true }), end - Date.now()))]);
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (const line of buffer.split('\n')) {
        if (!line.startsWith('data: ')) continue;
        const event = JSON.parse(line.slice(6)) as { type: string; delivery?: HookDelivery };
        if (until(event)) return event;
      }
    }
    throw new Error(`no matching event on the stream; got: ${buffer.slice(0, 500)}`);
  } finally {
    await reader.cancel();
  }
}

describe('the subnet event receiver', () => {
  it('verifies X-ACN-Signature or X-AGENTNET-Signature over the raw body; refuses a wrong secret, an altered body or no signature; logs all', async () => {
    const hook = await newHook();
    expect(hook.secret).toMatch(/^whsec_/);
    expect(JSON.stringify((await kit.json('/api/agentnet/hooks')).body)).not.toContain(hook.secret);
    // Three deliveries (each body once: a body answered before is a replay).
    const envelope = (second: number) => JSON.stringify({ event: 'org.work_updated', timestamp: `2026-11-01T10:00:0${second}Z`, task_id: 'org_1', data: { work_id: 'w1', status: 'done', subnet_id: 'crew' } });
    const raw = envelope(0);
    const good = sign(hook.secret, raw);
    expect((await deliver(hook.hookId, raw, { 'x-acn-signature': good })).status).toBe(200);
    expect((await deliver(hook.hookId, envelope(1), { 'x-agentnet-signature': sign(hook.secret, envelope(1)) })).status).toBe(200);
    expect((await deliver(hook.hookId, envelope(2), { 'x-acn-signature': sign(hook.secret, envelope(2)), 'x-agentnet-signature': sign(hook.secret, envelope(2)) })).status).toBe(200);
    expect((await deliver(hook.hookId, raw, { 'x-acn-signature': sign('whsec_wrong', raw) })).status).toBe(401);
    expect((await deliver(hook.hookId, raw.replace('done', 'todo'), { 'x-acn-signature': good })).status).toBe(401);
    expect((await deliver(hook.hookId, raw, {})).status).toBe(401);
    expect((await deliver(hook.hookId, raw, { 'x-acn-signature': good, 'x-agentnet-signature': sign('x', raw) })).status).toBe(401);
    expect((await deliver('hk_missing', raw, { 'x-acn-signature': good })).status).toBe(404);

    const all = await log();
    expect(all.map((d) => d.verified)).toEqual([false, false, false, false, true, true, true]);
    expect(all[1]?.refusal).toMatch(/no signature header/);
    expect(all[2]?.refusal).toMatch(/does not match/);
    expect(all[6]).toMatchObject({ event: 'org.work_updated', orgId: 'org_1', taskId: 'org_1', subnetId: 'crew', signatureHeader: 'X-ACN-Signature', data: { work_id: 'w1', status: 'done' } });
    expect(all[5]?.signatureHeader).toBe('X-AGENTNET-Signature');
    expect(all[2]?.data).toBeNull();
    expect(await log('?event=org.')).toHaveLength(7);
    expect(await log('?event=task.submitted')).toHaveLength(0);
  });

  it('refuses a delivery already answered 2xx (same X-ACN-Webhook-ID, or another), and lets a retry after a failure pass', async () => {
    const hook = await newHook();
    const raw = JSON.stringify({ event: 'org.work_updated', timestamp: '2026-11-01T11:00:00.123Z', task_id: 'org_2', data: { work_id: 'w2', status: 'done' } });
    const headers = { 'x-acn-signature': sign(hook.secret, raw), 'x-acn-webhook-id': 'wh_org_2_org.work_updated_1793530800' };
    expect((await deliver(hook.hookId, raw, headers)).status).toBe(200);
    const replay = await deliver(hook.hookId, raw, headers);
    expect(replay.status).toBe(409);
    expect(((await replay.json()) as { error: string }).error).toMatch(/already received and answered \(X-ACN-Webhook-ID wh_org_2_org\.work_updated_1793530800\): a replayed delivery/);
    // The id is not signed: another id on the same signed body is the same delivery.
    expect((await deliver(hook.hookId, raw, { ...headers, 'x-acn-webhook-id': 'wh_other' })).status).toBe(409);
    expect((await deliver(hook.hookId, raw, { 'x-agentnet-signature': headers['x-acn-signature'] })).status).toBe(409);
    const verified = (await log()).filter((d) => d.hookId === hook.hookId && d.verified);
    expect(verified).toHaveLength(1);

    // A first attempt answered 401 (it was altered on the way) is not answered: its retry passes.
    const next = JSON.stringify({ event: 'org.work_updated', timestamp: '2026-11-01T11:00:05.000Z', task_id: 'org_2', data: { work_id: 'w3', status: 'done' } });
    const retry = { 'x-acn-signature': sign(hook.secret, next), 'x-acn-webhook-id': 'wh_org_2_org.work_updated_1793530805' };
    expect((await deliver(hook.hookId, next, { ...retry, 'x-acn-signature': sign('whsec_wrong', next) })).status).toBe(401);
    expect((await deliver(hook.hookId, next, retry)).status).toBe(200);
    // The same id on another body (two events in the same second) is another delivery.
    const sameSecond = next.replace('w3', 'w4');
    expect((await deliver(hook.hookId, sameSecond, { ...retry, 'x-acn-signature': sign(hook.secret, sameSecond) })).status).toBe(200);
    // Kept in the database: a restarted console still refuses the replay.
    await kit.restart();
    expect((await deliver(hook.hookId, raw, headers)).status).toBe(409);
  });

  it('a subnet event travels from the sandbox to the console receiver over HTTP and shows on the SSE stream', async () => {
    server = serve({ fetch: kit.app.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server?.once('listening', () => r()));
    const port = (server.address() as { port: number }).port;
    const hook = await newHook();
    const as = (id: string) => ({ 'x-act-as': id });
    const owner = (await kit.json<{ agent_id: string }>('/api/agentnet/api/v1/agents/join', { method: 'POST', json: { name: 'Hook Owner' } })).body.agent_id;
    const sid = (await kit.json<{ subnet_id: string }>('/api/agentnet/api/v1/subnets', { method: 'POST', headers: as(owner), json: { name: 'Watched Room' } })).body.subnet_id;
    const harness = `http://127.0.0.1:${port}/api/hooks/agentnet/${hook.hookId}`;
    const set = await kit.json<{ harness_registered: boolean }>(`/api/agentnet/api/v1/subnets/${sid}/harness`, { method: 'PATCH', headers: as(owner), json: { harness_url: harness, harness_secret: hook.secret } });
    expect(set.body.harness_registered).toBe(true);

    const stream = await kit.req('/api/events');
    const guest = (await kit.json<{ agent_id: string }>('/api/agentnet/api/v1/agents/join', { method: 'POST', json: { name: 'Hook Guest' } })).body.agent_id;
    const joined = await kit.req(`/api/agentnet/api/v1/agents/${guest}/subnets/${sid}`, { method: 'POST', headers: as(guest), json: {} });
    expect(joined.status).toBe(200);
    const seen = await sseUntil(stream, (e) => e.type === 'agentnet-hook');
    expect(seen.delivery).toMatchObject({ verified: true, event: 'agent.joined_subnet', subnetId: sid, signatureHeader: 'X-ACN-Signature', data: { agent_id: guest } });
    expect((await log('?event=agent.joined_subnet'))[0]).toMatchObject({ hookId: hook.hookId, verified: true });
  });
});
