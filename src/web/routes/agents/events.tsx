import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/shell/shell';
import { HookLog, HookSetup } from '../../features/agents/components/network/hook-log';
import { useActing } from '../../features/agents/hooks/use-acting';

export const Route = createFileRoute('/agents/events')({
  component: EventsPage,
});

function EventsPage() {
  const { actAs } = useActing();
  return (
    <>
      <PageHeader title="Subnet events" description="Signed deliveries of subnet and org events to the console's receivers, shown live as they arrive, verified or refused." />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-[minmax(0,1fr)_minmax(22rem,26rem)]">
        <HookLog />
        <HookSetup actAs={actAs} />
      </div>
    </>
  );
}
