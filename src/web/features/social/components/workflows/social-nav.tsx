import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { LiveEvent } from '../../../../../contracts/bff';
import type { Notice } from '../../../../../contracts/social';
import type { z } from '../../../../../contracts/zod';
import { Alert } from '../../../../components/ui/alert';
import { Button, buttonClass } from '../../../../components/ui/button';
import { useLiveEvent } from '../../../../lib/live';
import { wfKeys } from '../../api/workflows';

const links = [
  { to: '/social', label: 'Search', exact: true },
  { to: '/social/people', label: 'People', exact: false },
  { to: '/social/trends', label: 'Trends', exact: false },
  { to: '/social/extractions', label: 'Extractions', exact: false },
  { to: '/social/draws', label: 'Draws', exact: false },
  { to: '/social/monitors', label: 'Monitors & events', exact: false },
  { to: '/social/webhooks', label: 'Webhooks', exact: false },
  { to: '/social/lookup', label: 'Lookup & radar', exact: false },
  { to: '/social/compose', label: 'Post & message', exact: false },
] as const;

/** The social pages' own navigation (wraps on a phone rather than scrolling sideways). */
export function SocialNav() {
  return (
    <nav aria-label="Social" className="border-b border-border bg-surface px-2 sm:px-4">
      <ul className="flex flex-wrap gap-x-1">
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              activeOptions={{ exact: l.exact }}
              className="inline-block border-b-2 border-transparent px-2 py-2 text-sm text-muted hover:text-fg"
              activeProps={{ className: '!border-accent !text-fg font-medium', 'aria-current': 'page' }}
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type SocialNotice = z.output<typeof Notice>;

/**
 * What the BFF says about the social workflows wherever the operator is (a job finished, a
 * schedule ran), and the lists that follow from it refreshed; deliveries the receiver got refresh
 * the events and delivery logs.
 */
export function SocialNotices() {
  const qc = useQueryClient();
  const [notice, setNotice] = useState<SocialNotice | null>(null);
  const handler = useCallback(
    (e: LiveEvent) => {
      if (e.type === 'notice' && e.service === 'social') {
        setNotice(e.notice);
        for (const key of [wfKeys.jobs(), wfKeys.tracked(), wfKeys.schedules()]) void qc.invalidateQueries({ queryKey: key });
      } else if (e.type === 'social.delivery') {
        for (const key of [wfKeys.events(), wfKeys.webhooks()]) void qc.invalidateQueries({ queryKey: key });
      } else if (e.type === 'hello') {
        void qc.invalidateQueries({ queryKey: wfKeys.all() });
      }
    },
    [qc],
  );
  useLiveEvent(handler);
  if (!notice) return null;
  const tone = notice.level === 'error' ? 'danger' : notice.level === 'warning' ? 'warning' : notice.level === 'success' ? 'success' : 'info';
  return (
    <div className="px-4 pt-3 sm:px-6">
      <Alert
        tone={tone}
        title={notice.title}
        action={
          <div className="flex gap-2">
            {notice.link ? (
              <Link to={notice.link} className={buttonClass('secondary', 'sm')} onClick={() => setNotice(null)}>
                Open
              </Link>
            ) : null}
            <Button size="sm" onClick={() => setNotice(null)}>
              Dismiss
            </Button>
          </div>
        }
      >
        {notice.message}
      </Alert>
    </div>
  );
}
