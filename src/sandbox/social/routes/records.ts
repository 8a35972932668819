import type { Corpus, PostRec, User } from '../engine/corpus/types';
import { SOCIAL_MEDIA_PATH } from '../paths';

/** The sandbox's records in the live service's shapes (docs/live-services.md#social-data--posts-and-users): camelCase, snake_case nesting. */

export const avatarFile = (u: User) => `avatar-${u.id}.png`;
export const mediaFile = (p: PostRec, k: number) => `post-${p.id}-${k + 1}.png`;
const iso = (ms: number) => new Date(ms).toISOString();

export type UserJson = {
  id: string;
  name: string;
  username: string;
  description: string;
  followers: number;
  following: number;
  verified: boolean;
  isBlueVerified: boolean;
  profilePicture: string;
  location: string;
  createdAt: string;
  statusesCount: number;
};

export type MediaJson = {
  id: string;
  mediaKey: string;
  type: 'photo' | 'video' | 'animated_gif';
  mediaUrl: string;
  /** The post's link to the picture, as live (`https://x.com/<user>/status/<id>/photo/<n>`). */
  url: string;
  displayUrl: string;
  expandedUrl: string;
  width: number;
  height: number;
  altText?: string;
};

export type PostJson = {
  id: string;
  text: string;
  likeCount: number;
  retweetCount: number;
  replyCount: number;
  quoteCount: number;
  viewCount: number;
  bookmarkCount: number;
  createdAt: string;
  lang: string;
  conversationId: string;
  inReplyToId?: string;
  isReply: boolean;
  media?: MediaJson[];
  author: UserJson;
  quoted_tweet?: PostJson;
  retweeted_tweet?: PostJson;
  url: string;
};

export function userJson(u: User, origin: string): UserJson {
  return {
    id: u.id,
    name: u.name,
    username: u.username,
    description: u.description,
    followers: u.followersCount,
    following: u.followingCount,
    verified: u.verified,
    isBlueVerified: u.blue,
    profilePicture: `${origin}${SOCIAL_MEDIA_PATH}/${avatarFile(u)}`,
    location: u.location,
    createdAt: iso(u.createdAt),
    statusesCount: u.statusesCount,
  };
}

/** A post with its author; quoted and reposted posts nest (two levels at most, as live). */
export function postJson(corpus: Corpus, p: PostRec, origin: string, depth = 0): PostJson {
  const author = corpus.users[p.author]!;
  const target = p.ref >= 0 ? corpus.posts[p.ref]! : null;
  const out: PostJson = {
    id: p.id,
    text: p.text,
    likeCount: p.likes,
    retweetCount: p.reposts,
    replyCount: p.replies,
    quoteCount: p.quotes,
    viewCount: p.views,
    bookmarkCount: p.bookmarks,
    createdAt: iso(p.createdAt),
    lang: p.lang,
    conversationId: p.root >= 0 ? corpus.posts[p.root]!.id : p.id,
    isReply: p.kind === 'reply',
    author: userJson(author, origin),
    url: `https://x.com/${author.username}/status/${p.id}`,
  };
  if (p.kind === 'reply' && target) out.inReplyToId = target.id;
  if (p.media.length) {
    out.media = p.media.map((m, k) => {
      const expandedUrl = `${out.url}/${m.type === 'photo' ? 'photo' : 'video'}/${k + 1}`;
      const id = `${p.id}${k + 1}`;
      return {
        id,
        mediaKey: `3_${id}`,
        type: m.type,
        mediaUrl: `${origin}${SOCIAL_MEDIA_PATH}/${mediaFile(p, k)}`,
        url: expandedUrl,
        displayUrl: expandedUrl.replace(/^https:\/\//, ''),
        expandedUrl,
        width: m.width,
        height: m.height,
        ...(m.alt ? { altText: m.alt } : {}),
      };
    });
  }
  if (target && depth < 2 && p.kind === 'quote') out.quoted_tweet = postJson(corpus, target, origin, depth + 1);
  if (target && depth < 2 && p.kind === 'repost') out.retweeted_tweet = postJson(corpus, target, origin, depth + 1);
  return out;
}
