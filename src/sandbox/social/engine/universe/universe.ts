import type { PostList, UserList } from '../../../../contracts/social';
import { row } from '../corpus/csr';
import type { Corpus, PostRec, User } from '../corpus/types';
import type { TextIndex } from '../search/text-index';
import { genChecked, genNumber, genNumberOf, genPost, genPostId, genUser, genUserId, PostRel, UserRel } from './generated';
import { genRef, refNumber, type ListSpec, type Ref } from './lists';
import { liveId, liveNumberOf, type LiveActivity } from './live';

/** Live numbers sit above every generated number in refs. */
const LIVE_BASE = 2 ** 50;

/**
 * Everything the service can show: the corpus, the accounts and posts generated beyond it, and
 * the live activity on the sandbox clock. Resolves ids and refs, and gives each list of a post or
 * a user as a `ListSpec` that holds exactly what the record's count says.
 */
export class Universe {
  constructor(
    readonly corpus: Corpus,
    readonly live: LiveActivity,
    private readonly text: TextIndex,
    private readonly now: () => number,
  ) {}

  user(ref: Ref): User {
    return ref >= 0 ? this.corpus.users[ref]! : genUser(this.corpus, refNumber(ref));
  }

  post(ref: Ref): PostRec {
    if (ref >= 0) return this.corpus.posts[ref]!;
    const n = refNumber(ref);
    return (n >= LIVE_BASE ? this.live.post(n - LIVE_BASE, Infinity) : genPost(this.corpus, n))!;
  }

  userId = (ref: Ref) => (ref >= 0 ? this.corpus.users[ref]!.id : genUserId(refNumber(ref)));
  postId = (ref: Ref) => {
    if (ref >= 0) return this.corpus.posts[ref]!.id;
    const n = refNumber(ref);
    return n >= LIVE_BASE ? liveId(n - LIVE_BASE) : genPostId(n);
  };
  liveRef = (n: number): Ref => genRef(n + LIVE_BASE);

  /** A user by id or user name (corpus), or a generated account's id. */
  findUser(ref: string): Ref | undefined {
    if (/^\d+$/.test(ref)) {
      const i = this.corpus.userById.get(ref);
      if (i !== undefined) return i;
      const g = genNumberOf(ref, '1');
      return g === null ? undefined : genRef(g);
    }
    return this.corpus.userByName.get(ref.toLowerCase());
  }

  findPost(id: string): Ref | undefined {
    const i = this.corpus.postById.get(id);
    if (i !== undefined) return i;
    const h = genNumberOf(id, '2');
    if (h !== null) return genPost(this.corpus, h) ? genRef(h) : undefined;
    const n = liveNumberOf(id);
    if (n !== null && Number.isSafeInteger(n)) return this.live.post(n, this.now()) ? this.liveRef(n) : undefined;
    return undefined;
  }

  /** Live activity of an account up to now, newest first: its own posts, and posts mentioning it. */
  private liveOf(user: number, which: 'own' | 'mentions', at: number): Ref[] {
    const acts = this.live.account(user, 0, this.live.slotAt(at) + 1).filter((a) => a.post.createdAt <= at);
    const mine = acts.filter((a) => (which === 'own' ? a.post.author === user : a.primary === 'tweet.mention'));
    return mine.reverse().map((a) => this.liveRef(a.number));
  }

  /** A list hanging off a post (corpus post index). */
  postList(list: PostList, post: number): ListSpec {
    const c = this.corpus;
    const p = c.posts[post]!;
    const scope = `tweets/${list}:${p.id}`;
    const posts = { idOf: this.postId, genCount: 0, genNumber: (k: number) => k };
    const users = { idOf: this.userId, genCount: 0, genNumber: (k: number) => k };
    const extra = (count: number, corpus: ArrayLike<number>) => Math.max(0, count - corpus.length);
    switch (list) {
      case 'replies': {
        const items = row(c.repliesOf, post);
        return { ...posts, scope, corpus: items, order: 'asc', genCount: extra(p.replies, items), genNumber: (k) => genNumber(PostRel.Replies, post, k) };
      }
      case 'quotes': {
        const items = row(c.quotesOf, post);
        return { ...posts, scope, corpus: items, order: 'desc', genCount: extra(p.quotes, items), genNumber: (k) => genNumber(PostRel.Quotes, post, k) };
      }
      case 'retweeters': {
        const reposts = row(c.repostsOf, post);
        const authors = Int32Array.from(reposts, (i) => c.posts[i]!.author).sort();
        return { ...users, scope, corpus: authors, order: 'desc', genCount: extra(p.reposts, authors), genNumber: (k) => genNumber(UserRel.Reposters, post, k) };
      }
      case 'favoriters': {
        const items = row(c.likersByPost, post);
        return { ...users, scope, corpus: items, order: 'desc', genCount: extra(p.likes, items), genNumber: (k) => genNumber(UserRel.Favoriters, post, k) };
      }
      case 'thread': {
        const root = p.kind === 'repost' ? c.posts[p.ref]!.root : p.root;
        return { ...posts, scope, corpus: row(c.conversation, root), order: 'asc' };
      }
    }
  }

  /** A list of a profile (corpus user index). */
  userList(list: UserList, user: number, at = this.now()): ListSpec {
    const c = this.corpus;
    const u = c.users[user]!;
    const scope = `users/${list}:${u.id}`;
    const posts = { scope, order: 'desc' as const, idOf: this.postId, genCount: 0, genNumber: (k: number) => k };
    const authored = row(c.byAuthor, user);
    const kindOf = (ref: Ref) => this.post(ref).kind;
    switch (list) {
      case 'tweets':
        return { ...posts, corpus: authored, head: this.liveOf(user, 'own', at), keep: (r) => kindOf(r) !== 'reply' };
      case 'replies':
        return { ...posts, corpus: authored, head: this.liveOf(user, 'own', at), keep: (r) => kindOf(r) === 'reply' };
      case 'media':
        return { ...posts, corpus: authored, keep: (r) => kindOf(r) !== 'repost' && this.post(r).media.length > 0 };
      case 'likes':
        return { ...posts, corpus: row(c.likesByUser, user) };
      case 'mentions':
        return { ...posts, corpus: this.text.postingsOf(`@${u.username.toLowerCase()}`), head: this.liveOf(user, 'mentions', at) };
      case 'followers':
      case 'verified-followers': {
        const items = row(c.followers, user);
        const spec: ListSpec = { scope, corpus: items, order: 'desc', idOf: this.userId, genCount: Math.max(0, u.followersCount - items.length), genNumber: (k) => genNumber(UserRel.Followers, user, k) };
        if (list === 'followers') return spec;
        return { ...spec, keep: (r) => (r >= 0 ? c.users[r]!.verified || c.users[r]!.blue : isChecked(c.seed, refNumber(r))) };
      }
      case 'following': {
        const items = row(c.following, user);
        return { scope, corpus: items, order: 'desc', idOf: this.userId, genCount: Math.max(0, u.followingCount - items.length), genNumber: (k) => genNumber(UserRel.Following, user, k) };
      }
    }
  }
}

const isChecked = (seed: number, g: number) => {
  const f = genChecked(seed, g);
  return f.verified || f.blue;
};
