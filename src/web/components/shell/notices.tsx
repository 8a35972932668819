import { Link, useLocation } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { LiveEvent } from '../../../contracts/bff';
import { cn } from '../../lib/cn';
import { useLiveEvent } from '../../lib/live';
import { announce, dismissNotice, liveNotice, useNotices } from '../../lib/notices';
import { Button } from '../ui/button';

const borders = { success: 'border-success', danger: 'border-danger', warning: 'border-warning', info: 'border-border' } as const;

/**
 * The console's one notice area (mounted once, in the shell), in a polite live region at the
 * bottom corner: what the features raise (a 3D task finished or failed) and what the BFF announces
 * on the live stream for any service (an extraction finished, a schedule could not run), on
 * whichever page the operator is; each also a browser notification when the operator allowed them.
 */
export function Notices() {
  const notices = useNotices();
  // A notice about the page on screen needs no link to it.
  const here = useLocation({ select: (l) => l.pathname });
  const onEvent = useCallback((e: LiveEvent) => {
    if (e.type === 'notice') announce(liveNotice(e.service, e.notice));
  }, []);
  useLiveEvent(onEvent);
  return (
    <div role="status" aria-live="polite" aria-label="Notices" className="pointer-events-none fixed bottom-3 right-3 z-40 flex w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-2">
      {notices.map((n) => (
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
      ))}
    </div>
  );
}
