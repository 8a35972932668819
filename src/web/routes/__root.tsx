import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import { Shell } from '../components/shell/shell';
import { AgentsStatus } from '../features/agents/components/agents-status';
import { useAgentsLive } from '../features/agents/hooks/use-agents-live';
import { ServiceStatus } from '../features/connections/components/service-status';
import { useConnectionsLive } from '../features/connections/hooks';
import { Gen3dBalance } from '../features/gen3d/components/gen3d-balance';
import { useGen3dLive } from '../features/gen3d/hooks/use-gen3d-live';
import { SocialBalance } from '../features/social/components/social-balance';
import { useSocialLive } from '../features/social/hooks/use-social-live';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Root,
  notFoundComponent: () => (
    <div className="p-8">
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="mt-2 text-muted">
        There is nothing at this address.{' '}
        <Link to="/3d" className="text-accent underline">
          Go to the 3D tasks
        </Link>
      </p>
    </div>
  ),
});

function Root() {
  useGen3dLive();
  useConnectionsLive();
  useSocialLive();
  useAgentsLive();
  return (
    <Shell
      services={
        <>
          <ServiceStatus service="gen3d" balance={<Gen3dBalance />} />
          <ServiceStatus service="social" balance={<SocialBalance />} />
          <ServiceStatus service="agentnet" balance={<AgentsStatus />} />
        </>
      }
    >
      <Outlet />
    </Shell>
  );
}
