import { lazy, Suspense, useCallback } from 'react';
import type { LiveEvent } from '../../../contracts/bff';
import { useLiveEvent } from '../../lib/live';
import { announce, liveNotice, useNotices } from '../../lib/notices';

// The notices themselves load with the first one: none shows on a first page (the 130 KB budget, ARCHITECTURE.md).
const NoticeList = lazy(async () => ({ default: (await import('./notice-list')).NoticeList }));

/**
 * The console's one notice area (mounted once, in the shell), in a polite live region at the
 * bottom corner: what the features raise (a 3D task finished or failed) and what the BFF announces
 * on the live stream for any service (an extraction finished, a schedule could not run), on
 * whichever page the operator is; each also a browser notification when the operator allowed them.
 */
export function Notices() {
  const notices = useNotices();
  const onEvent = useCallback((e: LiveEvent) => {
    if (e.type === 'notice') announce(liveNotice(e.service, e.notice));
  }, []);
  useLiveEvent(onEvent);
  // The live region is on the page from the start, so what comes into it is read out.
  return (
    <div role="status" aria-live="polite" aria-label="Notices" className="pointer-events-none fixed bottom-3 right-3 z-40 flex w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-2">
      {notices.length > 0 ? (
        <Suspense fallback={null}>
          <NoticeList notices={notices} />
        </Suspense>
      ) : null}
    </div>
  );
}
