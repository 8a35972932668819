import { SpendTotals } from '../bff';
import { SpendTotalsQuery } from '../bff-queries';
import { bffRoute } from './route';

/**
 * A service's spend totals (route.ts says what an entry holds), in an area of its own: the 3D
 * queue, the first page, reads it, and none of the spend page's other routes.
 */
export const totals = bffRoute({ method: 'GET', path: '/api/spend/totals', query: SpendTotalsQuery, answer: SpendTotals });
