import { Link } from '@tanstack/react-router';
import { scaleLinear } from 'd3-scale';
import type { Trends } from '../../../../contracts/social';
import { formatWhole } from '../format';

/** Trends as bars of their post counts; each opens a search for the trend. */
export function TrendBars({ trends, label }: { trends: Trends['trends']; label: string }) {
  const width = scaleLinear()
    .domain([0, Math.max(1, ...trends.map((t) => t.posts))])
    .range([0, 100]);
  return (
    <ol aria-label={label} className="flex flex-col gap-1">
      {trends.map((t) => (
        <li key={t.name}>
          <Link
            to="/social"
            search={{ q: t.query }}
            className="group grid grid-cols-[1.5rem_minmax(0,1fr)_auto] items-center gap-x-2 rounded px-1 py-1 hover:bg-surface-2"
          >
            <span className="text-right text-xs tabular-nums text-muted" aria-hidden="true">
              {t.rank}
            </span>
            <span className="flex min-w-0 flex-col gap-0.5">
              <span className="truncate text-sm font-medium group-hover:text-accent group-hover:underline" title={t.name}>
                {t.name}
              </span>
              <span className="h-1.5 rounded-full bg-surface-2" aria-hidden="true">
                <span className="block h-full rounded-full bg-accent" style={{ width: `${width(t.posts)}%` }} />
              </span>
            </span>
            <span className="text-xs tabular-nums text-muted">
              {formatWhole(t.posts)}
              <span className="sr-only"> posts</span>
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
