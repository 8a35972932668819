import { describe, expect, it } from 'vitest';
import { Post, PostLookup, PostPage, SocialUser, Trends, UserPage } from '../../../contracts/social';
import { degree, row } from '../engine/corpus/csr';
import { TREND_WINDOW_START } from '../engine/trends';
import { makeSandbox, q, walk, type PostBody, type PostPageBody, type UserBody, type UserPageBody } from '../test-kit';

const sb = makeSandbox();
const corpus = sb.corpus();
const byReplies = [...corpus.posts].sort((a, b) => degree(corpus.repliesOf, b.index) - degree(corpus.repliesOf, a.index));
const busy = byReplies[0]!;
const quote = corpus.posts.find((p) => p.kind === 'quote')!;
const repost = corpus.posts.find((p) => p.kind === 'repost' && corpus.posts[p.ref]!.kind === 'quote')!;
const popular = [...corpus.users].sort((a, b) => b.followersCount - a.followersCount)[0]!;
const postOf = (id: string) => corpus.posts[corpus.postById.get(id)!]!;

describe('post routes', () => {
  it('looks up a post with its author; quotes and reposts nest the other post', async () => {
    const res = await sb.call<{ tweet: PostBody; author: UserBody }>(`/api/v1/x/tweets/${quote.id}`);
    expect(res.status).toBe(200);
    expect(res.body.tweet.quoted_tweet?.id).toBe(corpus.posts[quote.ref]!.id);
    expect(res.body.author.id).toBe(corpus.users[quote.author]!.id);
    const parsed = PostLookup.parse(res.body);
    expect(parsed).toMatchObject({ id: quote.id, quoted: { id: corpus.posts[quote.ref]!.id }, author: { username: corpus.users[quote.author]!.username } });
    const rt = PostLookup.parse((await sb.call(`/api/v1/x/tweets/${repost.id}`)).body);
    expect(rt.reposted?.id).toBe(corpus.posts[repost.ref]!.id);
    expect(rt.reposted?.quoted?.id).toBe(corpus.posts[corpus.posts[repost.ref]!.ref]!.id);
    expect(rt.text).toMatch(/^RT @/);
  });

  it('answers 404 for unknown posts and 400 for ids that are not numeric', async () => {
    expect((await sb.call('/api/v1/x/tweets/1')).status).toBe(404);
    expect((await sb.call(`/api/v1/x/tweets/1/replies`)).status).toBe(404);
    const bad = await sb.call<{ error: string; message: string }>('/api/v1/x/tweets/12ab');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^id must be a post id/);
  });

  it('looks up many posts by id, in the order asked, leaving out unknown ones', async () => {
    const ids = [busy.id, '123', quote.id];
    const res = await sb.call<{ tweets: PostBody[] }>(`/api/v1/x/tweets?ids=${ids.join(',')}`);
    expect(res.body.tweets.map((t) => t.id)).toEqual([busy.id, quote.id]);
    expect(PostPage.parse(res.body).items).toHaveLength(2);
    expect((await sb.call(`/api/v1/x/tweets?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`)).status).toBe(400);
    expect((await sb.call('/api/v1/x/tweets?ids=abc')).status).toBe(400);
    expect((await sb.call('/api/v1/x/tweets')).status).toBe(400);
  });

  it('lists replies, quotes, thread, reposters and likers of a post, as many as its counts say', async () => {
    const replies = await walk(sb.call, `/api/v1/x/tweets/${busy.id}/replies?limit=100`);
    expect(replies.ids.length).toBe(busy.replies);
    expect(new Set(replies.ids).size).toBe(replies.ids.length);
    // The corpus's own replies first, then generated ones; every one answers the post.
    const inCorpus = degree(corpus.repliesOf, busy.index);
    expect(replies.ids.slice(0, inCorpus).every((id) => corpus.posts[postOf(id).ref]!.id === busy.id)).toBe(true);
    const generated = await sb.call<PostBody>(`/api/v1/x/tweets/${replies.ids.at(-1)}`);
    expect(generated.status).toBe(200);
    expect((generated.body as unknown as { tweet: PostBody }).tweet.inReplyToId).toBe(busy.id);
    const thread = await walk(sb.call, `/api/v1/x/tweets/${busy.id}/thread?limit=10`);
    expect(thread.ids[0]).toBe(corpus.posts[busy.root]!.id);
    expect(thread.ids.map((id) => postOf(id).createdAt)).toEqual(thread.ids.map((id) => postOf(id).createdAt).sort((a, b) => a - b));
    expect(new Set(thread.ids.map((id) => postOf(id).root)).size).toBe(1);
    const quoted = corpus.posts[quote.ref]!;
    const quotes = await walk(sb.call, `/api/v1/x/tweets/${quoted.id}/quotes?limit=100`);
    expect(quotes.ids).toContain(quote.id);
    expect(quotes.ids.length).toBe(quoted.quotes);
    const page = UserPage.parse((await sb.call(`/api/v1/x/tweets/${corpus.posts[repost.ref]!.id}/retweeters`)).body);
    expect(page.items.map((u) => u.id)).toContain(corpus.users[repost.author]!.id);
    const liked = corpus.posts.find((p) => p.likes > 300 && p.likes < 3000 && degree(corpus.likersByPost, p.index) > 10)!;
    const likers = await walk(sb.call, `/api/v1/x/tweets/${liked.id}/favoriters?limit=100`, 'users');
    expect(likers.ids.length).toBe(liked.likes);
    expect(new Set(likers.ids).size).toBe(likers.ids.length);
  });
});

describe('user routes', () => {
  it('looks users up by id or by user name, in any case', async () => {
    const byId = await sb.call<UserBody>(`/api/v1/x/users/${popular.id}`);
    const byName = await sb.call<UserBody>(`/api/v1/x/users/${popular.username.toUpperCase()}`);
    expect(byName.body).toEqual(byId.body);
    expect(SocialUser.parse(byId.body)).toMatchObject({ id: popular.id, username: popular.username, followers: popular.followersCount });
    expect((await sb.call('/api/v1/x/users/no_such_user_1')).status).toBe(404);
    expect((await sb.call('/api/v1/x/users/bad.name')).status).toBe(400);
    expect((await sb.call('/api/v1/x/users/this_name_is_too_long')).status).toBe(400);
    const batch = await sb.call<{ users: UserBody[] }>(`/api/v1/x/users/batch?ids=${popular.id},1,${corpus.users[0]!.id}`);
    expect(batch.body.users.map((u) => u.id)).toEqual([popular.id, corpus.users[0]!.id]);
  });

  it('pages through all 150,000 followers of the most followed account exactly once, as its count says', async () => {
    expect(popular.followersCount).toBe(150_000);
    const { ids } = await walk(sb.call, `/api/v1/x/users/${popular.username}/followers?limit=100`, 'users', 2000);
    expect(ids.length).toBe(popular.followersCount);
    expect(new Set(ids).size).toBe(ids.length);
    // The corpus's followers are all there; the rest are generated accounts that resolve by id.
    const own = new Set([...row(corpus.followers, popular.index)].map((u) => corpus.users[u]!.id));
    expect(ids.filter((id) => own.has(id)).length).toBe(own.size);
    const stranger = ids.at(-1)!;
    expect((await sb.call<UserBody>(`/api/v1/x/users/${stranger}`)).body.id).toBe(stranger);
    const verified = await sb.call<UserPageBody>(`/api/v1/x/users/${popular.id}/verified-followers?limit=100`);
    expect(verified.body.users.length).toBe(100);
    expect(verified.body.users.every((u) => u.verified || u.isBlueVerified)).toBe(true);
  });

  it('lists a user’s posts, replies, media, likes, mentions and follows', async () => {
    const u = [...corpus.users].sort((a, b) => b.statusesCount - a.statusesCount)[0]!;
    const get = async (list: string) => (await sb.call<PostPageBody>(`/api/v1/x/users/${u.username}/${list}?limit=100`)).body.tweets;
    expect((await get('tweets')).every((t) => t.author.id === u.id && !t.isReply)).toBe(true);
    expect((await get('replies')).every((t) => t.author.id === u.id && t.isReply)).toBe(true);
    expect((await get('media')).every((t) => t.author.id === u.id && (t.media?.length ?? 0) > 0)).toBe(true);
    expect((await get('likes')).length).toBe(Math.min(100, degree(corpus.likesByUser, u.index)));
    const mentions = await sb.call<PostPageBody>(`/api/v1/x/users/${popular.username}/mentions`);
    expect(mentions.body.tweets.every((t) => t.text.toLowerCase().includes(`@${popular.username.toLowerCase()}`))).toBe(true);
    const following = await walk(sb.call, `/api/v1/x/users/${u.id}/following?limit=100`, 'users');
    expect(following.ids.length).toBe(u.followingCount);
    const posts = await walk(sb.call, `/api/v1/x/users/${u.id}/tweets?limit=100`);
    const replies = await walk(sb.call, `/api/v1/x/users/${u.id}/replies?limit=100`);
    expect(posts.ids.length + replies.ids.length).toBe(u.statusesCount);
  });

  it('searches people by name, user name or bio', async () => {
    const res = await sb.call<UserPageBody>(`/api/v1/x/users/search?q=${q('tanaka')}`);
    expect(res.body.users.length).toBeGreaterThan(0);
    expect(res.body.users.every((u) => /tanaka|田中/i.test(`${u.username} ${u.name} ${u.description}`))).toBe(true);
    const walked = await walk(sb.call, `/api/v1/x/users/search?q=${q('engineer')}`, 'users');
    expect(walked.ids.length).toBeGreaterThan(20);
    expect((await sb.call('/api/v1/x/users/search')).status).toBe(400);
  });
});

describe('trends and record shapes', () => {
  it('computes trends from hashtag frequency, matching what search finds', async () => {
    const res = await sb.call<{ trends: Array<{ name: string; query: string; rank: number; tweetCount: number }>; woeid: number }>('/api/v1/x/trends?count=10');
    const trends = Trends.parse(res.body);
    expect(trends.trends).toHaveLength(10);
    expect(trends.trends.map((t) => t.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const top = res.body.trends[0]!;
    const since = new Date(TREND_WINDOW_START).toISOString().slice(0, 10);
    const found = await walk(sb.call, `/api/v1/x/tweets/search?q=${q(`${top.query} since:${since}`)}&limit=100`);
    expect(found.ids.length).toBe(top.tweetCount);
    const japan = await sb.call<{ trends: Array<{ name: string }> }>('/api/v1/x/trends?woeid=23424856&count=5');
    expect(japan.body.trends.some((t) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(t.name))).toBe(true);
    expect((await sb.call('/api/v1/x/trends?woeid=12345')).status).toBe(404);
    expect((await sb.call('/api/v1/x/trends?count=51')).status).toBe(400);
  });

  it('answers records the contract schemas read in full', async () => {
    const page = await sb.call<PostPageBody>(`/api/v1/x/tweets/search?q=${q('filter:media')}&limit=100`);
    for (const t of page.body.tweets) {
      const p = Post.parse(t);
      expect(p.media.length).toBeGreaterThan(0);
      expect(p.media.every((m) => m.url.startsWith(`${sb.base}/media/`) && m.width > 0)).toBe(true);
      expect(p.author?.avatar).toMatch(/\/media\/avatar-\d+\.png$/);
      expect(p.createdAt).toBe(Date.parse(t.createdAt));
    }
    const parsed = PostPage.parse(page.body);
    expect(parsed.items).toHaveLength(100);
    expect(parsed.hasNext).toBe(true);
    const replies = await sb.call<PostPageBody>(`/api/v1/x/tweets/${busy.id}/replies`);
    const reply = Post.parse(replies.body.tweets[0]);
    expect(reply).toMatchObject({ isReply: true, inReplyToId: busy.id, conversationId: corpus.posts[busy.root]!.id });
  });
});
