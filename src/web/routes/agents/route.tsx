import { createFileRoute, Outlet } from '@tanstack/react-router';
import { actingFor } from '../../features/agents/api/shell-queries';
import { AgentsBar } from '../../features/agents/components/agents-bar';

export const Route = createFileRoute('/agents')({
  // Who the pages below read as (their loaders key their data by it).
  beforeLoad: async ({ context }) => ({ actAs: await actingFor(context.queryClient).catch(() => null) }),
  component: AgentsLayout,
});

function AgentsLayout() {
  return (
    <>
      <AgentsBar />
      <Outlet />
    </>
  );
}
