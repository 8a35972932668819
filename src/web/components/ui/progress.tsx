import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import type { Tone } from './badge';

const fills: Record<Tone, string> = {
  neutral: 'bg-muted',
  accent: 'bg-accent',
  success: 'bg-success',
  warning: 'bg-warning',
  danger: 'bg-danger',
  info: 'bg-info',
};

/** A labelled progress bar; `value` null draws an indeterminate bar. */
export function Progress({
  value,
  label,
  tone = 'accent',
  className,
  ...props
}: ComponentProps<'div'> & { value: number | null; label: string; tone?: Tone }) {
  const pct = value === null ? null : Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct ?? undefined}
      className={cn('ui-progress', className)}
      {...props}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-500', fills[tone], pct === null && 'w-1/3 animate-pulse')}
        style={pct === null ? undefined : { width: `${pct}%` }}
      />
    </div>
  );
}
