import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Groups } from './engine/universe/groups';
import { freshKey, makeSandbox } from './test-kit';

/**
 * What Xquik's official TypeScript SDK (0.12.4) sends and reads on the workflow and account
 * methods (api.md, src/resources/**): each call below is the SDK's path, method, body and headers;
 * each schema holds the fields its types mark required. Writes send `Idempotency-Key` and
 * `account`, also in DELETE bodies; 409s carry `x-should-retry: false` so the SDK does not retry them.
 */
const sb = makeSandbox(undefined, { speed: 50 });
const key = freshKey();
const sdk = { accept: 'application/json', 'user-agent': 'XTwitterScraper/JS 0.12.4', 'x-stainless-retry-count': '0', 'x-stainless-timeout': '60', 'x-stainless-lang': 'js' };
const call = <T = Record<string, unknown>>(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) => sb.call<T>(`/api/v1${path}`, { key, ...init, headers: { ...sdk, ...init.headers } });
const corpus = sb.corpus();
const post = [...corpus.posts].filter((p) => p.kind === 'original').sort((a, b) => b.replies - a.replies)[20]!;
const user = corpus.users.find((u) => u.followersCount > 500 && u.followersCount < 3000)!;

const Str = z.string();
const Monitor = z.looseObject({ id: Str, createdAt: Str, eventTypes: z.array(Str), isActive: z.boolean(), nextBillingAt: Str.nullable(), username: Str, xUserId: Str });
const KeywordMonitor = z.looseObject({ id: Str, createdAt: Str, eventTypes: z.array(Str), isActive: z.boolean(), nextBillingAt: Str.nullable(), query: Str });
const Webhook = z.looseObject({ id: Str, consecutiveFailures: z.number(), createdAt: Str, deliveryStatus: z.enum(['active', 'paused', 'needs_attention']), eventTypes: z.array(Str), failureHardCap: z.number(), isActive: z.boolean(), url: Str });
const Estimate = z.looseObject({ allowed: z.boolean(), creditsAvailable: Str, creditsRequired: Str, estimatedResults: z.number(), source: z.enum(['followers', 'following', 'collection', 'paginationCap', 'posts', 'quoteCount', 'replyCount', 'resultsLimit', 'retweetCount', 'unknown']) });
const WriteAction = z.looseObject({
  id: Str,
  writeActionId: Str,
  object: z.literal('x_write_action'),
  action: Str,
  status: z.enum(['accepted', 'dispatching', 'pending_confirmation', 'success', 'failed', 'expired']),
  success: z.boolean(),
  terminal: z.boolean(),
  retryable: z.boolean(),
  safeToRetry: z.boolean(),
  sendDispatched: z.boolean(),
  charged: z.boolean(),
  chargedCredits: Str,
  billing: z.looseObject({ charged: z.boolean(), chargedCredits: Str, plannedCredits: Str, status: Str }),
  account: z.looseObject({ id: Str, username: Str }).nullable(),
  target: z.looseObject({ id: Str, type: Str }).nullable(),
  targetId: Str.nullable(),
  request: z.looseObject({ hash: Str.nullable(), payload: z.unknown() }),
  result: z.looseObject({}).nullable(),
  nextAction: z.unknown().nullable(),
  pollAfterMs: z.number().nullable(),
  statusUrl: Str,
});
const Paginated = (key: string) => z.looseObject({ [key]: z.array(z.looseObject({ id: Str })), has_next_page: z.boolean(), next_cursor: Str });

describe('Xquik SDK workflow methods against the sandbox', () => {
  it('account.retrieve, extractions.estimateCost / run (dry_run and real) / retrieve / list / exportResults', async () => {
    z.looseObject({ plan: z.enum(['active', 'inactive']), monitorsAllowed: z.number(), monitorsUsed: z.number(), monitorBilling: z.looseObject({ activeDailyEstimate: z.number(), activeHourlyBurn: z.number(), creditsPerActiveMonitorDay: z.number(), creditsPerActiveMonitorHour: z.number() }) }).parse((await call('/account')).body);
    const body = { toolType: 'follower_explorer', targetUsername: user.username, resultsLimit: 50, collectionStrategy: 'auto', dedupeMode: 'none', maxPagesPerTarget: 3 };
    Estimate.parse((await call('/extractions/estimate', { json: body })).body);
    expect(Estimate.parse((await call('/extractions?dry_run=true', { json: body })).body).estimatedResults).toBe(50);
    const run = await call<{ id: string; toolType: string; status: string }>('/extractions', { json: body });
    expect(run.status).toBe(202);
    Estimate.parse(run.body);
    for (let i = 0; i < 50 && (await call<{ job: { status: string } }>(`/extractions/${run.body.id}`)).body.job.status !== 'completed'; i++) sb.clock.advance(1000);
    const got = z.looseObject({ job: z.looseObject({}), results: z.array(z.looseObject({ xUserId: Str, xUsername: Str })), hasMore: z.boolean() }).parse((await call(`/extractions/${run.body.id}?limit=20&fieldStyle=camelCase&outputMode=compact&includeRaw=false`)).body);
    expect(got.hasMore).toBe(true);
    z.looseObject({ extractions: z.array(z.looseObject({ id: Str, createdAt: Str, status: z.enum(['running', 'completed', 'failed', 'pending']), totalResults: z.number() })), hasMore: z.boolean() }).parse((await call('/extractions?limit=5&status=completed')).body);
    const file = await sb.call<ArrayBuffer>(`/api/v1/extractions/${run.body.id}/export?format=csv`, { key, raw: true, headers: { ...sdk, accept: 'application/octet-stream' } });
    expect(file.status).toBe(200);
    expect(Buffer.from(file.body).toString('utf8').split('\n')[0]).toMatch(/^xUserId,xUsername/);
  });

  it('draws.run (requiredMentions) / retrieve / list / export', async () => {
    const run = await call<{ id: string }>('/draws', { json: { tweetUrl: `https://x.com/${corpus.users[post.author]!.username}/status/${post.id}`, winnerCount: 2, backupCount: 1, requiredMentions: [] } });
    z.looseObject({ id: Str, totalEntries: z.number(), tweetId: Str, validEntries: z.number(), winners: z.array(z.looseObject({ authorUsername: Str, isBackup: z.boolean(), position: z.number(), tweetId: Str })) }).parse(run.body);
    const draw = z.looseObject({ id: Str, createdAt: Str, status: Str, totalEntries: z.number(), tweetAuthorUsername: Str, tweetId: Str, tweetLikeCount: z.number(), tweetQuoteCount: z.number(), tweetReplyCount: z.number(), tweetRetweetCount: z.number(), tweetText: Str, tweetUrl: Str, validEntries: z.number() });
    z.looseObject({ draw, winners: z.array(z.unknown()) }).parse((await call(`/draws/${run.body.id}`)).body);
    z.looseObject({ draws: z.array(z.looseObject({ id: Str, createdAt: Str, status: Str, totalEntries: z.number(), tweetUrl: Str, validEntries: z.number() })), hasMore: z.boolean() }).parse((await call('/draws?limit=10')).body);
    expect((await sb.call(`/api/v1/draws/${run.body.id}/export?format=xlsx&type=winners`, { key, raw: true, headers: { accept: 'application/octet-stream' } })).status).toBe(200);
  });

  it('monitors and monitors.keywords: create / retrieve / update / list / deactivate; events.list / retrieve', async () => {
    const m = Monitor.parse((await call('/monitors', { json: { username: user.username, eventTypes: ['tweet.new', 'tweet.reply'] } })).body);
    Monitor.parse((await call(`/monitors/${m.id}`)).body);
    expect(Monitor.parse((await call(`/monitors/${m.id}`, { method: 'PATCH', json: { isActive: false } })).body).isActive).toBe(false);
    z.looseObject({ monitors: z.array(Monitor), total: z.number() }).parse((await call('/monitors')).body);
    const k = KeywordMonitor.parse((await call('/monitors/keywords', { json: { query: 'coffee', eventTypes: ['tweet.new'] } })).body);
    KeywordMonitor.parse((await call(`/monitors/keywords/${k.id}`, { method: 'PATCH', json: { eventTypes: ['tweet.new', 'tweet.media'] } })).body);
    z.looseObject({ monitors: z.array(KeywordMonitor), total: z.number() }).parse((await call('/monitors/keywords')).body);
    sb.clock.advance(60_000);
    await sb.social.tick();
    const events = z.looseObject({ events: z.array(z.looseObject({ id: Str, data: z.looseObject({}), monitorId: Str, monitorType: z.enum(['account', 'keyword']), occurredAt: Str, type: Str })), hasMore: z.boolean() }).parse((await call(`/events?keywordMonitorId=${k.id}&limit=10&eventType=tweet.new`)).body);
    if (events.events[0]) z.looseObject({ id: Str, query: Str, xEventId: Str }).parse((await call(`/events/${events.events[0].id}`)).body);
    expect((await call(`/monitors/keywords/${k.id}`, { method: 'DELETE' })).body).toEqual({ success: true });
    expect((await call(`/monitors/${m.id}`, { method: 'DELETE' })).body).toEqual({ success: true });
  });

  it('webhooks.create / update / list / listDeliveries / test / resume / deactivate', async () => {
    const created = Webhook.extend({ secret: Str }).parse((await call('/webhooks', { json: { url: 'http://127.0.0.1:9/hook', eventTypes: ['tweet.new'] } })).body);
    Webhook.parse((await call(`/webhooks/${created.id}`, { method: 'PATCH', json: { url: 'http://127.0.0.1:9/other', eventTypes: ['tweet.new'], isActive: true } })).body);
    z.looseObject({ webhooks: z.array(Webhook) }).parse((await call('/webhooks')).body);
    z.looseObject({ statusCode: z.number().nullable(), success: z.boolean() }).parse((await call(`/webhooks/${created.id}/test`, { method: 'POST' })).body);
    z.looseObject({ statusCode: z.number().nullable(), success: z.boolean(), webhook: Webhook }).parse((await call(`/webhooks/${created.id}/resume`, { method: 'POST' })).body);
    z.looseObject({ deliveries: z.array(z.looseObject({ id: Str, attempts: z.number(), createdAt: Str, status: Str, streamEventId: Str })) }).parse((await call(`/webhooks/${created.id}/deliveries`)).body);
    expect((await call(`/webhooks/${created.id}`, { method: 'DELETE' })).body).toEqual({ success: true });
  });

  it('x reads: getArticle, lists, communities, radar, bookmarks, writeActions.retrieve', async () => {
    const groups = new Groups(corpus);
    const list = groups.all.find((g) => g.kind === 'list')!;
    const community = groups.all.find((g) => g.kind === 'community')!;
    for (const path of [`/x/lists/${list.id}/followers?pageSize=20`, `/x/lists/${list.id}/members`, `/x/communities/${community.id}/members`, `/x/communities/${community.id}/moderators`]) Paginated('users').parse((await call(path)).body);
    for (const path of [`/x/lists/${list.id}/tweets?includeReplies=false`, `/x/communities/${community.id}/tweets?pageSize=10`, `/x/communities/tweets?communityId=${community.id}&q=the&queryType=Latest`, '/x/bookmarks']) Paginated('tweets').parse((await call(path)).body);
    z.looseObject({ items: z.array(z.looseObject({ id: Str, category: Str, createdAt: Str, language: Str, metadata: z.looseObject({}), publishedAt: Str, region: Str, score: z.number(), source: Str, sourceId: Str, title: Str })), hasMore: z.boolean() }).parse((await call('/radar?source=reddit&hours=72&limit=5')).body);
    const linked = corpus.posts.find((p) => p.kind === 'original' && p.hasLink)!;
    z.looseObject({ article: z.looseObject({}), author: z.looseObject({ id: Str }) }).parse((await call(`/x/articles/${linked.id}`)).body);
  });

  it('x writes: tweets.create / delete, like, retweet, follow (bodies on DELETE), dm.send / retrieveHistory', async () => {
    const account = `@${(await call<{ xUsername: string }>('/account')).body.xUsername}`;
    let n = 0;
    const write = async (path: string, method: string, json: Record<string, unknown>) => {
      const res = await call(path, { method, json: { account, ...json }, headers: { 'Idempotency-Key': `sdk-write-${n++}-${Date.now()}` } });
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
      return WriteAction.parse(res.body);
    };
    const created = await write('/x/tweets', 'POST', { text: 'From the SDK', is_note_tweet: false });
    await write(`/x/tweets/${created.result && (created.result as { id: string }).id}`, 'DELETE', {});
    for (const verb of ['like', 'retweet']) {
      await write(`/x/tweets/${post.id}/${verb}`, 'POST', {});
      await write(`/x/tweets/${post.id}/${verb}`, 'DELETE', {});
    }
    await write(`/x/users/${user.id}/follow`, 'POST', {});
    await write(`/x/users/${user.id}/follow`, 'DELETE', {});
    const dm = await write(`/x/dm/${user.id}`, 'POST', { text: 'hello' });
    WriteAction.parse((await call(`/x/write-actions/${dm.id}`)).body);
    z.looseObject({ messages: z.array(z.looseObject({ id: Str })), has_next_page: z.boolean(), next_cursor: Str }).parse((await call(`/x/dm/${user.id}/history?account=${encodeURIComponent(account)}`)).body);
  });
});
