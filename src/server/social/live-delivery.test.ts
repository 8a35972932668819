import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contracts/bff';
import { getCorpus } from '../../sandbox/social/engine/corpus';
import { makeKit, type Kit } from '../testing/kit';

/**
 * The whole path on real sockets (loopback only): the sandbox's monitor sees new activity, its
 * webhook POSTs a signed delivery to the console's own receiver, the receiver verifies it, and an
 * open tab's event stream (`/api/events`) shows it as verified.
 */
let kit: Kit;
let server: ServerType;
let origin = '';
beforeAll(async () => {
  kit = await makeKit();
  server = serve({ fetch: kit.app.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((r) => server.once('listening', () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await kit.close();
});

/** Reads the SSE stream until an event passes `until`. */
async function waitForEvent(stream: ReadableStream<Uint8Array>, until: (e: LiveEvent) => boolean, timeoutMs: number): Promise<LiveEvent> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const end = Date.now() + timeoutMs;
  try {
    while (Date.now() < end) {
      const { value, done } = await Promise.race([reader.read(), new Promise<{ value: undefined; done: true }>((r) => setTimeout(() => r({ value: undefined, done: true }), end - Date.now()))]);
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n');
        if (!data) continue;
        const event = JSON.parse(data) as LiveEvent;
        if (until(event)) return event;
      }
    }
  } finally {
    await reader.cancel();
  }
  throw new Error('no such event arrived in time');
}

describe('a delivery from the sandbox to the console’s own receiver', () => {
  it('arrives as a verified event on every open tab’s stream', async () => {
    const events = await fetch(`${origin}/api/events`);
    expect(events.headers.get('content-type')).toMatch(/text\/event-stream/);
    const types = ['tweet.new', 'tweet.reply', 'tweet.quote', 'tweet.retweet', 'tweet.mention'];
    const hook = await fetch(`${origin}/api/social-console/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ eventTypes: types }) });
    expect(hook.status).toBe(201);
    const created = (await hook.json()) as { receiverUrl: string };
    expect(created.receiverUrl.startsWith(`${origin}/api/hooks/social/h_`)).toBe(true);
    const user = [...getCorpus().users].sort((a, b) => b.activity - a.activity)[0]!;
    const monitor = await fetch(`${origin}/api/social/api/v1/monitors`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user.username, eventTypes: types }) });
    expect(monitor.status).toBe(201);
    const started = Date.now();
    // Ten minutes of sandbox time: the sandbox's own ticker turns the activity into deliveries.
    await kit.control('/clock', { advanceMs: 10 * 60_000 });
    const got = await waitForEvent(events.body!, (e) => e.type === 'social.delivery', 15_000);
    expect(got).toMatchObject({ type: 'social.delivery', delivery: { verdict: 'verified', reason: null } });
    const delivery = (got as Extract<LiveEvent, { type: 'social.delivery' }>).delivery;
    expect(types).toContain(delivery.eventType);
    expect((delivery.body as { username?: string }).username).toBe(user.username);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
