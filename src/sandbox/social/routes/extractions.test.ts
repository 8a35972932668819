import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExtractionEstimate, ExtractionJob, ExtractionPage, toolTargets, toolTypes, type ToolType } from '../../../contracts/social';
import { Groups } from '../engine/universe/groups';
import { freshKey, makeSandbox } from '../test-kit';

/** Extraction jobs over the sandbox: every tool, estimates that match, cursor walks, credits. */
const sb = makeSandbox(undefined, { speed: 50 });
const corpus = sb.corpus();
const groups = new Groups(corpus);
const busy = [...corpus.posts].filter((p) => p.kind === 'original').sort((a, b) => b.replies - a.replies)[0]!;
const article = corpus.posts.find((p) => p.kind === 'original' && p.hasLink)!;
const popular = [...corpus.users].sort((a, b) => b.followersCount - a.followersCount)[0]!;
const modest = corpus.users.find((u) => u.followersCount > 300 && u.followersCount < 2000)!;
const list = groups.all.find((g) => g.kind === 'list')!;
const community = groups.all.find((g) => g.kind === 'community')!;

const targetFor: Record<string, Record<string, unknown>> = {
  tweet: { targetTweetId: `https://x.com/${corpus.users[busy.author]!.username}/status/${busy.id}` },
  username: { targetUsername: `@${modest.username}` },
  userId: { targetUserId: modest.id },
  community: { targetCommunityId: community.id, searchQuery: 'the' },
  list: { targetListId: list.id },
  space: { targetSpaceId: '1YqKDqWqdPLsV' },
  query: { searchQuery: 'coffee', language: 'en' },
};
const bodyFor = (tool: ToolType, extra: Record<string, unknown> = {}) => ({
  toolType: tool,
  ...targetFor[toolTargets[tool]],
  ...(tool === 'article_extractor' ? { targetTweetId: article.id } : {}),
  resultsLimit: 300,
  ...extra,
});

type Page = { job: Record<string, unknown>; results: Array<Record<string, unknown>>; hasMore: boolean; nextCursor?: string };

async function finish(key: string, id: string) {
  for (let i = 0; i < 200; i++) {
    const res = await sb.call<Page>(`/api/v1/extractions/${id}?limit=1`, { key });
    const job = ExtractionJob.parse(res.body.job);
    if (job.status === 'completed' || job.status === 'failed') return job;
    sb.clock.advance(500);
  }
  throw new Error(`job ${id} did not finish`);
}

/** Reads every row of a job page by page; returns the ids of the rows' users or posts. */
async function readAll(key: string, id: string, limit: number) {
  const ids: string[] = [];
  let cursor = '';
  for (let pages = 0; pages < 5000; pages++) {
    const res = await sb.call<Page>(`/api/v1/extractions/${id}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { key });
    expect(res.status).toBe(200);
    const page = ExtractionPage.parse(res.body);
    ids.push(...page.rows.map((r) => r.tweetId ?? r.userId ?? ''));
    if (!page.hasMore) return ids;
    cursor = page.cursor!;
  }
  throw new Error('walk did not end');
}

describe('extractions', () => {
  it('every one of the 23 tools runs: pending → running → completed, as many rows as estimated, each once', async () => {
    expect(toolTypes).toHaveLength(23);
    const key = freshKey();
    for (const tool of toolTypes) {
      const est = await sb.call('/api/v1/extractions/estimate', { key, json: bodyFor(tool) });
      expect(est.status, `${tool}: ${JSON.stringify(est.body)}`).toBe(200);
      const estimate = ExtractionEstimate.parse(est.body);
      const created = await sb.call<Record<string, unknown>>('/api/v1/extractions', { key, json: bodyFor(tool) });
      expect(created.status, tool).toBe(202);
      expect(created.body).toMatchObject({ toolType: tool, status: 'pending', estimatedResults: estimate.estimatedResults });
      const job = await finish(key, created.body.id as string);
      expect(job.status).toBe('completed');
      expect(job.totalResults, tool).toBe(estimate.estimatedResults);
      const ids = await readAll(key, job.id, 97);
      expect(ids.length, tool).toBe(estimate.estimatedResults);
      expect(new Set(ids).size, tool).toBe(ids.length);
      if (!['article_extractor', 'community_moderator_explorer'].includes(tool)) expect(estimate.estimatedResults, tool).toBeGreaterThan(0);
    }
  });

  it('charges what it estimated, lists jobs by status and tool, and refuses what the balance cannot pay', async () => {
    const key = freshKey();
    const before = Number((await sb.call<{ balance: string }>('/api/v1/credits', { key })).body.balance);
    const est = ExtractionEstimate.parse((await sb.call('/api/v1/extractions/estimate', { key, json: bodyFor('follower_explorer', { resultsLimit: 200 }) })).body);
    expect(est).toMatchObject({ allowed: true, estimatedResults: 200, creditsRequired: 10, source: 'resultsLimit', resolvedUserId: modest.id });
    const job = await sb.call<{ id: string }>('/api/v1/extractions', { key, json: bodyFor('follower_explorer', { resultsLimit: 200 }) });
    const after = Number((await sb.call<{ balance: string }>('/api/v1/credits', { key })).body.balance);
    expect(before - after).toBe(est.creditsRequired);
    await finish(key, job.body.id);
    const listed = await sb.call<{ extractions: Array<{ id: string; status: string; toolType: string }> }>('/api/v1/extractions?status=completed&toolType=follower_explorer', { key });
    expect(listed.body.extractions.map((j) => j.id)).toEqual([job.body.id]);
    sb.social.services.credits.setBalance(key, 5);
    const big = await sb.call<{ error: string; message: string }>('/api/v1/extractions', { key, json: { toolType: 'follower_explorer', targetUsername: popular.username } });
    expect(big.status).toBe(402);
    expect(big.body.error).toBe('insufficient_credits');
    expect(big.headers.get('x-should-retry')).toBe('false');
    const dry = await sb.call<{ allowed: boolean }>('/api/v1/extractions?dry_run=true', { key, json: bodyFor('follower_explorer', { resultsLimit: 20 }) });
    expect(dry.status).toBe(200);
    expect(dry.body.allowed).toBe(true);
  });

  it('walks 150,000 followers generated beyond the corpus in pages of 1,000, each once', async () => {
    const key = freshKey();
    const body = { toolType: 'follower_explorer', targetUsername: popular.username };
    const est = ExtractionEstimate.parse((await sb.call('/api/v1/extractions/estimate', { key, json: body })).body);
    expect(est).toMatchObject({ estimatedResults: 150_000, creditsRequired: 7500, source: 'followers', allowed: true });
    const created = await sb.call<{ id: string }>('/api/v1/extractions', { key, json: body });
    await finish(key, created.body.id);
    const ids = await readAll(key, created.body.id, 1000);
    expect(ids.length).toBe(150_000);
    expect(new Set(ids).size).toBe(150_000);
    expect((await sb.call(`/api/v1/extractions/${created.body.id}?limit=1001`, { key })).status).toBe(400);
    expect((await sb.call(`/api/v1/extractions/${created.body.id}?limit=0`, { key })).status).toBe(400);
  });

  afterEach(() => void vi.useRealTimers());

  it('reports the rows a running job has collected: growing on the clock, the same in the list and in the pages, ending at the estimate', async () => {
    const key = freshKey();
    // The wall clock stands still: only the sandbox clock moves the job on.
    vi.useFakeTimers({ toFake: ['Date'] });
    const body = { toolType: 'follower_explorer', targetUsername: popular.username, resultsLimit: 40_000 };
    const created = await sb.call<{ id: string }>('/api/v1/extractions', { key, json: body });
    expect(created.status).toBe(202);
    const seen: Array<{ status: string; rows: number }> = [];
    for (let i = 0; i < 400; i++) {
      const got = ExtractionPage.parse((await sb.call(`/api/v1/extractions/${created.body.id}?limit=1000`, { key })).body);
      const listed = ExtractionJob.parse((await sb.call<{ extractions: unknown[] }>('/api/v1/extractions?limit=1', { key })).body.extractions[0]);
      expect(listed.totalResults).toBe(got.job.totalResults);
      // The page holds the first rows collected so far, and says more are there when there are.
      expect(got.rows.length).toBe(Math.min(1000, got.job.totalResults));
      expect(got.hasMore).toBe(got.job.totalResults > 1000);
      seen.push({ status: got.job.status, rows: got.job.totalResults });
      if (got.job.status === 'completed') break;
      sb.clock.advance(10);
    }
    const rows = seen.map((s) => s.rows);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect(seen.filter((s) => s.status === 'pending').every((s) => s.rows === 0)).toBe(true);
    const partial = seen.filter((s) => s.status === 'running' && s.rows > 0 && s.rows < 40_000);
    expect(partial.length).toBeGreaterThan(2);
    expect(seen.at(-1)).toEqual({ status: 'completed', rows: 40_000 });
  });

  it('walks the rows of a running job as far as it has collected them', async () => {
    const key = freshKey();
    vi.useFakeTimers({ toFake: ['Date'] });
    const created = await sb.call<{ id: string }>('/api/v1/extractions', { key, json: { toolType: 'follower_explorer', targetUsername: popular.username, resultsLimit: 40_000 } });
    let job = ExtractionJob.parse((await sb.call<Page>(`/api/v1/extractions/${created.body.id}?limit=1`, { key })).body.job);
    while (!(job.status === 'running' && job.totalResults > 1000)) {
      sb.clock.advance(20);
      job = ExtractionJob.parse((await sb.call<Page>(`/api/v1/extractions/${created.body.id}?limit=1`, { key })).body.job);
    }
    const ids = await readAll(key, job.id, 1000);
    expect(ids.length).toBe(job.totalResults);
    expect(new Set(ids).size).toBe(ids.length);
    await finish(key, job.id);
    const all = await readAll(key, job.id, 1000);
    expect(all.slice(0, ids.length)).toEqual(ids);
    expect(all.length).toBe(40_000);
  });

  it('refunds a job that fails, and checks targets before anything is charged', async () => {
    const key = freshKey();
    sb.faults.add({ kind: 'fail-task', reason: 'internal', count: 1 });
    const created = await sb.call<{ id: string }>('/api/v1/extractions', { key, json: bodyFor('reply_extractor') });
    const job = await finish(key, created.body.id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/refunded/);
    expect((await sb.call<{ balance: string }>('/api/v1/credits', { key })).body.balance).toBe('10000');
    const missing = await sb.call<{ message: string }>('/api/v1/extractions', { key, json: { toolType: 'follower_explorer', targetUsername: 'nobody_here_1' } });
    expect(missing.status).toBe(404);
    const noTarget = await sb.call<{ message: string }>('/api/v1/extractions', { key, json: { toolType: 'reply_extractor' } });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body.message).toMatch(/reply_extractor needs targetTweetId/);
  });
});
