import { scaleLinear, scaleUtc } from 'd3-scale';
import { area, curveStepAfter, line } from 'd3-shape';
import { useId } from 'react';
import { formatInt } from '../../lib/format';
import { formatDateTime } from '../../lib/format-extra';
import { useNow } from '../../lib/use-now';
import { useWidth } from './use-width';

export type Point = { at: number; value: number };

const timeTick = (span: number) =>
  new Intl.DateTimeFormat(
    'en-GB',
    span > 2 * 86_400_000 ? { day: 'numeric', month: 'short' } : span > 10 * 60_000 ? { hour: '2-digit', minute: '2-digit' } : { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  );

const pad = { top: 10, right: 14, bottom: 24, left: 52 };

/**
 * A step chart of a value over time (balances change in steps): scales from d3-scale, paths from
 * d3-shape. Drawn at the width it is given, in CSS pixels, so its labels keep their 12 px at any
 * width; the `label` and a summary make it readable to screen readers.
 */
export function StepChart({ points, label, height = 140, unit }: { points: Point[]; label: string; height?: number; unit: string }) {
  const id = useId();
  const now = useNow();
  const [ref, measured] = useWidth<HTMLDivElement>();
  if (points.length === 0) return <p className="text-sm text-muted">No {unit} recorded yet.</p>;
  const width = Math.max(200, measured || 320);
  const series = points.length === 1 ? [points[0] as Point, { ...(points[0] as Point), at: now }] : points;
  const first = series[0] as Point;
  const last = series.at(-1) as Point;
  const values = series.map((p) => p.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const x = scaleUtc()
    .domain([first.at, Math.max(last.at, first.at + 1)])
    .range([pad.left, width - pad.right]);
  // The axis spans the data (with a margin), so small steps stay visible next to a large balance.
  const margin = Math.max(1, (max - min) * 0.15);
  const y = scaleLinear()
    .domain([Math.max(0, min - margin), max + margin])
    .nice(4)
    .range([height - pad.bottom, pad.top]);
  const allIntegers = values.every(Number.isInteger);
  const yTicks = y.ticks(4).filter((t) => !allIntegers || Number.isInteger(t));
  const xTicks = x.ticks(Math.max(2, Math.floor(width / 110)));
  const fmt = timeTick(x.domain()[1]!.getTime() - first.at);
  const path = line<Point>((p) => x(p.at), (p) => y(p.value)).curve(curveStepAfter)(series) ?? '';
  const fill = area<Point>((p) => x(p.at), y(y.domain()[0] ?? 0), (p) => y(p.value)).curve(curveStepAfter)(series) ?? '';
  const summary = `${label}: ${formatInt(first.value)} ${unit} on ${formatDateTime(first.at)}, now ${formatInt(last.value)}; lowest ${formatInt(min)}, highest ${formatInt(max)}.`;
  return (
    <figure className="m-0 min-w-0" ref={ref}>
      <svg width={width} height={height} className="block max-w-full" role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <title id={`${id}-t`}>{label}</title>
        <desc id={`${id}-d`}>{summary}</desc>
        {yTicks.map((t) => (
          <g key={t}>
            <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} className="stroke-border" strokeDasharray="2 3" />
            <text x={pad.left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="fill-muted text-xs tabular-nums">
              {formatInt(t)}
            </text>
          </g>
        ))}
        {xTicks.map((t) => (
          <text key={t.getTime()} x={x(t)} y={height - 6} textAnchor="middle" className="fill-muted text-xs tabular-nums">
            {fmt.format(t)}
          </text>
        ))}
        <path d={fill} className="fill-accent/10" />
        <path d={path} className="fill-none stroke-accent" strokeWidth={2} />
        <circle cx={x(last.at)} cy={y(last.value)} r={3} className="fill-accent" />
      </svg>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
