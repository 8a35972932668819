import { ticks } from 'd3-array';
import { area, curveStepAfter, line } from 'd3-shape';
import { useId } from 'react';
import { formatDateTime, formatInt } from '../../lib/format';
import { useNow } from '../../lib/use-now';

export type Point = { at: number; value: number };

/**
 * A step chart of a value over time (balances change in steps). SVG paths from d3-shape, tick
 * values from d3-array; the `label` and a summary make it readable to screen readers.
 */
const linear = (d0: number, d1: number, r0: number, r1: number) => (v: number) => r0 + ((v - d0) / (d1 - d0 || 1)) * (r1 - r0);
const timeTick = (span: number) =>
  new Intl.DateTimeFormat(
    'en-GB',
    span > 2 * 86_400_000
      ? { day: 'numeric', month: 'short' }
      : span > 10 * 60_000
        ? { hour: '2-digit', minute: '2-digit' }
        : { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  );

export function StepChart({ points, label, height = 120, unit }: { points: Point[]; label: string; height?: number; unit: string }) {
  const id = useId();
  const now = useNow();
  const width = 560;
  const pad = { top: 10, right: 12, bottom: 22, left: 44 };
  if (points.length === 0) return <p className="text-sm text-muted">No {unit} recorded yet.</p>;
  const series = points.length === 1 ? [points[0] as Point, { ...(points[0] as Point), at: now }] : points;
  const first = series[0] as Point;
  const last = series.at(-1) as Point;
  const values = series.map((p) => p.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const end = Math.max(last.at, first.at + 1);
  const x = linear(first.at, end, pad.left, width - pad.right);
  // The axis spans the data (with a margin), so small steps stay visible next to a large balance.
  const margin = Math.max(1, (max - min) * 0.15);
  const allIntegers = values.every(Number.isInteger);
  const yTicks = ticks(Math.max(0, min - margin), max + margin, 4).filter((t) => !allIntegers || Number.isInteger(t));
  const y0 = Math.min(min, yTicks[0] ?? min);
  const y1 = Math.max(max, yTicks.at(-1) ?? max);
  const y = linear(y0, y1, height - pad.bottom, pad.top);
  const xTicks = ticks(first.at, end, 4);
  const fmt = timeTick(end - first.at);
  const path = line<Point>((p) => x(p.at), (p) => y(p.value)).curve(curveStepAfter)(series) ?? '';
  const fill = area<Point>((p) => x(p.at), y(y0), (p) => y(p.value)).curve(curveStepAfter)(series) ?? '';
  const summary = `${label}: ${formatInt(first.value)} ${unit} on ${formatDateTime(first.at)}, now ${formatInt(last.value)}; lowest ${formatInt(min)}, highest ${formatInt(max)}.`;
  return (
    <figure className="m-0">
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <title id={`${id}-t`}>{label}</title>
        <desc id={`${id}-d`}>{summary}</desc>
        {yTicks.map((t) => (
          <g key={t}>
            <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} className="stroke-border" strokeDasharray="2 3" />
            <text x={pad.left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="fill-muted text-[10px]">
              {formatInt(t)}
            </text>
          </g>
        ))}
        {xTicks.map((t) => (
          <text key={t} x={x(t)} y={height - 6} textAnchor="middle" className="fill-muted text-[10px]">
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
