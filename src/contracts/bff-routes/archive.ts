import { ArchiveUsage, ImportTasksBody, ImportTasksResult, PutArchiveSettings, RemovedFiles } from '../bff-bodies';
import { Params, Query } from '../query';
import { z } from '../zod';
import { bffRoute } from './route';

/** The archive of 3D task files (route.ts says what an entry holds): its use and retention, a task's copies, its files, tasks brought in. */

/** The archive's disk use, its settings, and how many files are in each state. */
export const usage = bffRoute({ method: 'GET', path: '/api/ledger/gen3d/archive', answer: ArchiveUsage });
export const setRetention = bffRoute({ role: 'admin', method: 'PUT', path: '/api/ledger/gen3d/archive', body: PutArchiveSettings, answer: ArchiveUsage, refused: 'Nothing was saved' });
/** Deletes a task's local copies; downloads then come from the service while it keeps them. */
export const removeCopies = bffRoute({ method: 'DELETE', path: '/api/ledger/gen3d/tasks/:id/files', params: Params({ id: z.string() }), answer: RemovedFiles });
/** Brings in tasks the account made elsewhere: read from the service, recorded as imported (no spend), watched and archived. */
export const importTasks = bffRoute({ method: 'POST', path: '/api/ledger/gen3d/import', body: ImportTasksBody, answer: ImportTasksResult, refused: 'Nothing was brought in' });
/**
 * A task's output file (the archived copy, else the service's), under a name the server gives it;
 * `download` (any value) makes it an attachment. Task records carry these URLs (archive/assets.ts).
 */
export const file = bffRoute({
  method: 'GET',
  path: '/api/files/gen3d/:taskId/:key',
  kind: 'file',
  params: Params({ taskId: z.string(), key: z.string() }),
  query: Query({ download: z.optional(z.string()) }),
});
