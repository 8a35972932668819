import { BalanceHistory, Lineage } from '../bff-history';
import { LedgerTaskParams } from '../bff-queries';
import { bffRoute } from './route';

/**
 * What the ledger keeps over time (route.ts says what an entry holds), in an area of its own: the
 * task page reads a task's lineage, the credits page the balance's history, the first page
 * neither (its reads of the ledger: ledger.ts).
 */

/** The tasks a task was made from and the tasks made from it. */
export const lineage = bffRoute({ method: 'GET', path: '/api/ledger/tasks/:id/lineage', params: LedgerTaskParams, answer: Lineage });
export const balanceHistory = bffRoute({ method: 'GET', path: '/api/ledger/gen3d/balance-history', answer: BalanceHistory });
