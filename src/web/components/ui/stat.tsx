import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A labelled figure in a definition list. */
export function Stat({ label, value, className, mono = true }: { label: string; value: ReactNode; className?: string; mono?: boolean }) {
  return (
    <div className={cn('flex min-w-0 flex-col', className)}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={cn('text-base tabular-nums', mono && 'font-mono')}>{value}</dd>
    </div>
  );
}
