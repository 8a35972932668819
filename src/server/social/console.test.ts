import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../contracts/bff';
import { OnlyNewPage, Schedule, TrackedJob } from '../../contracts/social';
import { getCorpus } from '../../sandbox/social/engine/corpus';
import { makeKit, type Kit } from '../testing/kit';

/** What the BFF adds around the social service, against the real sandbox: only-new, schedules, downloads, the spend guard. */
let kit: Kit;
const notices: LiveEvent[] = [];
const corpus = getCorpus();
const target = corpus.users.find((u) => u.followersCount > 1500 && u.followersCount < 5000)!;
const active = [...corpus.users].sort((a, b) => b.activity - a.activity)[2]!;
beforeAll(async () => {
  kit = await makeKit();
  kit.app.hub.subscribe((e) => e.type === 'notice' && notices.push(e));
});
afterAll(async () => {
  await kit.close();
});

/** Starts a job through the proxy and waits until the console has read it to the end. */
async function run(body: Record<string, unknown>) {
  const created = await kit.json<{ id: string }>('/api/social/api/v1/extractions', { method: 'POST', json: body });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  return vi.waitFor(
    async () => {
      await kit.app.socialConsole.watcher.poll();
      const job = TrackedJob.parse((await kit.json(`/api/social-console/jobs/${created.body.id}`)).body);
      if (job.newRows === null) throw new Error(`job ${created.body.id} not finished`);
      return job;
    },
    { timeout: 20_000, interval: 50 },
  );
}
async function newRows(id: string) {
  const rows: Array<Record<string, unknown>> = [];
  let cursor = '';
  for (;;) {
    const page = OnlyNewPage.parse((await kit.json(`/api/social-console/jobs/${id}/new?limit=40${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body);
    rows.push(...page.rows);
    if (!page.hasMore) return rows;
    cursor = page.nextCursor!;
  }
}

describe('only new since the last run', () => {
  it('a second run of the same tool on the same target shows only the rows the first did not have', async () => {
    const first = await run({ toolType: 'follower_explorer', targetUsername: target.username, resultsLimit: 100 });
    expect(first).toMatchObject({ status: 'completed', totalRows: 100, newRows: 100, firstRun: true, target: `@${target.username.toLowerCase()}` });
    const firstIds = new Set((await newRows(first.id)).map((r) => r.xUserId));
    expect(firstIds.size).toBe(100);
    const second = await run({ toolType: 'follower_explorer', targetUsername: `@${target.username.toUpperCase()}`, resultsLimit: 160 });
    expect(second).toMatchObject({ totalRows: 160, newRows: 60, firstRun: false });
    const fresh = await newRows(second.id);
    expect(fresh).toHaveLength(60);
    expect(fresh.some((r) => firstIds.has(r.xUserId))).toBe(false);
    expect(notices.some((n) => n.type === 'notice' && n.notice.message.includes('60 new since the last run'))).toBe(true);
  });

  it('a target that grew shows its new posts (live activity on the sandbox clock)', async () => {
    const first = await run({ toolType: 'post_extractor', targetUsername: active.username, resultsLimit: 1000 });
    await kit.control('/clock', { advanceMs: 40 * 60_000 });
    const second = await run({ toolType: 'post_extractor', targetUsername: active.username, resultsLimit: 1000 });
    expect(second.newRows).toBeGreaterThan(0);
    const fresh = await newRows(second.id);
    expect(fresh).toHaveLength(second.newRows!);
    expect(fresh.every((r) => String(r.tweetId).startsWith('3'))).toBe(true);
    expect(first.newRows).toBe(first.totalRows);
  });
});

describe('schedules', () => {
  it('run a tool on a target every N hours, each run only new; survive a restart', async () => {
    const res = await kit.json<unknown>('/api/social-console/schedules', { method: 'POST', json: { request: { toolType: 'following_explorer', targetUsername: target.username, resultsLimit: 30 }, everyHours: 6 } });
    expect(res.status).toBe(201);
    const s = Schedule.parse(res.body);
    expect(s.lastJobId).not.toBeNull();
    expect(s.nextRunAt! - s.lastRunAt!).toBe(6 * 3_600_000);
    await kit.restart();
    const after = Schedule.parse((await kit.json<{ schedules: unknown[] }>('/api/social-console/schedules')).body.schedules[0]);
    expect(after).toMatchObject({ id: s.id, nextRunAt: s.nextRunAt, lastJobId: s.lastJobId });
    const again = await kit.json<{ jobId: string }>(`/api/social-console/schedules/${s.id}/run`, { method: 'POST' });
    expect(again.status).toBe(200);
    await vi.waitFor(
      async () => {
        await kit.app.socialConsole.watcher.poll();
        expect(TrackedJob.parse((await kit.json(`/api/social-console/jobs/${again.body.jobId}`)).body).newRows).not.toBeNull();
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(TrackedJob.parse((await kit.json(`/api/social-console/jobs/${again.body.jobId}`)).body)).toMatchObject({ scheduleId: s.id, newRows: 0, totalRows: 30 });
    expect(Schedule.parse((await kit.json(`/api/social-console/schedules/${s.id}`, { method: 'PATCH', json: { active: false } })).body)).toMatchObject({ active: false, nextRunAt: null });
    expect((await kit.req(`/api/social-console/schedules/${s.id}`, { method: 'DELETE' })).status).toBe(204);
  });
});

describe('downloads, the spend guard, writes', () => {
  it('streams an export with its Content-Length and file name', async () => {
    const job = await run({ toolType: 'reply_extractor', targetTweetId: corpus.posts.find((p) => p.replies > 300)!.id, resultsLimit: 250 });
    const res = await kit.req(`/api/social-console/extractions/${job.id}/export?format=csv`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="extraction-${job.id}.csv"`);
    expect(parse(bytes, { columns: true })).toHaveLength(250);
    expect((await kit.json(`/api/social-console/extractions/${job.id}/export?format=doc`)).status).toBe(400);
  });

  it('prices a credit-spending request by the service, records it in the spend ledger and refuses what passes a limit before anything is sent', async () => {
    expect((await kit.json('/api/spend/limits/social', { method: 'PUT', json: { perWrite: 3 } })).status).toBe(200);
    const posts = async () => (await kit.json<{ requests: Array<{ method: string; path: string }> }>('/sandbox/__control/social/requests')).body.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/extractions').length;
    const before = await posts();
    type Writes = { writes: Array<{ operation: string; reserved: number; status: string; unit: string }> };
    const ledger = async (status = '') => (await kit.json<Writes>(`/api/spend/writes?service=social&limit=200${status && `&status=${status}`}`)).body.writes;
    const recorded = (await ledger()).length;
    const body = { toolType: 'follower_explorer', targetUsername: target.username, resultsLimit: 200 };
    const refused = await kit.json<{ error: { code: string; message: string } }>('/api/social/api/v1/extractions', { method: 'POST', json: body });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('spend_limit');
    expect(refused.body.error.message).toMatch(/costs 10 credits, more than the Social service's per-write limit of 3 credits/);
    expect(await posts()).toBe(before);
    // A dry run spends nothing: it is neither guarded nor recorded.
    expect((await kit.json('/api/social/api/v1/extractions?dry_run=true', { method: 'POST', json: body })).status).toBeLessThan(300);
    expect((await kit.json('/api/social/api/v1/monitors', { method: 'POST', json: { username: target.username, eventTypes: ['tweet.new'] } })).status).toBe(201);
    // The refused extraction and the dry run left no row; the monitor did, at its price.
    const writes = await ledger();
    expect(writes).toHaveLength(recorded + 1);
    expect([writes[0]?.operation, writes[0]?.reserved, writes[0]?.status, writes[0]?.unit]).toEqual(['monitors.create', 1, 'sent', 'credits']);
    const refusedBefore = (await ledger('refused')).length;
    const dup = await kit.json<{ error: { status: number; code: string; message: string } }>('/api/social/api/v1/monitors', { method: 'POST', json: { username: target.username, eventTypes: ['tweet.new'] } });
    expect(dup.body.error).toMatchObject({ status: 409, code: 'monitor_already_exists' });
    // The service refused the second monitor: recorded, as refused, charging nothing.
    expect(await ledger('refused')).toHaveLength(refusedBefore + 1);
    expect((await kit.json('/api/spend/limits/social', { method: 'PUT', json: { perWrite: null } })).status).toBe(200);
  });

  it('passes the Idempotency-Key of an account write on, and nothing else of the caller', async () => {
    const me = (await kit.json<{ xUsername: string }>('/api/social/api/v1/account')).body.xUsername;
    const path = `/api/social/api/v1/x/tweets/${corpus.posts[300]!.id}/like`;
    const missing = await kit.json<{ error: { code: string } }>(path, { method: 'POST', json: { account: me } });
    expect(missing.body.error.code).toBe('missing_idempotency_key');
    const liked = await kit.json<{ action: string; status: string }>(path, { method: 'POST', json: { account: me }, headers: { 'Idempotency-Key': 'bff-like-000001', authorization: 'Bearer stolen' } });
    expect(liked.status).toBe(201);
    expect(liked.body).toMatchObject({ action: 'like', status: 'success' });
  });
});
