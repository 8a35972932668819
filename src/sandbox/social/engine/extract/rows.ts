import type { SocialData } from '../../store/state';
import type { Ref } from '../universe/lists';

/** A result row (docs/live-services.md#social-data--extractions columns, then the ones the live rows add). */
export type ResultRow = Record<string, string | number | boolean | null>;

const iso = (ms: number) => new Date(ms).toISOString();

export const USER_COLUMNS = ['xUserId', 'xUsername', 'xDisplayName', 'xFollowersCount', 'xFollowingCount', 'xVerified', 'xBlueVerified', 'xDescription', 'xLocation', 'xCreatedAt'] as const;
export const POST_COLUMNS = ['tweetId', 'tweetText', 'tweetCreatedAt', 'tweetLang', 'likeCount', 'retweetCount', 'replyCount', 'quoteCount', 'viewCount', 'tweetUrl', 'xUserId', 'xUsername', 'xDisplayName', 'xFollowersCount', 'xVerified'] as const;

export function userRow(d: SocialData, ref: Ref): ResultRow {
  const u = d.universe.user(ref);
  return {
    xUserId: u.id,
    xUsername: u.username,
    xDisplayName: u.name,
    xFollowersCount: u.followersCount,
    xFollowingCount: u.followingCount,
    xVerified: u.verified,
    xBlueVerified: u.blue,
    xDescription: u.description,
    xLocation: u.location,
    xCreatedAt: iso(u.createdAt),
  };
}

export function postRow(d: SocialData, ref: Ref): ResultRow {
  const p = d.universe.post(ref);
  const a = d.corpus.users[p.author]!;
  return {
    tweetId: p.id,
    tweetText: p.text,
    tweetCreatedAt: iso(p.createdAt),
    tweetLang: p.lang,
    likeCount: p.likes,
    retweetCount: p.reposts,
    replyCount: p.replies,
    quoteCount: p.quotes,
    viewCount: p.views,
    tweetUrl: `https://x.com/${a.username}/status/${p.id}`,
    xUserId: a.id,
    xUsername: a.username,
    xDisplayName: a.name,
    xFollowersCount: a.followersCount,
    xVerified: a.verified,
  };
}

export const rowOf = (d: SocialData, kind: 'users' | 'posts', ref: Ref) => (kind === 'users' ? userRow(d, ref) : postRow(d, ref));
export const columnsOf = (kind: 'users' | 'posts'): readonly string[] => (kind === 'users' ? USER_COLUMNS : POST_COLUMNS);
