import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Post, SocialUser } from '../../../../contracts/social';
import { socialQueries } from '../api/queries';
import { formatCompact, formatWhole, viewOf } from '../format';

/** Followers, following and posts as horizontal bars on one linear scale, figures beside. */
export function UserCounts({ user }: { user: SocialUser }) {
  const rows = [
    { label: 'Followers', value: user.followers },
    { label: 'Following', value: user.following },
    { label: 'Posts', value: user.posts },
  ];
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <figure className="m-0">
      <figcaption className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">Counts</figcaption>
      <dl className="grid grid-cols-[5rem_minmax(0,1fr)_4rem] items-center gap-x-2 gap-y-1.5">
        {rows.map((r) => (
          <div key={r.label} className="contents">
            <dt className="text-sm text-muted">{r.label}</dt>
            <dd className="h-3 rounded-sm bg-surface-2" aria-hidden="true">
              <span className="block h-full rounded-sm bg-accent" style={{ width: `${Math.max(0.5, (r.value / max) * 100)}%` }} />
            </dd>
            <dd className="text-right font-mono text-sm tabular-nums" data-count={r.label.toLowerCase()}>
              {formatWhole(r.value)}
            </dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}

const W = 320;
const H = 96;

/** Likes and reposts of the user's most recent posts (oldest left), drawn as stacked bars. */
export function RecentEngagement({ user }: { user: SocialUser }) {
  const query = useInfiniteQuery(socialQueries.userPosts(user.id, 'tweets'));
  const posts = useMemo(
    () =>
      (query.data?.pages[0]?.items ?? [])
        .filter((p) => !p.reposted)
        .slice(0, 20)
        .reverse(),
    [query.data],
  );
  if (query.isPending) return <p className="text-sm text-muted">Loading recent posts…</p>;
  if (posts.length === 0) return <p className="text-sm text-muted">No recent posts to chart.</p>;
  const total = (p: Post) => p.counts.likes + p.counts.reposts;
  const max = Math.max(1, ...posts.map(total));
  const slot = W / posts.length;
  const bar = Math.max(2, slot * 0.7);
  const y = (v: number) => (v / max) * (H - 4);
  const likes = posts.reduce((n, p) => n + p.counts.likes, 0);
  const reposts = posts.reduce((n, p) => n + p.counts.reposts, 0);
  const summary = `Last ${posts.length} posts: ${formatWhole(likes)} likes and ${formatWhole(reposts)} reposts in all; the most engaged post has ${formatWhole(max)} likes and reposts.`;
  return (
    <figure className="m-0">
      <figcaption className="mb-2 flex items-baseline justify-between text-xs">
        <span className="font-semibold uppercase tracking-wide text-muted">Recent engagement</span>
        <span className="flex items-center gap-3 text-muted">
          <span className="flex items-center gap-1">
            <span className="inline-block size-2 rounded-sm bg-accent" aria-hidden="true" /> likes
          </span>
          <span className="flex items-center gap-1">
            <span className="inline-block size-2 rounded-sm bg-info" aria-hidden="true" /> reposts
          </span>
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-24 w-full" role="img" aria-label={summary} preserveAspectRatio="none">
        <line x1={0} x2={W} y1={H - 0.5} y2={H - 0.5} className="stroke-border" />
        {posts.map((p, i) => {
          const x = i * slot + (slot - bar) / 2;
          const hl = y(p.counts.likes);
          const hr = y(p.counts.reposts);
          const v = viewOf(p);
          return (
            <g key={p.id}>
              <title>{`${v.full}: ${formatWhole(p.counts.likes)} likes, ${formatWhole(p.counts.reposts)} reposts`}</title>
              <rect x={x} y={H - hl} width={bar} height={hl} className="fill-accent" />
              <rect x={x} y={H - hl - hr} width={bar} height={hr} className="fill-info" />
            </g>
          );
        })}
      </svg>
      <p className="mt-1 text-xs text-muted">
        {formatCompact(likes)} likes · {formatCompact(reposts)} reposts over the last {posts.length} posts
      </p>
    </figure>
  );
}
