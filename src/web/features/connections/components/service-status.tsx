import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { serviceLabels, type ServiceId } from '../../../../contracts/service-ids';
import { Badge } from '../../../components/ui/badge';
import { connectionQueries } from '../api/queries';

/** A service's line in the shell: its name, sandbox or live, and its balance. */
export function ServiceStatus({ service, balance }: { service: ServiceId; balance: ReactNode }) {
  const connections = useQuery(connectionQueries.list());
  const mode = connections.data?.find((c) => c.service === service)?.mode;
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
