import { Link } from '@tanstack/react-router';
import { dismissNotice, useNotices } from '../../lib/notices';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';

/** The console's notices (a task finished or failed), in a polite live region at the bottom corner. */
export function Notices() {
  const notices = useNotices();
  return (
    <div role="status" aria-live="polite" aria-label="Notices" className="pointer-events-none fixed bottom-3 right-3 z-40 flex w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-2">
      {notices.map((n) => (
        <div
          key={n.id}
          className={cn(
            'pointer-events-auto flex items-start gap-3 rounded border bg-surface p-3 text-sm shadow-lg',
            n.tone === 'success' ? 'border-success' : n.tone === 'danger' ? 'border-danger' : 'border-border',
          )}
          data-notice={n.tone}
        >
          <div className="min-w-0 flex-1">
            <p className="font-medium">{n.title}</p>
            <p className="line-clamp-3 break-words text-muted" title={n.body}>
              {n.body}
            </p>
            {n.taskId ? (
              <Link to="/3d/tasks/$taskId" params={{ taskId: n.taskId }} className="text-accent underline" onClick={() => dismissNotice(n.id)}>
                Open the task
              </Link>
            ) : null}
          </div>
          <Button size="sm" variant="ghost" onClick={() => dismissNotice(n.id)} aria-label={`Dismiss: ${n.title}`}>
            ×
          </Button>
        </div>
      ))}
    </div>
  );
}
