import { createHmac, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contracts/bff';
import { makeKit, type Kit } from '../testing/kit';

/** The console's webhook receiver: each delivery judged by the current scheme, the legacy one flagged. */
let kit: Kit;
let hookId = '';
let secret = '';
const events: LiveEvent[] = [];
beforeAll(async () => {
  kit = await makeKit();
  kit.app.hub.subscribe((e) => events.push(e));
  const res = await kit.json<{ id: string; secret: string; receiverUrl: string }>('/api/social-console/webhooks', { method: 'POST', json: { eventTypes: ['tweet.new'], origin: 'http://127.0.0.1:9' } });
  expect(res.status).toBe(201);
  hookId = res.body.receiverUrl.split('/').pop()!;
  secret = res.body.secret;
});
afterAll(async () => {
  await kit.close();
});

const body = JSON.stringify({ id: '9300001', eventType: 'tweet.new', username: 'ada', data: { tweetId: '1', text: 'hi' } });
const sign = (key: string, ts: string, nonce: string, raw: string) => `sha256=${createHmac('sha256', key).update(`${ts}.${nonce}.${raw}`).digest('hex')}`;
function deliver(opts: { key?: string; ts?: number; nonce?: string; raw?: string; sent?: string; legacy?: boolean } = {}) {
  const ts = String(opts.ts ?? Date.now());
  const nonce = opts.nonce ?? randomBytes(16).toString('hex');
  const raw = opts.raw ?? body;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.legacy) headers['x-xquik-signature'] = `sha256=${createHmac('sha256', opts.key ?? secret).update(raw).digest('hex')}`;
  else Object.assign(headers, { 'x-xquik-signature': sign(opts.key ?? secret, ts, nonce, raw), 'x-xquik-timestamp': ts, 'x-xquik-nonce': nonce });
  return kit.json<{ ok?: boolean; verdict?: string; message?: string }>(`/api/hooks/social/${hookId}`, { method: 'POST', body: opts.sent ?? raw, headers });
}
const lastDelivery = () => (events.filter((e) => e.type === 'social.delivery').at(-1) as Extract<LiveEvent, { type: 'social.delivery' }>).delivery;

describe('the social webhook receiver', () => {
  it('keeps the secret in a 0600 file and never shows it again', async () => {
    expect(secret).toMatch(/^whsec_/);
    expect(statSync(join(kit.dir, 'social-webhook-secrets.json')).mode & 0o777).toBe(0o600);
    const list = await kit.json('/api/social/api/v1/webhooks');
    expect(list.text).not.toContain(secret);
    expect((await kit.json('/api/social-console/received')).text).not.toContain(secret);
  });

  it('verifies a delivery signed with the current scheme and pushes it to every tab', async () => {
    const r = await deliver();
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, verdict: 'verified' });
    expect(lastDelivery()).toMatchObject({ verdict: 'verified', eventType: 'tweet.new', eventId: '9300001', hookId });
  });

  it('refuses the wrong secret, a stale timestamp, a replayed nonce and an altered body', async () => {
    const wrong = await deliver({ key: 'whsec_not_the_secret' });
    expect(wrong.status).toBe(401);
    expect(lastDelivery()).toMatchObject({ verdict: 'refused', reason: expect.stringMatching(/does not match/) });
    const stale = await deliver({ ts: Date.now() - 6 * 60_000 });
    expect(stale.status).toBe(401);
    expect(lastDelivery().reason).toMatch(/more than 5 minutes/);
    const nonce = randomBytes(16).toString('hex');
    expect((await deliver({ nonce })).status).toBe(200);
    const replay = await deliver({ nonce });
    expect(replay.status).toBe(401);
    expect(lastDelivery().reason).toMatch(/nonce was used before/);
    const altered = await deliver({ sent: body.replace('hi', 'bye') });
    expect(altered.status).toBe(401);
    expect(lastDelivery().reason).toMatch(/body was changed/);
  });

  it('accepts the legacy body-only signature only without a timestamp header, and flags it', async () => {
    const legacy = await deliver({ legacy: true });
    expect(legacy.body).toMatchObject({ verdict: 'legacy' });
    expect(lastDelivery().verdict).toBe('legacy');
    expect((await deliver({ legacy: true, key: 'whsec_other' })).status).toBe(401);
    // A legacy signature with a timestamp header present is judged by the current scheme, and fails.
    const mixed = await kit.json(`/api/hooks/social/${hookId}`, {
      method: 'POST',
      body,
      headers: { 'x-xquik-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`, 'x-xquik-timestamp': String(Date.now()), 'x-xquik-nonce': randomBytes(16).toString('hex') },
    });
    expect(mixed.status).toBe(401);
  });

  it('refuses a body-only signed body accepted in the last 5 minutes (a replay); another body passes', async () => {
    const raw = JSON.stringify({ id: '9300009', eventType: 'tweet.new', username: 'ada', data: { tweetId: '9', text: 'once' } });
    expect((await deliver({ legacy: true, raw })).body).toMatchObject({ verdict: 'legacy' });
    for (let i = 0; i < 2; i++) {
      const again = await deliver({ legacy: true, raw });
      expect(again.status).toBe(401);
      expect(again.body.message).toMatch(/accepted in the last 5 minutes with a body-only signature \(a replayed delivery\)/);
      expect(lastDelivery()).toMatchObject({ verdict: 'refused', eventId: '9300009' });
    }
    expect((await deliver({ legacy: true, raw: raw.replace('once', 'twice') })).body).toMatchObject({ verdict: 'legacy' });
  });

  it('lists what it received, newest first, by verdict; unknown receivers are 404', async () => {
    const refused = await kit.json<{ deliveries: Array<{ verdict: string }> }>('/api/social-console/received?verdict=refused');
    expect(refused.body.deliveries.length).toBeGreaterThanOrEqual(5);
    expect(refused.body.deliveries.every((d) => d.verdict === 'refused')).toBe(true);
    expect((await kit.json('/api/hooks/social/h_nobody', { method: 'POST', body })).status).toBe(404);
  });
});
