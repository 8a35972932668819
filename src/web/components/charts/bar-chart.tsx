import { scaleBand, scaleLinear } from 'd3-scale';
import { useId } from 'react';
import { formatInt } from '../../lib/format';
import { useWidth } from './use-width';

export type Bar = { key: string; label: string; value: number };

const pad = { top: 18, right: 8, bottom: 24, left: 8 };

/**
 * Vertical bars with each figure drawn above its bar (numbers people compare stay drawn): band
 * and linear scales from d3-scale, drawn at the width given in CSS pixels so labels keep 12 px.
 */
export function BarChart({ bars, label, unit, height = 180 }: { bars: Bar[]; label: string; unit: string; height?: number }) {
  const id = useId();
  const [ref, measured] = useWidth<HTMLDivElement>();
  const width = Math.max(200, measured || 320);
  const x = scaleBand<string>()
    .domain(bars.map((b) => b.key))
    .range([pad.left, width - pad.right])
    .padding(0.25);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...bars.map((b) => b.value))])
    .nice()
    .range([height - pad.bottom, pad.top]);
  // Labels under every bar when they fit, else every n-th.
  const every = Math.max(1, Math.ceil(56 / Math.max(1, x.step())));
  const summary = `${label}: ${bars.map((b) => `${b.label} ${formatInt(b.value)} ${unit}`).join(', ')}.`;
  return (
    <figure className="m-0 min-w-0" ref={ref}>
      <svg width={width} height={height} className="block max-w-full" role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <title id={`${id}-t`}>{label}</title>
        <desc id={`${id}-d`}>{summary}</desc>
        <line x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} className="stroke-border" />
        {bars.map((b, i) => (
          <g key={b.key}>
            <rect x={x(b.key)} y={y(b.value)} width={x.bandwidth()} height={Math.max(0, y(0) - y(b.value))} rx={2} className="fill-accent" />
            <text x={(x(b.key) ?? 0) + x.bandwidth() / 2} y={y(b.value) - 4} textAnchor="middle" className="fill-fg text-xs tabular-nums">
              {formatInt(b.value)}
            </text>
            {i % every === 0 ? (
              <text x={(x(b.key) ?? 0) + x.bandwidth() / 2} y={height - 6} textAnchor="middle" className="fill-muted text-xs">
                {b.label}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
    </figure>
  );
}
