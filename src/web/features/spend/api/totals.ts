import { queryOptions } from '@tanstack/react-query';
import { SpendTotals } from '../../../../contracts/bff';
import type { ServiceId } from '../../../../contracts/services';
import { api } from '../../../lib/api';

/**
 * A service's spend totals (key `['spend', 'totals', service]`, under `spendQueries.all()`). A
 * module of its own: the 3D queue's credits panel, on the first page, reads only this, not the
 * spend page's limits, days and writes.
 */
export const spendTotalsQuery = (service: ServiceId) =>
  queryOptions({ queryKey: ['spend', 'totals', service] as const, queryFn: ({ signal }) => api(`/api/spend/totals?service=${service}`, SpendTotals, { signal }) });
