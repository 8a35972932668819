import { Edges, degree, toCsr } from './csr';
import type { Rng } from './random';
import type { Csr, User } from './types';

/**
 * The follower graph by preferential attachment: every account follows a few dozen others, each
 * pick proportional to fame plus followers gained so far, so a few accounts collect most edges.
 * Counts on profiles scale the in-corpus edges up to platform-sized numbers.
 */
export function buildGraph(rng: Rng, users: User[]): { followers: Csr; following: Csr } {
  const n = users.length;
  const pool: number[] = [];
  for (const u of users) for (let k = 0; k < 1 + Math.floor(u.fame); k++) pool.push(u.index);
  const order = users.map((u) => u.index);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const edges = new Edges();
  for (const u of order) {
    const want = Math.max(3, Math.min(900, Math.round(rng.logNormal(28, 0.8) * Math.sqrt(users[u]!.activity))));
    const chosen = new Set<number>();
    for (let tries = 0; chosen.size < want && tries < want * 4; tries++) {
      const t = pool[rng.int(pool.length)]!;
      if (t === u || chosen.has(t)) continue;
      chosen.add(t);
      pool.push(t);
    }
    for (const t of chosen) edges.add(u, t);
  }
  const following = toCsr(n, edges.src, edges.dst);
  const followers = toCsr(n, edges.dst, edges.src);

  for (const u of users) {
    const inDeg = degree(followers, u.index);
    const outDeg = degree(following, u.index);
    u.followersCount = Math.round(inDeg * (8 + u.fame * 0.15) * rng.logNormal(1, 0.3));
    u.followingCount = outDeg + Math.round(outDeg * rng.logNormal(1.5, 0.6));
  }
  // Legacy verification (~3%): mostly the most followed accounts; blue checks are more common.
  const byFollowers = [...users].sort((a, b) => b.followersCount - a.followersCount || a.index - b.index);
  const top = Math.round(n * 0.025);
  byFollowers.forEach((u, rank) => {
    u.verified = rng.chance(rank < top ? 0.9 : 0.008);
    u.blue = rng.chance(u.verified ? 0.6 : u.isOrg ? 0.4 : 0.1);
  });
  return { followers, following };
}
