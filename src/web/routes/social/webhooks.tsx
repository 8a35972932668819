import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/shell/shell';
import { Panel } from '../../components/ui/card';
import { wfQueries } from '../../features/social/api/workflows';
import { LiveFeed } from '../../features/social/components/workflows/events-panel';
import { WebhookForm } from '../../features/social/components/workflows/webhook-form';
import { WebhookList } from '../../features/social/components/workflows/webhook-list';

export const Route = createFileRoute('/social/webhooks')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(wfQueries.webhooks()),
  component: WebhooksPage,
});

function WebhooksPage() {
  return (
    <>
      <PageHeader title="Webhooks" description="Signed deliveries of monitor events: to this console, which verifies each one, or to a URL of yours." />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
          <Panel title="New webhook">
            <WebhookForm />
          </Panel>
          <Panel title="Webhooks" flush>
            <WebhookList />
          </Panel>
        </div>
        <Panel title="Received by this console" flush>
          <LiveFeed />
        </Panel>
      </div>
    </>
  );
}
