import { lazy, Suspense, useState } from 'react';
import { NotificationToggle } from '../../../components/shell/notification-toggle';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';

// The look, its lookup, what it found and the bringing in load on the first click: the queue page opens without them.
const loadLook = () => import('./service-tasks-look');
const ServiceTasksLook = lazy(async () => ({ default: (await loadLook()).ServiceTasksLook }));
const preload = () => void loadLook().catch(() => undefined);

/** Tasks the account created elsewhere (the service's list routes), compared with the ledger, and brought in on request. */
function ServiceTasksTool() {
  const [asked, setAsked] = useState(false);
  const intro = <p className="text-sm text-muted">Look through the service's task lists (the newest 50 of each type) for tasks this console did not create.</p>;
  const waiting = (
    <div className="flex flex-wrap items-center justify-between gap-2">
      {intro}
      <Button size="sm" disabled={asked} onClick={() => setAsked(true)} onPointerEnter={preload} onFocus={preload}>
        {asked ? 'Looking…' : 'Look for tasks created elsewhere'}
      </Button>
    </div>
  );
  return (
    <div className="flex flex-col gap-3">
      {asked ? (
        <Suspense fallback={waiting}>
          <ServiceTasksLook intro={intro} />
        </Suspense>
      ) : (
        waiting
      )}
    </div>
  );
}

/** Below the queue: browser notifications, and tasks created elsewhere. */
export function QueueTools() {
  return (
    <Panel title="Notices and other tasks" bodyClassName="flex flex-col gap-4">
      <NotificationToggle />
      <ServiceTasksTool />
    </Panel>
  );
}
