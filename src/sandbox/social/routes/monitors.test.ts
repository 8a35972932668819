import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryList, EventList, Monitor, MonitorList, Webhook } from '../../../contracts/social';
import { signature } from '../engine/hooks/signing';
import { freshKey, makeSandbox } from '../test-kit';

/** Monitors over live activity, events, and webhook deliveries as real signed HTTP POSTs to a loopback receiver. */
const sb = makeSandbox(undefined, { speed: 50 });
const slotMs = 60_000 / 50;
const allTweetEvents = ['tweet.new', 'tweet.reply', 'tweet.quote', 'tweet.retweet', 'tweet.mention', 'tweet.media', 'tweet.link', 'tweet.hashtag'];

type Received = { path: string; headers: IncomingMessage['headers']; body: string };
const received: Received[] = [];
let failing = true;
let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.statusCode = req.url === '/fail' && failing ? 500 : 204;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Moves the sandbox clock on by whole slots and lets the sandbox work (events, deliveries). */
async function run(slots: number, rounds = 3) {
  for (let i = 0; i < slots; i++) {
    sb.clock.advance(slotMs);
    await sb.social.tick();
  }
  for (let i = 0; i < rounds; i++) await sb.social.tick();
}

describe('monitors', () => {
  it('creates, refuses a duplicate with 409 (not to be retried), pauses, resumes and deletes', async () => {
    const key = freshKey();
    const user = sb.corpus().users[10]!;
    const created = await sb.call('/api/v1/monitors', { key, json: { username: user.username, eventTypes: ['tweet.new'] } });
    expect(created.status).toBe(201);
    const m = Monitor.parse(created.body);
    expect(m).toMatchObject({ kind: 'account', username: user.username, userId: user.id, active: true });
    expect(m.nextBillingAt).not.toBeNull();
    const again = await sb.call<{ error: string; message: string }>('/api/v1/monitors', { key, json: { username: user.username.toUpperCase(), eventTypes: ['tweet.reply'] } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('monitor_already_exists');
    expect(again.headers.get('x-should-retry')).toBe('false');
    const paused = Monitor.parse((await sb.call(`/api/v1/monitors/${m.id}`, { key, method: 'PATCH', json: { isActive: false } })).body);
    expect(paused).toMatchObject({ active: false, nextBillingAt: null });
    expect(paused.pausedAt).not.toBeNull();
    expect(Monitor.parse((await sb.call(`/api/v1/monitors/${m.id}`, { key, method: 'PATCH', json: { isActive: true, eventTypes: ['tweet.new', 'tweet.reply'] } })).body)).toMatchObject({ active: true, eventTypes: ['tweet.new', 'tweet.reply'] });
    const kw = await sb.call('/api/v1/monitors/keywords', { key, json: { query: 'Flat White', eventTypes: ['tweet.new'] } });
    expect(kw.status).toBe(201);
    expect((await sb.call('/api/v1/monitors/keywords', { key, json: { query: 'flat white', eventTypes: ['tweet.new'] } })).status).toBe(409);
    expect(MonitorList.parse((await sb.call('/api/v1/monitors/keywords', { key })).body).monitors.map((x) => x.query)).toEqual(['Flat White']);
    expect(MonitorList.parse((await sb.call('/api/v1/monitors', { key })).body).total).toBe(1);
    expect((await sb.call(`/api/v1/monitors/${m.id}`, { key, method: 'DELETE' })).body).toEqual({ success: true });
    expect((await sb.call(`/api/v1/monitors/${m.id}`, { key })).status).toBe(404);
    // Deleted, the subject can be watched again.
    expect((await sb.call('/api/v1/monitors', { key, json: { username: user.username, eventTypes: ['tweet.new'] } })).status).toBe(201);
    // Created twice and resumed once: three billed hours.
    expect((await sb.call<{ balance: string }>('/api/v1/credits', { key })).body.balance).toBe(String(10_000 - 4));
  });

  it('turns new activity of the watched account into events, delivered signed to the webhook', async () => {
    const key = freshKey();
    const hook = await sb.call('/api/v1/webhooks', { key, json: { url: `${origin}/ok`, eventTypes: allTweetEvents } });
    expect(hook.status).toBe(201);
    const created = Webhook.parse(hook.body);
    expect(created.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(JSON.stringify((await sb.call('/api/v1/webhooks', { key })).body)).not.toContain(created.secret!);
    const user = [...sb.corpus().users].sort((a, b) => b.activity - a.activity)[0]!;
    await sb.call('/api/v1/monitors', { key, json: { username: user.username, eventTypes: allTweetEvents } });
    await run(12);
    const events = EventList.parse((await sb.call('/api/v1/events?limit=100', { key })).body).events;
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => allTweetEvents.includes(e.type) && e.username === user.username)).toBe(true);
    const mine = received.filter((r) => r.path === '/ok');
    expect(mine.length).toBe(events.length);
    for (const r of mine) {
      const ts = r.headers['x-xquik-timestamp'] as string;
      const nonce = r.headers['x-xquik-nonce'] as string;
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(Math.abs(Date.now() - Number(ts))).toBeLessThan(60_000);
      expect(r.headers['x-xquik-signature']).toBe(signature(created.secret!, ts, nonce, r.body));
    }
    const one = events[0]!;
    expect((await sb.call(`/api/v1/events/${one.id}`, { key })).body).toMatchObject({ id: one.id, type: one.type });
    const tweet = await sb.call(`/api/v1/x/tweets/${one.data.tweetId as string}`, { key });
    expect(tweet.status).toBe(200);
    const deliveries = DeliveryList.parse((await sb.call(`/api/v1/webhooks/${created.id}/deliveries`, { key })).body).deliveries;
    expect(deliveries.every((d) => d.status === 'delivered' && d.attempts === 1 && d.lastStatusCode === 204)).toBe(true);
  });

  it('retries a failing receiver after 1, 2, 4, 8, 16 s (scaled), logs each attempt, pauses, and resumes', async () => {
    const key = freshKey();
    failing = true;
    const hook = Webhook.parse((await sb.call('/api/v1/webhooks', { key, json: { url: `${origin}/fail`, eventTypes: allTweetEvents } })).body);
    const user = [...sb.corpus().users].sort((a, b) => b.activity - a.activity)[1]!;
    await sb.call('/api/v1/monitors', { key, json: { username: user.username, eventTypes: allTweetEvents } });
    let deliveries: ReturnType<typeof DeliveryList.parse>['deliveries'] = [];
    for (let i = 0; i < 80 && !deliveries.some((d) => d.status === 'exhausted'); i++) {
      await run(1, 1);
      deliveries = DeliveryList.parse((await sb.call(`/api/v1/webhooks/${hook.id}/deliveries`, { key })).body).deliveries;
    }
    const exhausted = deliveries.find((d) => d.status === 'exhausted')!;
    expect(exhausted.attempts).toBe(6);
    expect(exhausted.log.map((a) => a.statusCode)).toEqual([500, 500, 500, 500, 500, 500]);
    const gaps = exhausted.log.slice(1).map((a, i) => (a.at ?? 0) - (exhausted.log[i]!.at ?? 0));
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(((2 ** i) * 1000) / 50));
    const paused = Webhook.parse((await sb.call<{ webhooks: unknown[] }>('/api/v1/webhooks', { key })).body.webhooks[0]);
    expect(paused.deliveryStatus).toBe('paused');
    // Paused: later events wait.
    await run(6);
    const held = DeliveryList.parse((await sb.call(`/api/v1/webhooks/${hook.id}/deliveries`, { key })).body).deliveries.filter((d) => d.status === 'pending' && d.attempts === 0);
    const failedTest = await sb.call<{ success: boolean; statusCode: number }>(`/api/v1/webhooks/${hook.id}/resume`, { key, method: 'POST' });
    expect(failedTest.body).toMatchObject({ success: false, statusCode: 500 });
    failing = false;
    const resumed = await sb.call<{ success: boolean; webhook: unknown }>(`/api/v1/webhooks/${hook.id}/resume`, { key, method: 'POST' });
    expect(resumed.body.success).toBe(true);
    expect(Webhook.parse(resumed.body.webhook).deliveryStatus).toBe('active');
    await run(0, 3);
    const after = DeliveryList.parse((await sb.call(`/api/v1/webhooks/${hook.id}/deliveries`, { key })).body).deliveries;
    for (const h of held) expect(after.find((d) => d.id === h.id)?.status).toBe('delivered');
  });

  it('a webhook changed (URL, event types, on or off) delivers as changed; a keyword monitor is retyped', async () => {
    const key = freshKey();
    const first = `/first-${key}`;
    const moved = `/moved-${key}`;
    const hook = Webhook.parse((await sb.call('/api/v1/webhooks', { key, json: { url: `${origin}${first}`, eventTypes: ['profile.bio.changed'] } })).body);
    const changed = await sb.call(`/api/v1/webhooks/${hook.id}`, { key, method: 'PATCH', json: { url: `${origin}${moved}`, eventTypes: allTweetEvents } });
    expect(changed.status).toBe(200);
    expect(Webhook.parse(changed.body)).toMatchObject({ id: hook.id, url: `${origin}${moved}`, eventTypes: allTweetEvents, active: true });
    expect(Webhook.parse((await sb.call<{ webhooks: unknown[] }>('/api/v1/webhooks', { key })).body.webhooks[0])).toMatchObject({ url: `${origin}${moved}`, eventTypes: allTweetEvents });
    // What the update schema refuses, the service refuses too.
    expect((await sb.call(`/api/v1/webhooks/${hook.id}`, { key, method: 'PATCH', json: { url: 'not a url' } })).status).toBe(400);
    expect((await sb.call(`/api/v1/webhooks/${hook.id}`, { key, method: 'PATCH', json: {} })).status).toBe(400);
    expect((await sb.call(`/api/v1/webhooks/${hook.id}`, { key, method: 'PATCH', json: { eventTypes: [] } })).status).toBe(400);

    const user = [...sb.corpus().users].sort((a, b) => b.activity - a.activity)[0]!;
    await sb.call('/api/v1/monitors', { key, json: { username: user.username, eventTypes: allTweetEvents } });
    await run(12);
    const at = (path: string) => received.filter((r) => r.path === path).length;
    expect(at(first)).toBe(0);
    const delivered = at(moved);
    expect(delivered).toBeGreaterThan(0);

    // Off: events go on being logged, none is delivered.
    expect(Webhook.parse((await sb.call(`/api/v1/webhooks/${hook.id}`, { key, method: 'PATCH', json: { isActive: false } })).body).active).toBe(false);
    const logged = EventList.parse((await sb.call('/api/v1/events?limit=100', { key })).body).events.length;
    await run(12);
    expect(EventList.parse((await sb.call('/api/v1/events?limit=100', { key })).body).events.length).toBeGreaterThan(logged);
    expect(at(moved)).toBe(delivered);

    const kw = Monitor.parse((await sb.call('/api/v1/monitors/keywords', { key, json: { query: 'espresso', eventTypes: ['tweet.new'] } })).body);
    const retyped = await sb.call(`/api/v1/monitors/keywords/${kw.id}`, { key, method: 'PATCH', json: { eventTypes: ['tweet.new', 'tweet.reply'] } });
    expect(Monitor.parse(retyped.body)).toMatchObject({ kind: 'keyword', eventTypes: ['tweet.new', 'tweet.reply'], active: true });
    expect(Monitor.parse((await sb.call(`/api/v1/monitors/keywords/${kw.id}`, { key })).body).eventTypes).toEqual(['tweet.new', 'tweet.reply']);
    expect((await sb.call(`/api/v1/monitors/keywords/${kw.id}`, { key, method: 'PATCH', json: { eventTypes: ['tweet.nope'] } })).status).toBe(400);
  });

  it('sends a test delivery, and delivers only to loopback', async () => {
    const key = freshKey();
    const hook = Webhook.parse((await sb.call('/api/v1/webhooks', { key, json: { url: `${origin}/ok`, eventTypes: ['tweet.new'] } })).body);
    const test = await sb.call(`/api/v1/webhooks/${hook.id}/test`, { key, method: 'POST' });
    expect(test.body).toEqual({ statusCode: 204, success: true });
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({ eventType: 'webhook.test' });
    // A destination this sandbox cannot deliver to is refused when it is given, with the reason, and nothing is kept.
    const before = (await sb.call<{ webhooks: unknown[] }>('/api/v1/webhooks', { key })).body.webhooks.length;
    const away = await sb.call<{ message: string }>('/api/v1/webhooks', { key, json: { url: 'https://hooks.example.com/in', eventTypes: ['tweet.new'] } });
    expect(away.status).toBe(400);
    expect(away.body.message).toMatch(/^This sandbox cannot deliver to https:\/\/hooks\.example\.com\/in: .*loopback/);
    expect((await sb.call<{ webhooks: unknown[] }>('/api/v1/webhooks', { key })).body.webhooks).toHaveLength(before);
    const moved = await sb.call<{ message: string }>(`/api/v1/webhooks/${hook.id}`, { key, method: 'PATCH', json: { url: 'https://hooks.example.com/in' } });
    expect(moved.status).toBe(400);
    expect(Webhook.parse((await sb.call<{ webhooks: unknown[] }>(`/api/v1/webhooks`, { key })).body.webhooks[0]).url).toBe(`${origin}/ok`);
    const updated = Webhook.parse((await sb.call(`/api/v1/webhooks/${hook.id}`, { key, method: 'PATCH', json: { isActive: false } })).body);
    expect(updated.active).toBe(false);
    expect((await sb.call(`/api/v1/webhooks/${hook.id}`, { key, method: 'DELETE' })).body).toEqual({ success: true });
  });
});
