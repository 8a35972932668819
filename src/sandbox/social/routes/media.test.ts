import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { drawAvatar } from '../engine/media-art';
import { avatarFile, mediaFile } from './records';
import { makeSandbox, type PostBody } from '../test-kit';

const sb = makeSandbox();
const corpus = sb.corpus();
const image = async (url: string, headers: Record<string, string> = {}) => {
  const res = await sb.app.request(url, { headers });
  return { res, png: res.status === 200 ? PNG.sync.read(Buffer.from(await res.arrayBuffer())) : null };
};

describe('media', () => {
  it('serves avatars as 96×96 PNGs without a key, the same bytes every time, with cache headers', async () => {
    const user = corpus.users[5]!;
    const { res, png } = await image(`${sb.base}/media/${avatarFile(user)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect([png!.width, png!.height]).toEqual([96, 96]);
    const first = Buffer.from(await (await sb.app.request(`${sb.base}/media/${avatarFile(user)}`)).arrayBuffer());
    const second = Buffer.from(await (await sb.app.request(`${sb.base}/media/${avatarFile(user)}`)).arrayBuffer());
    expect(first.equals(second)).toBe(true);
    expect(Buffer.from(drawAvatar(42, 200)).equals(Buffer.from(drawAvatar(42, 200)))).toBe(true);
    const other = await image(`${sb.base}/media/${avatarFile(corpus.users[6]!)}`);
    expect(Buffer.from(other.png!.data).equals(Buffer.from(png!.data))).toBe(false);
    const etag = res.headers.get('etag')!;
    expect((await sb.app.request(`${sb.base}/media/${avatarFile(user)}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('serves the avatars of the accounts generated beyond the corpus (a popular account’s followers)', async () => {
    const popular = [...corpus.users].sort((a, b) => b.followersCount - a.followersCount)[0]!;
    const page = await sb.call<{ users: Array<{ id: string; profilePicture: string }>; next_cursor: string }>(`/api/v1/x/users/${popular.id}/followers?limit=100`);
    let cursor = page.body.next_cursor;
    let users = page.body.users;
    // Pages on until the corpus's own followers are behind and generated ones begin.
    for (let i = 0; i < 30 && users.every((u) => u.id.length < 20); i++) {
      const next = await sb.call<{ users: Array<{ id: string; profilePicture: string }>; next_cursor: string }>(`/api/v1/x/users/${popular.id}/followers?limit=100&cursor=${encodeURIComponent(cursor)}`);
      users = next.body.users;
      cursor = next.body.next_cursor;
    }
    const stranger = users.find((u) => u.id.length === 20)!;
    const { res, png } = await image(stranger.profilePicture);
    expect(res.status).toBe(200);
    expect([png!.width, png!.height]).toEqual([96, 96]);
  });

  it('serves the pictures of posts at the size their records state', async () => {
    const post = corpus.posts.find((p) => p.media.length >= 2)!;
    const record = (await sb.call<{ tweet: PostBody }>(`/api/v1/x/tweets/${post.id}`)).body.tweet;
    expect(record.media).toHaveLength(post.media.length);
    for (const m of record.media!) {
      const { res, png } = await image(m.mediaUrl);
      expect(res.status).toBe(200);
      expect([png!.width, png!.height]).toEqual([m.width, m.height]);
    }
    const video = corpus.posts.find((p) => p.media[0]?.type === 'video')!;
    expect((await image(`${sb.base}/media/${mediaFile(video, 0)}`)).png!.width).toBe(video.media[0]!.width);
  });

  it('answers 404 for names it does not know', async () => {
    const post = corpus.posts.find((p) => p.media.length === 1)!;
    for (const name of ['avatar-1.png', `post-${post.id}-2.png`, 'post-1-1.png', 'favicon.ico', `${avatarFile(corpus.users[0]!)}.gif`]) {
      const res = await sb.app.request(`${sb.base}/media/${name}`);
      expect(res.status, name).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'not_found' });
    }
  });
});
