import { LedgerChanges, LedgerPage, LedgerSummary, LedgerTask } from '../bff';
import { LedgerChangesQuery, LedgerQuery, LedgerSummaryQuery, LedgerTaskParams } from '../bff-queries';
import { bffRoute } from './route';

/** The console's task ledger (route.ts says what an entry holds): pages, changes, counts, one task (a task's lineage and the balance's history: history.ts). */

/** Newest first, a page at a time (LedgerQuery); a cursor the console did not give is refused. */
export const tasks = bffRoute({ method: 'GET', path: '/api/ledger/tasks', query: LedgerQuery, answer: LedgerPage });
/** Tasks changed after `since`, oldest change first, to patch pages held. */
export const changes = bffRoute({ method: 'GET', path: '/api/ledger/changes', query: LedgerChangesQuery, answer: LedgerChanges });
export const summary = bffRoute({ method: 'GET', path: '/api/ledger/summary', query: LedgerSummaryQuery, answer: LedgerSummary });
/** One 3D task, whole (with its files' archive states and the service's model URL). */
export const task = bffRoute({ method: 'GET', path: '/api/ledger/gen3d/tasks/:id', params: LedgerTaskParams, answer: LedgerTask });
