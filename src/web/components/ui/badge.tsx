import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  neutral: 'bg-surface-2 text-muted border-border',
  accent: 'bg-accent/10 text-accent border-accent/30',
  success: 'bg-success/10 text-success border-success/30',
  warning: 'bg-warning/10 text-warning border-warning/30',
  danger: 'bg-danger/10 text-danger border-danger/30',
  info: 'bg-info/10 text-info border-info/30',
} as const;
export type Tone = keyof typeof tones;

export function Badge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: Tone }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-sm border px-1.5 py-px text-xs font-medium', tones[tone], className)}
      {...props}
    />
  );
}
