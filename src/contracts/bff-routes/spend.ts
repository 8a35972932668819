import { SpendTotals } from '../bff';
import { PutSpendLimitBody } from '../bff-bodies';
import { SpendTotalsQuery } from '../bff-queries';
import { Params } from '../query';
import { ServiceId } from '../service-ids';
import { SpendDaily, SpendDailyQuery, SpendLimit, SpendLimits, SpendWrites, SpendWritesQuery } from '../spend';
import { bffRoute } from './route';

/**
 * The spend ledger (route.ts says what an entry holds): limits per service and unit, spend per day
 * for a chart, totals and its rows. Figures count the current mode's writes.
 */

export const limits = bffRoute({ method: 'GET', path: '/api/spend/limits', kind: 'json', answer: SpendLimits });
/** A field left out keeps its limit; null removes it. `unit` defaults to the service's first (credits). */
export const setLimit = bffRoute({ method: 'PUT', path: '/api/spend/limits/:service', kind: 'json', params: Params({ service: ServiceId }), body: PutSpendLimitBody, answer: SpendLimit, refused: 'Nothing was saved' });
export const daily = bffRoute({ method: 'GET', path: '/api/spend/daily', kind: 'json', query: SpendDailyQuery, answer: SpendDaily });
export const totals = bffRoute({ method: 'GET', path: '/api/spend/totals', kind: 'json', query: SpendTotalsQuery, answer: SpendTotals });
export const writes = bffRoute({ method: 'GET', path: '/api/spend/writes', kind: 'json', query: SpendWritesQuery, answer: SpendWrites });
