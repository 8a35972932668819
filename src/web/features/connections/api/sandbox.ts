import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SandboxCreditsBody } from '../../../../contracts/bff-bodies';
import * as sandboxRoutes from '../../../../contracts/bff-routes/sandbox';
import type { ServiceId } from '../../../../contracts/services';
import { bff } from '../../../lib/bff';

/** Sandbox controls: credits top-up / reset, and a service's sandbox reset. Never retried. */
export function useSandboxControls(service: ServiceId) {
  const qc = useQueryClient();
  // Balances arrive over the event stream; everything the service showed may have changed.
  const refresh = () => qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === service || (service === 'agentnet' && q.queryKey[0] === 'agents') });
  const credits = useMutation({
    mutationFn: (body: SandboxCreditsBody) => bff(sandboxRoutes.credits, { params: { service }, body }),
    retry: false,
    onSuccess: refresh,
  });
  const reset = useMutation({
    mutationFn: () => bff(sandboxRoutes.reset, { params: { service } }),
    retry: false,
    onSuccess: refresh,
  });
  return { credits, reset };
}
