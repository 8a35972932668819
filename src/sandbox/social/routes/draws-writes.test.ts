import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { Article, Community, Draw, Radar, UserPage, WriteAction, PostPage } from '../../../contracts/social';
import { Groups } from '../engine/universe/groups';
import { freshKey, makeSandbox } from '../test-kit';

const sb = makeSandbox();
const corpus = sb.corpus();
const busy = [...corpus.posts].filter((p) => p.kind === 'original').sort((a, b) => b.replies - a.replies)[50]!;
const url = `https://x.com/${corpus.users[busy.author]!.username}/status/${busy.id}`;

describe('draws', () => {
  it('draws winners and backups from a post’s replies with the filters, the same way every time it is read', async () => {
    const key = freshKey();
    const res = await sb.call('/api/v1/draws', { key, json: { tweetUrl: url, winnerCount: 3, backupCount: 2, uniqueAuthorsOnly: true, filterMinFollowers: 10 } });
    expect(res.status).toBe(201);
    const draw = Draw.parse(res.body);
    expect(draw.totalEntries).toBe(busy.replies);
    expect(draw.validEntries).toBeGreaterThan(5);
    expect(draw.validEntries).toBeLessThan(draw.totalEntries);
    expect(draw.winners.map((w) => w.isBackup)).toEqual([false, false, false, true, true]);
    expect(new Set(draw.winners.map((w) => w.username)).size).toBe(5);
    const again = Draw.parse((await sb.call(`/api/v1/draws/${draw.id}`, { key })).body);
    expect(again.winners).toEqual(draw.winners);
    expect(again).toMatchObject({ tweetId: busy.id, tweetAuthor: corpus.users[busy.author]!.username });
    const winners = parse(Buffer.from((await sb.call<ArrayBuffer>(`/api/v1/draws/${draw.id}/export?format=csv`, { key, raw: true })).body), { columns: true });
    expect(winners).toHaveLength(5);
    const entries = parse(Buffer.from((await sb.call<ArrayBuffer>(`/api/v1/draws/${draw.id}/export?format=csv&type=entries`, { key, raw: true })).body), { columns: true }) as Array<{ valid: string }>;
    expect(entries).toHaveLength(draw.totalEntries);
    expect(entries.filter((e) => e.valid === 'true')).toHaveLength(draw.validEntries);
    const list = await sb.call<{ draws: Array<{ id: string }>; hasMore: boolean }>('/api/v1/draws', { key });
    expect(list.body.draws.map((d) => d.id)).toEqual([draw.id]);
    expect((await sb.call<{ balance: string }>('/api/v1/credits', { key })).body.balance).toBe(String(10_000 - (1 + Math.ceil(busy.replies / 100))));
  });

  it('refuses a post that does not exist and a URL that is not a post', async () => {
    expect((await sb.call('/api/v1/draws', { json: { tweetUrl: 'https://x.com/a/status/1' } })).status).toBe(404);
    expect((await sb.call('/api/v1/draws', { json: { tweetUrl: 'https://example.com/nope' } })).status).toBe(400);
  });
});

describe('account writes', () => {
  const me = async (key: string) => (await sb.call<{ xUsername: string }>('/api/v1/account', { key })).body.xUsername;

  it('need an Idempotency-Key; a reused key answers the original action, another body with it is a 409', async () => {
    const key = freshKey();
    const account = `@${await me(key)}`;
    const post = corpus.posts[200]!.id;
    const missing = await sb.call<{ error: string }>(`/api/v1/x/tweets/${post}/like`, { key, json: { account } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('missing_idempotency_key');
    const headers = { 'idempotency-key': 'like-200-abcdef' };
    const first = await sb.call(`/api/v1/x/tweets/${post}/like`, { key, json: { account }, headers });
    expect(first.status).toBe(201);
    const action = WriteAction.parse(first.body);
    expect(action).toMatchObject({ action: 'like', status: 'success', targetId: post, replayed: false });
    const again = await sb.call(`/api/v1/x/tweets/${post}/like`, { key, json: { account }, headers });
    expect(WriteAction.parse(again.body)).toMatchObject({ id: action.id, replayed: true });
    const conflict = await sb.call<{ error: string }>(`/api/v1/x/tweets/${corpus.posts[201]!.id}/like`, { key, json: { account }, headers });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe('idempotency_key_conflict');
    expect(conflict.headers.get('x-should-retry')).toBe('false');
    expect(WriteAction.parse((await sb.call(`/api/v1/x/write-actions/${action.id}`, { key })).body).id).toBe(action.id);
  });

  it('act only for the connected account, with bodies on DELETE, and change what the account reads', async () => {
    const key = freshKey();
    const account = await me(key);
    const other = await sb.call<{ error: string; message: string }>(`/api/v1/x/tweets/${corpus.posts[5]!.id}/bookmark`, { key, json: { account: '@someone_else' }, headers: { 'idempotency-key': 'bm-other-0001' } });
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/connect it in the service dashboard/);
    const target = corpus.posts[5]!.id;
    await sb.call(`/api/v1/x/tweets/${target}/bookmark`, { key, json: { account }, headers: { 'idempotency-key': 'bm-0000001' } });
    expect(PostPage.parse((await sb.call('/api/v1/x/bookmarks', { key })).body).items.map((p) => p.id)).toEqual([target]);
    const undo = await sb.call(`/api/v1/x/tweets/${target}/bookmark`, { key, method: 'DELETE', json: { account }, headers: { 'idempotency-key': 'bm-0000002' } });
    expect(WriteAction.parse(undo.body).action).toBe('unbookmark');
    expect(PostPage.parse((await sb.call('/api/v1/x/bookmarks', { key })).body).items).toEqual([]);
    const published = WriteAction.parse((await sb.call('/api/v1/x/tweets', { key, json: { account, text: 'Hello from the sandbox', reply_to_tweet_id: target }, headers: { 'idempotency-key': 'post-0000001' } })).body);
    expect(published).toMatchObject({ action: 'create_tweet', resultType: 'tweet' });
    const peer = corpus.users[3]!;
    await sb.call(`/api/v1/x/dm/${peer.id}`, { key, json: { account, text: 'hi' }, headers: { 'idempotency-key': 'dm-0000001' } });
    const history = await sb.call<{ messages: Array<{ text: string }> }>(`/api/v1/x/dm/${peer.id}/history?account=${account}`, { key });
    expect(history.body.messages.map((m) => m.text)).toEqual(['hi']);
    const follow = await sb.call(`/api/v1/x/users/${peer.username}/follow`, { key, json: { account }, headers: { 'idempotency-key': 'follow-000001' } });
    expect(WriteAction.parse(follow.body)).toMatchObject({ action: 'follow', targetId: peer.id });
    expect((await sb.call(`/api/v1/x/tweets/1/like`, { key, json: { account }, headers: { 'idempotency-key': 'like-missing-1' } })).status).toBe(404);
  });
});

describe('lists, communities, articles, radar', () => {
  const groups = new Groups(corpus);
  it('reads lists and communities as their counts say', async () => {
    const list = groups.all.find((g) => g.kind === 'list')!;
    const members = UserPage.parse((await sb.call(`/api/v1/x/lists/${list.id}/members?pageSize=100`)).body);
    expect(members.items.length).toBe(Math.min(100, list.members.length));
    expect(PostPage.parse((await sb.call(`/api/v1/x/lists/${list.id}/tweets`)).body).items.length).toBeGreaterThan(0);
    const community = groups.all.find((g) => g.kind === 'community')!;
    const info = Community.parse((await sb.call(`/api/v1/x/communities/${community.id}/info`)).body);
    expect(info).toMatchObject({ id: community.id, members: community.members.length });
    expect(UserPage.parse((await sb.call(`/api/v1/x/communities/${community.id}/moderators`)).body).items.length).toBe(community.moderators.length);
    expect((await sb.call(`/api/v1/x/communities/search?communityId=${community.id}&q=the`)).status).toBe(200);
    expect((await sb.call('/api/v1/x/lists/123/members')).status).toBe(404);
  });

  it('reads an article of a post that links one, and the radar', async () => {
    const linked = corpus.posts.find((p) => p.kind === 'original' && p.hasLink)!;
    const article = Article.parse((await sb.call(`/api/v1/x/articles/${linked.id}`)).body);
    expect(article.title.length).toBeGreaterThan(5);
    expect(article.author?.id).toBe(corpus.users[linked.author]!.id);
    expect((await sb.call(`/api/v1/x/articles/${corpus.posts.find((p) => !p.hasLink)!.id}`)).status).toBe(404);
    const radar = Radar.parse((await sb.call('/api/v1/radar?hours=48&limit=10')).body);
    expect(radar.items).toHaveLength(10);
    const next = Radar.parse((await sb.call(`/api/v1/radar?hours=48&limit=10&cursor=${radar.cursor}`)).body);
    expect(next.items[0]!.id).not.toBe(radar.items[0]!.id);
    const tech = Radar.parse((await sb.call('/api/v1/radar?hours=72&category=tech')).body);
    expect(tech.items.every((i) => i.category === 'tech')).toBe(true);
  });
});
