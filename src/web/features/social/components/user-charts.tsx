import { useInfiniteQuery } from '@tanstack/react-query';
import { scaleBand, scaleLinear } from 'd3-scale';
import { useMemo } from 'react';
import { useWidth } from '../../../components/charts/use-width';
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
  const width = scaleLinear()
    .domain([0, Math.max(1, ...rows.map((r) => r.value))])
    .range([0.5, 100]);
  return (
    <figure className="m-0">
      <figcaption className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">Counts</figcaption>
      <dl className="grid grid-cols-[5rem_minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1.5">
        {rows.map((r) => (
          <div key={r.label} className="contents">
            <dt className="text-sm text-muted">{r.label}</dt>
            <dd className="h-3 rounded-sm bg-surface-2" aria-hidden="true">
              <span className="block h-full rounded-sm bg-accent" style={{ width: `${width(r.value)}%` }} />
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

const H = 112;
const AXIS = 40;

/** Likes and reposts of the user's most recent posts (oldest left), drawn as stacked bars. */
export function RecentEngagement({ user }: { user: SocialUser }) {
  const query = useInfiniteQuery(socialQueries.userPosts(user.id, 'tweets'));
  const [ref, measured] = useWidth<HTMLElement>();
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
  const W = Math.max(200, measured || 320);
  const total = (p: Post) => p.counts.likes + p.counts.reposts;
  const max = Math.max(1, ...posts.map(total));
  const x = scaleBand<string>()
    .domain(posts.map((p) => p.id))
    .range([AXIS, W])
    .padding(0.3);
  const y = scaleLinear().domain([0, max]).nice(2).range([H - 1, 8]);
  const top = y.domain()[1] ?? max;
  const likes = posts.reduce((n, p) => n + p.counts.likes, 0);
  const reposts = posts.reduce((n, p) => n + p.counts.reposts, 0);
  const summary = `Last ${posts.length} posts: ${formatWhole(likes)} likes and ${formatWhole(reposts)} reposts in all; the most engaged post has ${formatWhole(max)} likes and reposts.`;
  return (
    <figure className="m-0 min-w-0" ref={ref}>
      <figcaption className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 text-xs">
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
      <svg width={W} height={H} className="block max-w-full" role="img" aria-label={summary}>
        <line x1={AXIS} x2={W} y1={y(0)} y2={y(0)} className="stroke-border" />
        <line x1={AXIS} x2={W} y1={y(top)} y2={y(top)} className="stroke-border" strokeDasharray="2 3" />
        <text x={AXIS - 6} y={y(top)} dy="0.32em" textAnchor="end" className="fill-muted text-xs tabular-nums">
          {formatCompact(top)}
        </text>
        <text x={AXIS - 6} y={y(0)} dy="-0.1em" textAnchor="end" className="fill-muted text-xs tabular-nums">
          0
        </text>
        {posts.map((p) => {
          const v = viewOf(p);
          const likeTop = y(p.counts.likes);
          const bothTop = y(total(p));
          return (
            <g key={p.id}>
              <title>{`${v.full}: ${formatWhole(p.counts.likes)} likes, ${formatWhole(p.counts.reposts)} reposts`}</title>
              <rect x={x(p.id)} y={likeTop} width={x.bandwidth()} height={y(0) - likeTop} className="fill-accent" />
              <rect x={x(p.id)} y={bothTop} width={x.bandwidth()} height={likeTop - bothTop} className="fill-info" />
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
