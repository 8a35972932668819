import { cn } from '../../lib/cn';

export function Spinner({ label, className }: { label: string; className?: string }) {
  return <span role="status" aria-label={label} className={cn('ui-spinner', className)} />;
}
