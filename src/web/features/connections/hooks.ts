import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LiveEvent } from '../../../contracts/bff';
import { invalidateAfterEvent, useLiveEvent } from '../../lib/live';
import { connectionQueries } from '../../lib/connections';

/** Refreshes connections in every tab when one tab changes them. */
export function useConnectionsLive() {
  const qc = useQueryClient();
  const handler = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'connections' || event.type === 'hello') void invalidateAfterEvent(qc, { queryKey: connectionQueries.all() });
    },
    [qc],
  );
  useLiveEvent(handler);
}
