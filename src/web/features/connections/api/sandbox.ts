import { useMutation, type MutationMeta } from '@tanstack/react-query';
import type { SandboxCreditsBody } from '../../../../contracts/bff-bodies';
import * as sandboxRoutes from '../../../../contracts/bff-routes/sandbox';
import type { ServiceId } from '../../../../contracts/services';
import { bff } from '../../../lib/bff';

/** Sandbox controls: credits top-up / reset, and a service's sandbox reset. Never retried. */
export function useSandboxControls(service: ServiceId) {
  // Balances arrive over the event stream; everything the service showed may have changed.
  const refresh: MutationMeta = { invalidates: [{ predicate: (q) => q.queryKey[0] === service || (service === 'agentnet' && q.queryKey[0] === 'agents') }] };
  const credits = useMutation({
    mutationFn: (body: SandboxCreditsBody) => bff(sandboxRoutes.credits, { params: { service }, body }),
    retry: false,
    meta: refresh,
  });
  const reset = useMutation({
    mutationFn: () => bff(sandboxRoutes.reset, { params: { service } }),
    retry: false,
    meta: refresh,
  });
  return { credits, reset };
}
