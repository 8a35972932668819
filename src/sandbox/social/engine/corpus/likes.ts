import { Edges } from './csr';
import type { Rng } from './random';
import type { PostRec, User } from './types';

/**
 * Who liked what: each account likes a number of posts that grows with its activity, drawn from
 * the attraction pool (viral posts are in it many times). The same edges answer both a post's
 * favoriters and a user's likes, so the two always agree.
 */
export function generateLikes(rng: Rng, users: User[], posts: PostRec[], pool: readonly number[]): Edges {
  const edges = new Edges();
  for (const u of users) {
    const want = Math.max(2, Math.min(700, Math.round(u.activity * rng.logNormal(18, 0.7))));
    const chosen = new Set<number>();
    for (let tries = 0; chosen.size < want && tries < want * 3; tries++) {
      const p = pool[rng.int(pool.length)]!;
      if (posts[p]!.author !== u.index && posts[p]!.createdAt >= u.createdAt) chosen.add(p);
    }
    for (const p of chosen) edges.add(u.index, p);
  }
  return edges;
}
