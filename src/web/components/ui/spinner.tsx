import { cn } from '../../lib/cn';

export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-block size-4 animate-spin rounded-full border-2 border-border border-t-accent', className)} />
  );
}
