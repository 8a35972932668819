import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SandboxCreditsResponse, SandboxResetResponse, type SandboxCreditsBody } from '../../../../contracts/bff-bodies';
import type { ServiceId } from '../../../../contracts/services';
import { api } from '../../../lib/api';

/** Sandbox controls: credits top-up / reset, and a service's sandbox reset. Never retried. */
export function useSandboxControls(service: ServiceId) {
  const qc = useQueryClient();
  // Balances arrive over the event stream; everything the service showed may have changed.
  const refresh = () => qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === service || (service === 'agentnet' && q.queryKey[0] === 'agents') });
  const credits = useMutation({
    mutationFn: (body: SandboxCreditsBody) => api(`/api/sandbox/${service}/credits`, SandboxCreditsResponse, { method: 'POST', json: body }),
    retry: false,
    onSuccess: refresh,
  });
  const reset = useMutation({
    mutationFn: () => api(`/api/sandbox/${service}/reset`, SandboxResetResponse, { method: 'POST', json: {} }),
    retry: false,
    onSuccess: refresh,
  });
  return { credits, reset };
}
