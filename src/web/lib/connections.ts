import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectionMode } from '../../contracts/bff';
import * as shellRoutes from '../../contracts/bff-routes/shell';
import type { ServiceId } from '../../contracts/service-ids';
import { bff } from './bff';

/**
 * The console's connections (one per service: sandbox or live, and the key's hint). Shared: the
 * shell shows each service's mode, the connections page edits them, and the features word what an
 * action does by the mode it runs in.
 */
export const connectionQueries = {
  all: () => ['connections'] as const,
  list: () =>
    queryOptions({
      queryKey: connectionQueries.all(),
      queryFn: ({ signal }) => bff(shellRoutes.connections, { signal }).then((r) => r.connections),
    }),
};

/** Whether `service` runs on the embedded sandbox or the live service; undefined until known. */
export function useServiceMode(service: ServiceId): ConnectionMode | undefined {
  return useQuery({ ...connectionQueries.list(), select: (list) => list.find((c) => c.service === service)?.mode }).data;
}
