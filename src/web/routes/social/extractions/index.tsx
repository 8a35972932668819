import { createFileRoute } from '@tanstack/react-router';
import { jobStatuses } from '../../../../contracts/social/job-statuses';
import { asToolType } from '../../../../contracts/social/tool-names';
import { z } from '../../../../contracts/zod';
import { NotificationToggle } from '../../../components/shell/notification-toggle';
import { PageHeader } from '../../../components/shell/shell';
import { Panel } from '../../../components/ui/card';
import { wfQueries } from '../../../features/social/api/workflows';
import { ExtractionForm } from '../../../features/social/components/workflows/extraction-form';
import { JobList } from '../../../features/social/components/workflows/job-list';
import { ScheduleList } from '../../../features/social/components/workflows/schedule-list';

const Search = z.object({
  jobStatus: z.catch(z.optional(z.enum(jobStatuses)), undefined),
  // Its shape here; which tools there are, where it is used (asToolType): the list stays off the first page.
  tool: z.catch(z.optional(z.string().check(z.regex(/^[a-z_]{1,40}$/))), undefined),
});

export const Route = createFileRoute('/social/extractions/')({
  validateSearch: (search) => Search.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(wfQueries.jobs({ status: deps.jobStatus, toolType: asToolType(deps.tool) }));
    void context.queryClient.prefetchQuery(wfQueries.schedules());
  },
  component: ExtractionsPage,
});

function ExtractionsPage() {
  const { jobStatus, tool } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader title="Extractions" description="Collect followers, replies, likers, members or search results in bulk: estimate the cost, run, then sort, filter and export the rows." />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <Panel title="New extraction">
          <ExtractionForm />
        </Panel>
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
          <Panel title="Jobs" flush>
            <JobList filter={{ status: jobStatus, toolType: asToolType(tool) }} onFilter={(f) => void navigate({ search: { jobStatus: f.status, tool: f.toolType }, replace: true })} />
          </Panel>
          <Panel title="Schedules" flush>
            <ScheduleList />
          </Panel>
          <Panel title="Notices">
            <NotificationToggle />
          </Panel>
        </div>
      </div>
    </>
  );
}
