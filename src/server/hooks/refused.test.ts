import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HookDelivery } from '../../contracts/agentnet';
import type { ReceivedDelivery } from '../../contracts/social';
import { openMemoryDb } from '../store/testing/memory-db';
import { AgentnetStore } from '../agentnet/store';
import { makeKit, type Kit } from '../testing/kit';
import { ReceivedLog } from '../social/received-log';
import { REFUSED, RefusedRate } from './refused';

/** Refused webhook deliveries are bounded: a short preview, a rate per address, a cap and an age. */
const DAY = 24 * 3_600_000;
let clock = Date.UTC(2026, 10, 2, 10, 0, 0);
let kit: Kit;
beforeEach(async () => {
  clock = Date.UTC(2026, 10, 2, 10, 0, 0);
  kit = await makeKit({ now: () => clock });
});
afterEach(async () => {
  await kit.close();
});

const big = JSON.stringify({ event: 'org.work_updated', task_id: 'org_1', data: { pad: 'x'.repeat(100 * 1024) } });
const post = (path: string, raw: string, headers: Record<string, string> = {}) => kit.req(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw });
const sign = (secret: string, raw: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

describe('refused deliveries to the subnet event receiver', () => {
  it('keeps a 2 KB preview of each; past 30 a minute they are answered 429 and not kept; a signed delivery still passes', async () => {
    const hook = (await kit.json<{ hookId: string; secret: string }>('/api/agentnet/hooks', { method: 'POST', json: {} })).body;
    const path = `/api/hooks/agentnet/${hook.hookId}`;
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await post(path, big)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(REFUSED.perSource);
    expect(statuses.slice(REFUSED.perSource).every((s) => s === 429)).toBe(true);
    const over = await post(path, big);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await over.json()) as { error: string }).error).toMatch(/Too many refused deliveries from this address/);

    const logged = (await kit.json<{ deliveries: HookDelivery[] }>('/api/agentnet/hooks/events?limit=500')).body.deliveries;
    expect(logged).toHaveLength(REFUSED.perSource);
    expect(logged.every((d) => !d.verified && Buffer.byteLength(d.body) <= 2048)).toBe(true);

    const raw = JSON.stringify({ event: 'org.work_updated', timestamp: '2026-11-02T10:00:00Z', task_id: 'org_1', data: { pad: 'y'.repeat(10 * 1024) } });
    const good = await post(path, raw, { 'x-acn-signature': sign(hook.secret, raw) });
    expect(good.status).toBe(200);
    const kept = (await kit.json<{ deliveries: HookDelivery[] }>('/api/agentnet/hooks/events?limit=1')).body.deliveries[0];
    expect(kept).toMatchObject({ verified: true, body: raw });

    // The next minute, refused deliveries are kept again.
    clock += 60_000;
    expect((await post(path, big)).status).toBe(401);
  });
});

describe('refused deliveries to the social receiver', () => {
  it('past 30 a minute they are answered 429 and not kept; a signed delivery still passes', async () => {
    const made = await kit.json<{ secret: string; receiverUrl: string }>('/api/social-console/webhooks', { method: 'POST', json: { eventTypes: ['tweet.new'], origin: 'http://127.0.0.1:9' } });
    const path = `/api/hooks/social/${made.body.receiverUrl.split('/').pop()!}`;
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await post(path, big)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(REFUSED.perSource);
    expect(statuses.slice(REFUSED.perSource).every((s) => s === 429)).toBe(true);
    const refused = (await kit.json<{ deliveries: ReceivedDelivery[] }>('/api/social-console/received?verdict=refused&limit=100')).body.deliveries;
    expect(refused).toHaveLength(REFUSED.perSource);
    expect(refused.every((d) => Buffer.byteLength(JSON.stringify(d.body)) <= 2048)).toBe(true);

    const raw = JSON.stringify({ id: '9300002', eventType: 'tweet.new', data: { text: 'still heard' } });
    const legacy = await post(path, raw, { 'x-xquik-signature': sign(made.body.secret, raw) });
    expect(legacy.status).toBe(200);
  });
});

describe('the refused-delivery rate', () => {
  it('counts each address apart, caps every address together, and starts again each minute', () => {
    const rate = new RefusedRate();
    const t = Date.UTC(2026, 10, 2, 10, 0, 0);
    for (let i = 0; i < REFUSED.perSource; i++) expect(rate.take('198.51.100.1', t)).toBe(true);
    expect(rate.take('198.51.100.1', t)).toBe(false);
    expect(rate.take('198.51.100.2', t)).toBe(true);
    // Many addresses together stop at the total.
    let passed = REFUSED.perSource + 1;
    for (let i = 0; i < 2 * REFUSED.all; i++) if (rate.take(`203.0.113.${i}`, t + 1)) passed++;
    expect(passed).toBe(REFUSED.all);
    expect(rate.take('198.51.100.1', t + 60_000)).toBe(true);
  });

  it('in any minute: an address refused waits until its oldest counted delivery is a minute old', () => {
    const rate = new RefusedRate();
    const t = Date.UTC(2026, 10, 2, 10, 0, 50);
    for (let i = 0; i < REFUSED.perSource; i++) expect(rate.take('198.51.100.1', t + i * 1000)).toBe(true);
    // Past a minute's turn too (fixed windows would have started again at 10:01:00).
    expect(rate.take('198.51.100.1', t + 30_000)).toBe(false);
    expect(rate.retryAfter('198.51.100.1', t + 30_000)).toBe(30);
    expect(rate.message('198.51.100.1', t + 30_000)).toMatch(/try again in 30 s/);
    expect(rate.take('198.51.100.1', t + 60_000)).toBe(true);
  });
});

describe('refused deliveries kept', () => {
  it('the subnet receiver keeps the newest 1,000 refused deliveries for 7 days; verified ones stay', async () => {
    const store = await AgentnetStore.open(mkdtempSync(join(tmpdir(), 'triptych-refused-')));
    const t = Date.UTC(2026, 10, 2);
    const row = (verified: boolean, at: number) =>
      store.logDelivery({ hookId: 'hk_1', receivedAt: at, verified, refusal: verified ? null : 'no signature header', signatureHeader: null, event: null, webhookId: null, taskId: null, subnetId: null, orgId: null, data: null, body: '{}' });
    const old = await row(false, t);
    const verified = await row(true, t);
    for (let i = 0; i < REFUSED.keep; i++) await row(false, t + DAY + i);
    const all = await store.deliveries({ limit: 5000 });
    expect(all.filter((d) => !d.verified)).toHaveLength(REFUSED.keep);
    expect(all.some((d) => d.id === old.id)).toBe(false);
    expect(all.some((d) => d.id === verified.id)).toBe(true);
    // Eight days on, the refused ones are gone at the next refusal; the verified one is not.
    await row(false, t + 9 * DAY);
    expect((await store.deliveries({ limit: 5000 })).map((d) => d.verified)).toEqual([false, true]);
    await store.close();
  });

  it('the social receiver keeps the newest 1,000 refused deliveries for 7 days; verified ones stay', async () => {
    const db = await openMemoryDb();
    const log = new ReceivedLog(db);
    const t = Date.UTC(2026, 10, 2);
    const row = (verdict: 'refused' | 'legacy', at: number) => log.add({ hookId: 'h_1', webhookId: 'w_1', receivedAt: at, verdict, reason: null, eventType: null, eventId: null, deliveryId: null, body: {} });
    const old = await row('refused', t);
    const legacy = await row('legacy', t);
    for (let i = 0; i < REFUSED.keep; i++) await row('refused', t + DAY + i);
    const all = async () => (await log.list({ before: null, limit: 5000 })).deliveries;
    expect((await all()).filter((d) => d.verdict === 'refused')).toHaveLength(REFUSED.keep);
    expect((await all()).some((d) => d.id === old.id)).toBe(false);
    expect((await all()).some((d) => d.id === legacy.id)).toBe(true);
    expect(await log.pruneRefused(t + 9 * DAY)).toBe(REFUSED.keep);
    expect((await all()).map((d) => d.verdict)).toEqual(['legacy']);
    await db.close();
  });
});
