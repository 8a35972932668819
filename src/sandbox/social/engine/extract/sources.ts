import { parseQuery, postIdOf, toolTargets, userTools, type ExtractionRequest } from '../../../../contracts/social';
import { row } from '../corpus/csr';
import type { SocialData } from '../../store/state';
import { type ListSpec, type Ref } from '../universe/lists';

/**
 * What an extraction job reads: for each of the 23 tools, the same list the matching read route
 * pages through (so a job's rows and a list's pages agree), resolved from the request's target.
 */
export type Source = {
  rowKind: 'users' | 'posts';
  /** The list as the read routes see it, or a fixed list of refs (search results). */
  spec: ListSpec;
  /** What limits the estimate when resultsLimit does not (the SDK's `source` names). */
  basis: string;
  target: string;
  resolvedUserId: string | null;
};

export type SourceResult = { ok: true; source: Source } | { ok: false; status: 400 | 404; message: string };

const fixed = (scope: string, refs: Ref[], idOf: (r: Ref) => string): ListSpec => ({ scope, corpus: [], head: refs, order: 'asc', genCount: 0, genNumber: (k) => k, idOf });
const strip = (s: string) => s.replace(/^@/, '');

/** The first target of the kind a tool takes, in any of the request's spellings. */
function targetOf(b: ExtractionRequest): string | undefined {
  const kind = toolTargets[b.toolType];
  const first = (b.targets ?? []).map((t) => (typeof t === 'string' ? t : t.value))[0];
  switch (kind) {
    case 'tweet':
      return b.targetTweetId ?? b.targetTweetIds?.[0] ?? first;
    case 'username':
      return b.targetUsername ?? b.targetUsernames?.[0] ?? first;
    case 'userId':
      return b.targetUserId ?? b.targetUsername ?? first;
    case 'community':
      return b.targetCommunityId ?? b.targetCommunityIds?.[0] ?? first;
    case 'list':
      return b.targetListId ?? b.targetListIds?.[0] ?? first;
    case 'space':
      return b.targetSpaceId ?? first;
    case 'query':
      return b.searchQuery ?? b.searchQueries?.[0] ?? first;
  }
}

/** The search syntax of a query tool's text and filters (`fromUser` → `from:`, ...). */
export function searchText(b: ExtractionRequest, q: string): string {
  const parts = [q];
  if (b.fromUser) parts.push(`from:${strip(b.fromUser)}`);
  if (b.toUser) parts.push(`to:${strip(b.toUser)}`);
  if (b.mentioning) parts.push(`@${strip(b.mentioning)}`);
  if (b.language) parts.push(`lang:${b.language}`);
  if (b.sinceDate) parts.push(`since:${b.sinceDate.slice(0, 10)}`);
  if (b.untilDate) parts.push(`until:${b.untilDate.slice(0, 10)}`);
  const faves = b.minFaves ?? b.minLikes;
  if (faves !== undefined) parts.push(`min_faves:${faves}`);
  if (b.minRetweets !== undefined) parts.push(`min_retweets:${b.minRetweets}`);
  if (b.minReplies !== undefined) parts.push(`min_replies:${b.minReplies}`);
  if (b.verifiedOnly) parts.push('filter:verified');
  if (b.hasMediaOnly || b.mediaType === 'media') parts.push('filter:media');
  if (b.mediaType === 'images') parts.push('filter:images');
  if (b.mediaType === 'videos') parts.push('filter:videos');
  return parts.join(' ');
}

export function sourceFor(d: SocialData, b: ExtractionRequest, at: number): SourceResult {
  const u = d.universe;
  const c = d.corpus;
  const raw = targetOf(b);
  const kind = toolTargets[b.toolType];
  const rowKind = userTools.has(b.toolType) ? 'users' : 'posts';
  if (raw === undefined) return { ok: false, status: 400, message: `${b.toolType} needs a target` };
  const ok = (spec: ListSpec, basis: string, target: string, resolvedUserId: string | null = null): SourceResult => ({ ok: true, source: { rowKind, spec, basis, target, resolvedUserId } });

  if (kind === 'tweet') {
    const id = postIdOf(raw) ?? raw;
    const post = c.postById.get(id);
    if (post === undefined) return { ok: false, status: 404, message: `No post with id ${id}: it does not exist or is not accessible.` };
    const list = { reply_extractor: 'replies', repost_extractor: 'retweeters', quote_extractor: 'quotes', thread_extractor: 'thread', favoriters: 'favoriters' } as const;
    const basis = { reply_extractor: 'replyCount', repost_extractor: 'retweetCount', quote_extractor: 'quoteCount', thread_extractor: 'collection', favoriters: 'collection' } as const;
    if (b.toolType === 'article_extractor') {
      const p = c.posts[post]!;
      return ok(fixed(`article:${id}`, p.kind === 'original' && p.hasLink ? [post] : [], u.postId), 'collection', id);
    }
    const t = b.toolType as keyof typeof list;
    return ok(u.postList(list[t], post), basis[t], id);
  }
  if (kind === 'username' || kind === 'userId') {
    const ref = u.findUser(strip(raw));
    if (ref === undefined || ref < 0) return { ok: false, status: 404, message: `No user "${raw}": the account does not exist or is not accessible.` };
    const user = c.users[ref]!;
    const list = { follower_explorer: 'followers', following_explorer: 'following', verified_follower_explorer: 'verified-followers', mention_extractor: 'mentions', post_extractor: 'tweets', user_likes: 'likes', user_media: 'media' } as const;
    const basis = { follower_explorer: 'followers', following_explorer: 'following', verified_follower_explorer: 'followers', mention_extractor: 'collection', post_extractor: 'posts', user_likes: 'collection', user_media: 'posts' } as const;
    const t = b.toolType as keyof typeof list;
    return ok(u.userList(list[t], ref, at), basis[t], `@${user.username}`, user.id);
  }
  if (kind === 'community' || kind === 'list') {
    const g = d.groups.get(kind, raw);
    if (!g) return { ok: false, status: 404, message: `No ${kind} with id ${raw}: it does not exist or is not accessible.` };
    const scope = `${b.toolType}:${g.id}`;
    switch (b.toolType) {
      case 'community_extractor':
      case 'list_member_extractor':
        return ok({ scope, corpus: g.members, order: 'asc', genCount: 0, genNumber: (k) => k, idOf: u.userId }, 'collection', g.id);
      case 'community_moderator_explorer':
        return ok({ scope, corpus: g.moderators, order: 'asc', genCount: 0, genNumber: (k) => k, idOf: u.userId }, 'collection', g.id);
      case 'list_follower_explorer': {
        const followers = row(c.followers, g.owner);
        return ok({ scope, corpus: followers, order: 'desc', genCount: g.extraFollowers, genNumber: (k) => d.groups.listFollower(g, k), idOf: u.userId }, 'followers', g.id);
      }
      case 'community_search': {
        const parsed = parseQuery(b.searchQuery ?? '');
        if (!parsed.ok) return { ok: false, status: 400, message: parsed.message };
        const bits = d.engine.matches(parsed.query);
        return ok({ scope: `${scope}:${b.searchQuery}`, corpus: g.posts.filter((p: number) => bits.has(p)), order: 'desc', genCount: 0, genNumber: (k) => k, idOf: u.postId }, 'collection', g.id);
      }
      default:
        return ok({ scope, corpus: g.posts, order: 'desc', genCount: 0, genNumber: (k) => k, idOf: u.postId }, 'posts', g.id);
    }
  }
  if (kind === 'space') {
    const s = d.groups.spaceListeners(raw);
    return ok({ scope: `space:${raw}`, corpus: [], order: 'asc', genCount: s.count, genNumber: s.number, idOf: u.userId }, 'collection', raw);
  }
  // query tools
  if (b.toolType === 'people_search') {
    const page = d.people.page(raw, null, c.users.length);
    return 'error' in page ? { ok: false, status: 400, message: page.error } : ok(fixed(`people:${raw}`, page.items, u.userId), 'collection', raw);
  }
  const parsed = parseQuery(searchText(b, raw));
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message };
  const bits = d.engine.matches(parsed.query);
  const refs: Ref[] = [];
  for (let i = bits.prev(c.posts.length - 1); i >= 0; i = bits.prev(i - 1)) refs.push(i);
  return ok(fixed(`search:${raw}`, refs, u.postId), 'paginationCap', raw);
}

