import { PutSpendLimitBody } from '../bff-bodies';
import { ServiceParams } from '../bff-queries';
import { SpendDaily, SpendDailyQuery, SpendLimit, SpendLimits, SpendWrites, SpendWritesQuery } from '../spend';
import { bffRoute } from './route';

/**
 * The spend page (route.ts says what an entry holds): limits per service and unit, spend per day
 * for a chart and the ledger's rows (the totals, which the 3D queue reads too: spend-totals.ts).
 * Figures count the current mode's writes.
 */

export const limits = bffRoute({ method: 'GET', path: '/api/spend/limits', answer: SpendLimits });
/** A field left out keeps its limit; null removes it. `unit` defaults to the service's first (credits). */
export const setLimit = bffRoute({ role: 'admin', method: 'PUT', path: '/api/spend/limits/:service', params: ServiceParams, body: PutSpendLimitBody, answer: SpendLimit, refused: 'Nothing was saved' });
export const daily = bffRoute({ method: 'GET', path: '/api/spend/daily', query: SpendDailyQuery, answer: SpendDaily });
export const writes = bffRoute({ method: 'GET', path: '/api/spend/writes', query: SpendWritesQuery, answer: SpendWrites });
