import { describe, expect, it } from 'vitest';
import { SocialCredits } from '../../contracts/social';
import { parseErrorBody } from '../../contracts/errors';
import { makeSandbox } from './test-kit';

const sb = makeSandbox();
type ErrorBody = { error: string; message: string; retryAfter?: number };

describe('social sandbox: keys, errors, limits', () => {
  it('answers 401 unauthenticated without a key of the service prefix', async () => {
    for (const key of [null, 'sk_live_123456', 'xq_1234', 'XQ_12345678', 'xq_abc def1']) {
      const res = await sb.call<ErrorBody>('/api/v1/credits', { key });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('unauthenticated');
      expect(res.body.message).toMatch(/x-api-key/);
    }
    expect((await sb.call('/api/v1/credits', { key: 'xq_12345' })).status).toBe(200);
  });

  it('verifies a key with the credit balance: integer strings, snake_case', async () => {
    const res = await sb.call('/api/v1/credits');
    expect(res.body).toEqual({ balance: '10000', lifetime_purchased: '10000', lifetime_used: '0', auto_topup_enabled: false, auto_topup_threshold: '0', auto_topup_amount_dollars: 0 });
    const parsed = SocialCredits.parse(res.body);
    expect(parsed).toEqual({ balance: 10000, lifetimePurchased: 10000, lifetimeUsed: 0, autoTopup: false });
    // Lenient in: a query parameter the service does not know is ignored.
    expect((await sb.call<ErrorBody>('/api/v1/credits?x=1')).status).toBe(200);
  });

  it('limits reads to 60 per second per key, with Retry-After and the live-service notes (docs/live-services.md#social-data--errors) body', async () => {
    const key = 'xq_rate_limited_account';
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await sb.call('/api/v1/credits', { key })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await sb.call<ErrorBody>('/api/v1/x/users/1', { key });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
    expect(limited.body).toEqual({ error: 'rate_limited', message: expect.stringMatching(/60 read requests per 1 s/), retryAfter });
    expect(parseErrorBody(429, limited.body, limited.headers.get('retry-after'))).toMatchObject({ code: 'rate_limited', retryAfter });
    // Another key is its own account; the limited key recovers once the window has passed.
    expect((await sb.call('/api/v1/credits', { key: 'xq_another_account' })).status).toBe(200);
    sb.clock.advance(1100);
    expect((await sb.call('/api/v1/credits', { key })).status).toBe(200);
  });

  it('answers 404 not_found for unknown operations and 405 for other methods', async () => {
    const unknown = await sb.call<ErrorBody>('/api/v1/x/spaces/123');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('not_found');
    expect(unknown.body.message).toMatch(/openapi\.json/);
    const list = await sb.call<ErrorBody>(`/api/v1/x/tweets/${sb.corpus().posts[0]!.id}/bookmarks`);
    expect(list.status).toBe(404);
    expect(list.body.message).toMatch(/^No operation GET \/api\/v1\/x\/tweets\/\d+\/bookmarks/);
    const post = await sb.call<ErrorBody>('/api/v1/credits', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });

  it('lets tests inject faults through the fault box', async () => {
    sb.faults.add({ kind: 'http', status: 503, path: '^/api/v1/credits$', count: 1, retryAfter: 2 });
    const failed = await sb.call<ErrorBody>('/api/v1/credits');
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('2');
    expect(failed.body.error).toMatch(/^[a-z_]+$/);
    expect((await sb.call('/api/v1/credits')).status).toBe(200);
    sb.faults.add({ kind: 'http', status: 429, count: 1 });
    const limited = await sb.call<ErrorBody>('/api/v1/x/trends');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(sb.faults.requests().some((r) => r.path === '/api/v1/x/trends' && r.status === 429)).toBe(true);
  });
});
