import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../../node-lib/sqlite';
import { SandboxClock } from '../shared/clock';
import { FaultBox } from '../shared/faults';
import { createSocialSandbox, SOCIAL_ROOT, socialMigrations } from '.';

/** The social sandbox's state lives in its database: a new sandbox over the same file sees it all. */
describe('the social sandbox across a restart, and its write and delete limits', () => {
  const db = openSqlite(':memory:', ['CREATE TABLE sandbox_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);', ...socialMigrations]);
  const clock = new SandboxClock(db);
  const start = (speed = 50) => {
    const s = createSocialSandbox({ clock, faults: new FaultBox(), db, speed });
    s.stop();
    const app = new Hono().route(SOCIAL_ROOT, s.app);
    const call = async (path: string, key: string, init: { method?: string; json?: unknown } = {}) => {
      const res = await app.request(`http://127.0.0.1${SOCIAL_ROOT}/api/v1${path}`, {
        method: init.method ?? (init.json ? 'POST' : 'GET'),
        headers: { 'x-api-key': key, ...(init.json ? { 'content-type': 'application/json' } : {}) },
        body: init.json ? JSON.stringify(init.json) : undefined,
      });
      return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
    };
    return { s, call };
  };

  it('keeps jobs, credits, monitors and webhooks', async () => {
    const key = 'xq_restart_test_1';
    const a = start();
    const u = a.s.services.data().corpus.users[42]!;
    const job = await a.call('/extractions', key, { json: { toolType: 'following_explorer', targetUsername: u.username, resultsLimit: 40 } });
    const monitor = await a.call('/monitors', key, { json: { username: u.username, eventTypes: ['tweet.new'] } });
    const hook = await a.call('/webhooks', key, { json: { url: 'http://127.0.0.1:9/h', eventTypes: ['tweet.new'] } });
    const balance = (await a.call('/credits', key)).body.balance;
    clock.advance(60_000);
    const b = start();
    expect((await b.call('/credits', key)).body.balance).toBe(balance);
    expect((await b.call(`/extractions/${job.body.id as string}`, key)).body.job).toMatchObject({ id: job.body.id, status: 'completed', totalResults: 40 });
    expect((await b.call(`/monitors/${monitor.body.id as string}`, key)).body).toMatchObject({ username: u.username, isActive: true });
    expect((await b.call('/monitors', key, { json: { username: u.username, eventTypes: ['tweet.new'] } })).status).toBe(409);
    expect((await b.call('/webhooks', key)).body.webhooks).toEqual([expect.objectContaining({ id: hook.body.id })]);
  });

  it('limits writes to 30 and deletes to 15 per window, with Retry-After', async () => {
    // At the document's own speed, so the 60 s windows cannot pass during the test.
    const { call } = start(1);
    const key = 'xq_limits_test_1';
    let status = 0;
    let n = 0;
    for (; n < 40 && status !== 429; n++) status = (await call('/webhooks', key, { json: { url: 'http://127.0.0.1:9/h', eventTypes: ['tweet.new'] } })).status;
    expect(n).toBe(31);
    const limited = await call('/webhooks', key, { json: { url: 'http://127.0.0.1:9/h', eventTypes: ['tweet.new'] } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.body).toMatchObject({ error: 'rate_limited', retryAfter: expect.any(Number) });
    // Reads have their own class, and deletes theirs.
    expect((await call('/webhooks', key)).status).toBe(200);
    let d = 0;
    for (status = 0; d < 20 && status !== 429; d++) status = (await call('/webhooks/1', key, { method: 'DELETE' })).status;
    expect(d).toBe(16);
  });
});
