import type { LedgerTask } from '../../../../contracts/bff';
import { cn } from '../../../lib/cn';

/** The task's thumbnail (the console's own copy: the page may load no other host), or a placeholder naming its state. */
export function TaskThumb({ task, large = false }: { task: LedgerTask; large?: boolean }) {
  const src = task.task.thumbnail_url;
  // A path on the console itself: contracts/own-path.ts's rule, written here because that module
  // lives in the early-download chunk (which imports nothing), and importing it would load that
  // chunk with every first page.
  const url = src && src.startsWith('/') && !src.startsWith('//') ? src : null;
  return url ? (
    <img src={url} alt="" loading="lazy" className={cn('shrink-0 rounded border border-border bg-surface-2 object-cover', large ? 'size-24' : 'size-12')} />
  ) : (
    <div aria-hidden className={cn('grid shrink-0 place-items-center rounded border border-dashed border-border bg-surface-2 text-xs text-muted', large ? 'size-24' : 'size-12')}>
      {task.task.status === 'FAILED' ? '!' : '3D'}
    </div>
  );
}
