import { createFileRoute } from '@tanstack/react-router';
import { z } from '../../../contracts/zod';
import { PageHeader } from '../../components/shell/shell';
import { Panel } from '../../components/ui/card';
import { wfQueries } from '../../features/social/api/workflows';
import { EventLog, LiveFeed } from '../../features/social/components/workflows/events-panel';
import { MonitorForm } from '../../features/social/components/workflows/monitor-form';
import { MonitorList } from '../../features/social/components/workflows/monitor-list';
import { textParam } from '../../lib/search-params';

const Search = z.object({ monitor: textParam(64), event: textParam(40) });

export const Route = createFileRoute('/social/monitors')({
  validateSearch: (search) => Search.parse(search),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(wfQueries.monitors());
    void context.queryClient.prefetchInfiniteQuery(wfQueries.received());
  },
  component: MonitorsPage,
});

function MonitorsPage() {
  const { monitor, event } = Route.useSearch();
  const navigate = Route.useNavigate();
  const setFilter = (f: { monitor?: string | undefined; type?: string | undefined }) => void navigate({ search: { monitor: f.monitor, event: f.type }, replace: true });
  return (
    <>
      <PageHeader title="Monitors and events" description="Watch accounts and keywords; their events are logged by the service and, through a webhook to this console, arrive here live." />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
          <Panel title="New monitor">
            <MonitorForm />
          </Panel>
          <Panel title="Monitors" flush>
            <MonitorList onEvents={(m) => setFilter({ monitor: m.id, type: event })} />
          </Panel>
        </div>
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
          <Panel title="Live feed" flush>
            <LiveFeed />
          </Panel>
          <Panel title="Event log" flush>
            <EventLog filter={{ monitor, type: event }} onFilter={setFilter} />
          </Panel>
        </div>
      </div>
    </>
  );
}
