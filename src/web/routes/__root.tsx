import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Notices } from '../components/shell/notices';
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
      <Notices />
    </Shell>
  );
}
