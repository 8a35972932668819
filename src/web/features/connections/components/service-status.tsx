import type { ReactNode } from 'react';
import { serviceLabels, type ServiceId } from '../../../../contracts/service-ids';
import { Badge } from '../../../components/ui/badge';
import { useServiceMode } from '../../../lib/connections';

/** A service's line in the shell: its name, sandbox or live, and its balance. */
export function ServiceStatus({ service, balance }: { service: ServiceId; balance: ReactNode }) {
  const mode = useServiceMode(service);
  return (
    <div className="flex items-center justify-between gap-2 text-sm" data-service={service}>
      <span className="font-medium">{serviceLabels[service]}</span>
      <span className="flex items-center gap-1.5">
        {mode ? <Badge tone={mode === 'live' ? 'success' : 'info'}>{mode === 'live' ? 'Live' : 'Sandbox'}</Badge> : null}
        <span className="font-mono text-xs tabular-nums text-muted">{balance}</span>
      </span>
    </div>
  );
}
