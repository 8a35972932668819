import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A labelled figure in a definition list. */
export function Stat({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col', className)}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-mono text-base tabular-nums">{value}</dd>
    </div>
  );
}
