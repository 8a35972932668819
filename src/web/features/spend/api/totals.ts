import { queryOptions } from '@tanstack/react-query';
import * as spendTotalsRoutes from '../../../../contracts/bff-routes/spend-totals';
import type { ServiceId } from '../../../../contracts/services';
import { bff } from '../../../lib/bff';

/**
 * A service's spend totals (key `['spend', 'totals', service]`, under `spendQueries.all()`). A
 * module of its own: the 3D queue's credits panel, on the first page, reads only this, not the
 * spend page's limits, days and writes.
 */
export const spendTotalsQuery = (service: ServiceId) =>
  queryOptions({ queryKey: ['spend', 'totals', service] as const, queryFn: ({ signal }) => bff(spendTotalsRoutes.totals, { query: { service }, signal }) });
