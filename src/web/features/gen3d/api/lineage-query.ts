import { queryOptions } from '@tanstack/react-query';
import { Lineage } from '../../../../contracts/bff';
import { api } from '../../../lib/api';
import { gen3dQueries } from './queries';

/** A task's lineage: the tasks it was made from and the tasks made from it. */
export const lineageQuery = (id: string) =>
  queryOptions({
    queryKey: [...gen3dQueries.all(), 'tasks', id, 'lineage'] as const,
    queryFn: ({ signal }) => api(`/api/ledger/tasks/${encodeURIComponent(id)}/lineage`, Lineage, { signal }),
  });
