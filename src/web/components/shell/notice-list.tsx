import { Link, useLocation } from '@tanstack/react-router';
import { cn } from '../../lib/cn';
import { dismissNotice, type ConsoleNotice } from '../../lib/notices';
import { Button } from '../ui/button';

const borders = { success: 'border-success', danger: 'border-danger', warning: 'border-warning', info: 'border-border' } as const;

/** The notices on screen, each with its link and its dismiss button (loaded with the first notice: notices.tsx). */
export function NoticeList({ notices }: { notices: ConsoleNotice[] }) {
  // A notice about the page on screen needs no link to it.
  const here = useLocation({ select: (l) => l.pathname });
  return notices.map((n) => (
    <div key={n.id} className={cn('pointer-events-auto flex items-start gap-3 rounded border bg-surface p-3 text-sm shadow-lg', borders[n.tone])} data-notice={n.tone}>
      <div className="min-w-0 flex-1">
        <p className="font-medium">{n.title}</p>
        <p className="line-clamp-3 break-words text-muted" title={n.body}>
          {n.body}
        </p>
        {n.link && n.link.to !== here ? (
          <Link to={n.link.to} className="text-accent underline" onClick={() => dismissNotice(n.id)}>
            {n.link.label}
          </Link>
        ) : null}
      </div>
      <Button size="sm" variant="ghost" onClick={() => dismissNotice(n.id)} aria-label={`Dismiss: ${n.title}`}>
        ×
      </Button>
    </div>
  ));
}
