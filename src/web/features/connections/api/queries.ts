import { queryOptions } from '@tanstack/react-query';
import { ConnectionsResponse } from '../../../../contracts/bff';
import { api } from '../../../lib/api';

export const connectionQueries = {
  all: () => ['connections'] as const,
  list: () =>
    queryOptions({
      queryKey: connectionQueries.all(),
      queryFn: ({ signal }) => api('/api/connections', ConnectionsResponse, { signal }).then((r) => r.connections),
    }),
};
