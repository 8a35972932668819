import { queryOptions } from '@tanstack/react-query';
import * as historyRoutes from '../../../../contracts/bff-routes/history';
import { bff } from '../../../lib/bff';
import { gen3dQueries } from './queries';

// Reads of the task and credits pages, apart from queries.ts (which the first page loads): their
// keys stay there, for the live hook that marks them stale.

/** The tasks a task was made from and the tasks made from it. */
export const lineageQuery = (id: string) => queryOptions({ queryKey: gen3dQueries.lineageKey(id), queryFn: ({ signal }) => bff(historyRoutes.lineage, { params: { id }, signal }) });

/** The credit balance over time. */
export const balanceHistoryQuery = () => queryOptions({ queryKey: gen3dQueries.balanceHistoryKey(), queryFn: ({ signal }) => bff(historyRoutes.balanceHistory, { signal }) });
