import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openMemoryDb } from '../store/testing/memory-db';
import { NonceStore, verifyDelivery, WINDOW_MS } from './signature';

describe('the body-only (legacy) signature', () => {
  const secret = 'whsec_test';
  const raw = JSON.stringify({ id: '1', eventType: 'tweet.new' });
  const headers = (key = secret) => new Headers({ 'x-xquik-signature': `sha256=${createHmac('sha256', key).update(raw).digest('hex')}` });

  it('accepts a body once in 5 minutes per webhook secret, and again once the 5 minutes have passed', async () => {
    const nonces = new NonceStore(await openMemoryDb());
    const t = Date.UTC(2026, 10, 2, 10, 0, 0);
    const judge = async (now: number, key = secret) => verifyDelivery({ secret: key, headers: headers(key), rawBody: raw, now, nonces });
    expect((await judge(t)).verdict).toBe('legacy');
    expect(await judge(t + 1_000)).toMatchObject({ verdict: 'refused', reason: expect.stringMatching(/replayed delivery/) });
    expect((await judge(t + WINDOW_MS)).verdict).toBe('refused');
    // The same body to another webhook (another secret) is that webhook's own delivery.
    expect((await judge(t + 2_000, 'whsec_other')).verdict).toBe('legacy');
    expect((await judge(t + WINDOW_MS + 1)).verdict).toBe('legacy');
    expect((await judge(t + WINDOW_MS + 2)).verdict).toBe('refused');
  });

  it('a forged body-only signature is refused without spending the body: the real delivery still passes', async () => {
    const nonces = new NonceStore(await openMemoryDb());
    const t = Date.UTC(2026, 10, 2, 10, 0, 0);
    expect((await verifyDelivery({ secret, headers: headers('whsec_forged'), rawBody: raw, now: t, nonces })).verdict).toBe('refused');
    expect((await verifyDelivery({ secret, headers: headers(), rawBody: raw, now: t, nonces })).verdict).toBe('legacy');
  });
});
