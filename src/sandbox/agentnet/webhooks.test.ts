import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Kit } from './test-kit';
import { startReceiver } from '../../node-lib/testing/a2a-servers';

let kit: Kit;
const closers: Array<() => Promise<void>> = [];
beforeEach(() => {
  kit = new Kit();
});
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
  await kit.dispose();
});

const sign = (secret: string, raw: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

describe('subnet events reach the harness as signed HTTP POSTs', () => {
  it('signs the raw body with both headers and sends the live envelope; only the owner sets the harness', async () => {
    const hook = await startReceiver();
    closers.push(hook.close);
    const owner = await kit.join('Harness Owner');
    const guest = await kit.join('Harness Guest');
    const sid = await kit.subnet(owner.key, { name: 'Hooked Room' });
    const refused = await kit.call('PATCH', `/api/v1/subnets/${sid}/harness`, { key: guest.key, json: { harness_url: hook.url, harness_secret: 's3cret' } });
    expect(refused.status).toBe(403);
    const set = await kit.call('PATCH', `/api/v1/subnets/${sid}/harness`, { key: owner.key, json: { harness_url: hook.url, harness_secret: 's3cret' } });
    expect(set.body).toMatchObject({ status: 'updated', harness_url: hook.url, harness_registered: true });
    expect(JSON.stringify((await kit.call('GET', `/api/v1/subnets/${sid}`)).body)).not.toContain('s3cret');

    await kit.call('POST', `/api/v1/agents/${guest.id}/subnets/${sid}`, { key: guest.key });
    await hook.waitFor(1);
    const got = hook.received[0] as { headers: Record<string, string>; raw: string; body: Record<string, unknown> };
    expect(got.body).toMatchObject({ event: 'agent.joined_subnet', task_id: null, data: { agent_id: guest.id, parent_subnet_id: null, subnet_id: sid } });
    expect(typeof got.body.timestamp).toBe('string');
    expect(got.headers['x-acn-signature']).toBe(sign('s3cret', got.raw));
    expect(got.headers['x-agentnet-signature']).toBe(sign('s3cret', got.raw));
    expect(got.headers['x-acn-event']).toBe('agent.joined_subnet');
    expect(got.headers['x-acn-webhook-id']).toMatch(new RegExp(`^wh_${sid}_agent\\.joined_subnet_\\d+$`));
    expect(Number(got.headers['x-acn-timestamp'])).toBeGreaterThan(1e9);

    const cleared = await kit.call('PATCH', `/api/v1/subnets/${sid}/harness`, { key: owner.key, json: { harness_url: null } });
    expect(cleared.body).toMatchObject({ harness_url: null, harness_registered: false });
  });

  it('tries 3 times (5 s, then 10 s, scaled by the speed) and then gives up', async () => {
    const hook = await startReceiver([500, 503, 200]);
    closers.push(hook.close);
    const owner = await kit.join('Retry Owner');
    const sid = await kit.subnet(owner.key, { name: 'Retry Room' });
    await kit.call('PATCH', `/api/v1/subnets/${sid}/harness`, { key: owner.key, json: { harness_url: hook.url } });
    const org = await kit.call('POST', '/api/v1/orgs', { key: owner.key, json: { display_name: 'Retry Org', subnet_id: sid } });
    await hook.waitFor(3);
    expect(hook.received.map((r) => (r.body as { event: string }).event)).toEqual(['org.created', 'org.created', 'org.created']);
    expect((hook.received[0]?.body as { task_id: string }).task_id).toBe(org.body.org_id);
    expect(hook.received[0]?.headers['x-acn-signature']).toBeUndefined();
    // The receiver has the third try before the sandbox has recorded its answer: wait for the record.
    await vi.waitFor(() => expect(kit.sandbox.events.deliveries(sid)[0]).toMatchObject({ attempts: 3, status: 'delivered' }));

    const dead = await startReceiver([500]);
    closers.push(dead.close);
    await kit.call('PATCH', `/api/v1/subnets/${sid}/harness`, { key: owner.key, json: { harness_url: dead.url } });
    await kit.call('POST', `/api/v1/orgs/${org.body.org_id as string}/loop/tick`, { key: owner.key, json: {} });
    await dead.waitFor(3);
    // Once the delivery is marked failed the sender has given up: no fourth attempt can follow.
    await vi.waitFor(() => expect(kit.sandbox.events.deliveries(sid)[0]).toMatchObject({ event: 'org.loop_tick', attempts: 3, status: 'failed', last_status: 500 }));
    expect(dead.received).toHaveLength(3);
  });
});
