import { describe, expect, it } from 'vitest';
import { Post, PostLookup, PostPage, SocialCredits, SocialUser, Trends, UserPage } from './records';

const liveUser = {
  id: '44196397',
  name: 'Ada Example',
  username: 'ada_example',
  description: 'Builds things',
  followers: 1200,
  following: 80,
  verified: false,
  isBlueVerified: true,
  profilePicture: 'https://pbs.example/a.jpg',
  location: 'Lisbon',
  createdAt: '2019-03-01T10:00:00.000Z',
  statusesCount: 3400,
};
/** The same user as the platform's own v1.1 shape, which some routes pass through. */
const snakeUser = {
  id: 44196397,
  name: 'Ada Example',
  screen_name: 'ada_example',
  description: 'Builds things',
  followers_count: '1200',
  friends_count: 80,
  isBlueVerified: true,
  profile_image_url: 'https://pbs.example/a.jpg',
  location: 'Lisbon',
  created_at: 'Fri Mar 01 10:00:00 +0000 2019',
  statuses_count: 3400,
};

const livePost = {
  id: '1790000000000000001',
  text: 'Flat white season #coffee',
  likeCount: 12,
  retweetCount: 3,
  replyCount: 1,
  quoteCount: 0,
  viewCount: 900,
  bookmarkCount: 2,
  createdAt: '2025-01-02T08:00:00.000Z',
  lang: 'en',
  conversationId: '1790000000000000001',
  isReply: false,
  media: [{ type: 'photo', mediaUrl: 'https://pbs.example/m.jpg', width: 800, height: 600, altText: 'a cup' }],
  author: liveUser,
  quoted_tweet: { id: '17', text: 'quoted', likeCount: 1, retweetCount: 0, replyCount: 0, quoteCount: 0, viewCount: 0, bookmarkCount: 0 },
  url: 'https://x.com/ada_example/status/1790000000000000001',
};
const snakePost = {
  id: 1790000000000000001n.toString(),
  full_text: 'Flat white season #coffee',
  favorite_count: '12',
  retweet_count: 3,
  reply_count: 1,
  quote_count: 0,
  view_count: '900',
  bookmark_count: 2,
  created_at: 'Thu Jan 02 08:00:00 +0000 2025',
  lang: 'en',
  conversation_id: '1790000000000000001',
  media: [{ type: 'photo', media_url_https: 'https://pbs.example/m.jpg', width: 800, height: 600, alt_text: 'a cup' }],
  author: snakeUser,
  quotedTweet: { id: 17, text: 'quoted', favorite_count: 1 },
  url: 'https://x.com/ada_example/status/1790000000000000001',
};

describe('social records', () => {
  it('read a user in the live shape and the snake_case shape as the same', () => {
    expect(SocialUser.parse(snakeUser)).toEqual(SocialUser.parse(liveUser));
    expect(SocialUser.parse(liveUser)).toMatchObject({ id: '44196397', username: 'ada_example', followers: 1200, blueVerified: true, createdAt: Date.parse('2019-03-01T10:00:00Z') });
  });

  it('read a post in either shape as the same, with nested author and quote', () => {
    const a = Post.parse(livePost);
    expect(Post.parse(snakePost)).toEqual(a);
    expect(a.counts).toEqual({ likes: 12, reposts: 3, replies: 1, quotes: 0, views: 900, bookmarks: 2 });
    expect(a.quoted?.text).toBe('quoted');
    expect(a.media).toEqual([{ type: 'photo', url: 'https://pbs.example/m.jpg', width: 800, height: 600, alt: 'a cup' }]);
  });

  it('treat missing counts as zero and drop media without a URL', () => {
    const p = Post.parse({ id: '5', text: 'hi', media: [{ type: 'photo' }] });
    expect(p.counts.likes).toBe(0);
    expect(p.media).toEqual([]);
    expect(p.isReply).toBe(false);
    expect(Post.parse({ id: '6', text: 'reply', inReplyToId: '5' }).isReply).toBe(true);
  });

  it('read pages: items, has_next_page and an opaque next_cursor; an empty page can have a next one', () => {
    expect(PostPage.parse({ tweets: [livePost], has_next_page: true, next_cursor: 'abc' })).toMatchObject({ hasNext: true, cursor: 'abc' });
    expect(PostPage.parse({ tweets: [], has_next_page: true, next_cursor: 'def' })).toEqual({ items: [], hasNext: true, cursor: 'def' });
    expect(UserPage.parse({ users: [liveUser], has_next_page: false, next_cursor: '' })).toMatchObject({ hasNext: false, cursor: null });
    // one unreadable item does not sink the page
    expect(PostPage.parse({ tweets: [livePost, { nope: true }], has_next_page: false }).items).toHaveLength(1);
  });

  it('read a lookup, trends and credits', () => {
    expect(PostLookup.parse({ tweet: { ...livePost, author: undefined }, author: liveUser }).author?.username).toBe('ada_example');
    expect(Trends.parse({ trends: [{ name: '#coffee', tweetCount: 40 }] }).trends[0]).toEqual({ name: '#coffee', query: '#coffee', rank: 0, posts: 40, description: '' });
    expect(SocialCredits.parse({ balance: '9950', lifetime_purchased: '10000', lifetime_used: '50', auto_topup_enabled: false })).toEqual({
      balance: 9950,
      lifetimePurchased: 10000,
      lifetimeUsed: 50,
      autoTopup: false,
    });
  });
});
